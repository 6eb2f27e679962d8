import { type PageKey, ROUTES, type RouteDef, TABS_PREFIX } from '@fleet/shared/routes/routes';

/**
 * public: never inside the shell; optional: shell when signed in; session: sign-in needed; admin: isAdmin too;
 * driver: driver mode (issue 11) — a driver signed in on a cab device, never a user session;
 * driverentry: the driver's sign-in on a cab device (works signed out, no shell);
 * either: both modes (msg): a driver's page in driver mode, a user page in the shell otherwise;
 * tracksec: signed in with the session's tracksec flag (timesheets, issue 14).
 */
export type RouteAccess = 'public' | 'optional' | 'session' | 'admin' | 'driver' | 'driverentry' | 'either' | 'tracksec';

const ACCESS: Partial<Record<PageKey, RouteAccess>> = {
  login: 'public',
  popper: 'public',
  mobileconfig: 'optional',
  driverlogin: 'driverentry',
  driver: 'driver',
  drivertabs: 'driver',
  tabs: 'driver',
  startup: 'driver',
  vehicleselection: 'driver',
  map: 'driver',
  // The driver's other pages (check list, vehicle, messages): their pages come with their own helpers.
  vcl: 'driver',
  editfault: 'driver',
  signoff: 'driver',
  unitcheck: 'driver',
  units: 'driver',
  // One page key for both sides of a conversation: the page picks by the session.
  msg: 'either',
  superadmin: 'admin',
  suoperadmin: 'admin',
  config: 'admin',
  tracksectimesheets: 'tracksec',
  tracksectimesheetsignoff: 'tracksec',
  amazondatarequest: 'admin',
  fleetconfig: 'admin',
  navigatorconfig: 'admin',
};

/**
 * The spec pages that have their own page module (app/page-modules.ts maps each to its loader); every
 * other page shows the shared 'not available yet' page. Kept here, free of imports, so the browser
 * tests can tell real pages from that placeholder (e2e/accessibility.e2e.test.ts).
 */
export const BUILT_PAGES = [
  'login', 'popper', 'changepassword', 'fleet', 'config', 'debug', 'dashboard', 'alerts', 'superadmin', 'suoperadmin', 'msg',
  'driver', 'driverlogin', 'vehicleselection', 'drivertabs', 'tabs', 'startup', 'map',
  'vcl', 'editfault', 'signoff', 'unitcheck', 'units',
  'vclviewer',
  'activity',
  'activitymap',
  'reporting',
  'tracksectimesheets',
  'tracksectimesheetsignoff',
  'amazondatarequest',
  'scheduledreport',
  'fleetconfig',
  'navigatorconfig',
  'mobileconfig',
  'assets',
  'fleetnavigator',
  'fleetfmsv',
  'fuelmonitor',
  'fmsv2explorer',
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
