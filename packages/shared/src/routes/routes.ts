/**
 * The spec's route table (section 2). Every page is served at `/<path>` and at
 * `/tabs/tabs/<path>`; the web app builds its router from this list.
 */
export type PageKey =
  | 'login' | 'driver' | 'driverlogin' | 'drivertabs' | 'editfault' | 'popper' | 'tabs' | 'vcl' | 'map'
  | 'msg' | 'signoff' | 'units' | 'startup' | 'unitcheck' | 'changepassword' | 'activity' | 'activitymap'
  | 'vclviewer' | 'vehicleselection' | 'fuelmonitor' | 'assets' | 'mobileconfig' | 'navigatorconfig'
  | 'reporting' | 'scheduledreport' | 'fleetconfig' | 'amazondatarequest' | 'tracksectimesheetsignoff'
  | 'fleet' | 'suoperadmin' | 'superadmin' | 'fleetfmsv' | 'fleetnavigator' | 'fmsv2explorer' | 'debug'
  | 'config' | 'alerts' | 'tracksectimesheets' | 'dashboard';

export interface RouteDef {
  /** Path pattern without a leading slash; `:name` is a parameter. */
  pattern: string;
  page: PageKey;
  /** Set on the reset-password entry: the login page opens in reset mode. */
  resetMode?: boolean;
}

const single: PageKey[] = [
  'driverlogin', 'drivertabs', 'editfault', 'popper', 'tabs', 'vcl', 'map', 'msg', 'signoff', 'units',
  'startup', 'unitcheck', 'changepassword', 'activity', 'activitymap', 'vclviewer', 'vehicleselection',
  'fuelmonitor', 'assets', 'mobileconfig', 'navigatorconfig', 'reporting', 'scheduledreport', 'fleetconfig',
  'amazondatarequest', 'tracksectimesheetsignoff', 'suoperadmin', 'superadmin',
];

export const ROUTES: readonly RouteDef[] = [
  { pattern: 'login', page: 'login' },
  { pattern: 'resetpassword/:email/:guid', page: 'login', resetMode: true },
  { pattern: 'driver', page: 'driver' },
  { pattern: 'tabsafafsd/driver', page: 'driver' },
  ...single.map((page) => ({ pattern: page, page })),
  { pattern: 'fleet', page: 'fleet' },
  { pattern: 'fleet/:uuid', page: 'fleet' },
  { pattern: 'fleet/:aid/:uid', page: 'fleet' },
  { pattern: 'fleetfmsv', page: 'fleetfmsv' },
  { pattern: 'fleetfmsv/:mid', page: 'fleetfmsv' },
  { pattern: 'fleetnavigator', page: 'fleetnavigator' },
  { pattern: 'fleetnavigator/:reset', page: 'fleetnavigator' },
  { pattern: 'fmsv2explorer/:uid', page: 'fmsv2explorer' },
  { pattern: 'debug/:uid', page: 'debug' },
  { pattern: 'config', page: 'config' },
  { pattern: 'config/:list', page: 'config' },
  { pattern: 'config/:list/:id', page: 'config' },
  { pattern: 'config/:list/:id/:mode', page: 'config' },
  { pattern: 'alerts/:list', page: 'alerts' },
  { pattern: 'alerts/:list/:id', page: 'alerts' },
  { pattern: 'tracksectimesheets', page: 'tracksectimesheets' },
  { pattern: 'tracksectimesheets/:wcnumber', page: 'tracksectimesheets' },
  { pattern: 'dashboard', page: 'dashboard' },
  { pattern: 'dashboard/:jump', page: 'dashboard' },
];

/** Paths that only redirect to the login page. */
export const LOGIN_REDIRECTS = ['', 'userselect'] as const;
export const TABS_PREFIX = '/tabs/tabs';

export type Resolution =
  | { kind: 'page'; route: RouteDef; params: Record<string, string> }
  | { kind: 'redirect'; to: string };

/** Resolves a browser path the way the old client's router did, without its mobileconfig bug. */
export function resolvePath(pathname: string): Resolution {
  let path = pathname.split(/[?#]/)[0] ?? '';
  if (path === TABS_PREFIX || path.startsWith(`${TABS_PREFIX}/`)) path = path.slice(TABS_PREFIX.length);
  const segments = path.split('/').filter((s) => s !== '');
  const joined = segments.join('/');
  if ((LOGIN_REDIRECTS as readonly string[]).includes(joined)) return { kind: 'redirect', to: '/login' };
  for (const route of ROUTES) {
    const params = matchPattern(route.pattern, segments);
    if (params) return { kind: 'page', route, params };
  }
  return { kind: 'redirect', to: '/login' };
}

function matchPattern(pattern: string, segments: string[]): Record<string, string> | null {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const seg = segments[i] as string;
    if (part.startsWith(':')) params[part.slice(1)] = safeDecode(seg);
    else if (part !== seg) return null;
  }
  return params;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Landing points named by the spec. */
export const LANDING = {
  afterLogout: '/tabs/tabs/popper',
  afterTokenError: '/',
  afterPick: (uuid: string) => `/tabs/tabs/fleet/${uuid}`,
} as const;
