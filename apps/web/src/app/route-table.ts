import { type PageKey, ROUTES, type RouteDef, TABS_PREFIX } from '@fleet/shared';

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
