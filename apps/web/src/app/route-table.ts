import { type PageKey, ROUTES, type RouteDef, TABS_PREFIX } from '@fleet/shared/routes/routes';

/** public: never inside the shell; optional: shell when signed in; session: sign-in needed; admin: isAdmin too. */
export type RouteAccess = 'public' | 'optional' | 'session' | 'admin';

const ACCESS: Partial<Record<PageKey, RouteAccess>> = {
  login: 'public',
  popper: 'public',
  mobileconfig: 'optional',
  driverlogin: 'optional',
  superadmin: 'admin',
  suoperadmin: 'admin',
  config: 'admin',
};

/**
 * The spec pages that have their own page module (app/page-modules.ts maps each to its loader); every
 * other page shows the shared 'not available yet' page. Kept here, free of imports, so the browser
 * tests can tell real pages from that placeholder (e2e/accessibility.e2e.test.ts).
 */
export const BUILT_PAGES = [
  'login', 'popper', 'changepassword', 'fleet', 'config', 'debug', 'dashboard', 'alerts', 'superadmin', 'suoperadmin',
] as const satisfies readonly PageKey[];
export type BuiltPage = (typeof BUILT_PAGES)[number];

export function isBuiltPage(page: PageKey): page is BuiltPage {
  return (BUILT_PAGES as readonly PageKey[]).includes(page);
}

export function accessOf(page: PageKey): RouteAccess {
  return ACCESS[page] ?? 'session';
}

export interface AppRoute {
  path: string;
  def: RouteDef;
  access: RouteAccess;
}

/** Every spec route, mounted at '/<pattern>' and at '/tabs/tabs/<pattern>'. */
export function appRoutes(): AppRoute[] {
  return ROUTES.flatMap((def) =>
    [`/${def.pattern}`, `${TABS_PREFIX}/${def.pattern}`].map((path) => ({
      path,
      def,
      access: accessOf(def.page),
    })),
  );
}

/** Paths that only redirect to /login (the catch-all covers everything else). */
export const LOGIN_REDIRECT_PATHS = ['/', '/userselect', TABS_PREFIX, `${TABS_PREFIX}/userselect`];
