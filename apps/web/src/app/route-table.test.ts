import { resolvePath } from '@fleet/shared';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accessOf, appRoutes, LOGIN_REDIRECT_PATHS } from './route-table.ts';

// The router is built from appRoutes(); it must agree with the shared resolvePath on every path.
const routes: Array<{ path: string; id: string; handle?: { page: string } }> = [
  ...appRoutes().map((r) => ({ path: r.path, id: r.path, handle: r.def })),
  ...LOGIN_REDIRECT_PATHS.map((path) => ({ path, id: `redirect:${path}` })),
  { path: '*', id: 'catch-all' },
];

function routerResolves(pathname: string): string {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const id = match?.route.id ?? 'catch-all';
  if (id.startsWith('redirect:') || id === 'catch-all') return 'redirect:/login';
  return `page:${match?.route.handle?.page}`;
}

function sharedResolves(pathname: string): string {
  const r = resolvePath(pathname);
  return r.kind === 'redirect' ? `redirect:${r.to}` : `page:${r.route.page}`;
}

describe('router table', () => {
  it.each([
    '/',
    '/login',
    '/userselect',
    '/nonsense',
    '/tabs/tabs',
    '/tabs/tabs/userselect',
    '/tabs/tabs/dashboard',
    '/dashboard/jump1',
    '/mobileconfig',
    '/tabs/tabs/mobileconfig',
    '/resetpassword/a%40b.test/guid-1',
    '/tabs/tabs/fleet/uuid-1',
    '/tabs/tabs/fleet/12/34',
    '/fleet/1/2/3',
    '/config/outbox',
    '/config/a/b/c',
    '/config/a/b/c/d',
    '/alerts',
    '/alerts/zone',
    '/tabsafafsd/driver',
    '/tabs',
    '/tabs/tabs/tabs',
    '/debug',
    '/debug/77',
    '/fmsv2explorer/9',
    '/suoperadmin',
    '/tabs/tabs/popper',
  ])('%s resolves as the shared route table says', (path) => {
    expect(routerResolves(path)).toBe(sharedResolves(path));
  });

  it('mounts every route at both prefixes', () => {
    const paths = new Set(appRoutes().map((r) => r.path));
    expect(paths.has('/fleet')).toBe(true);
    expect(paths.has('/tabs/tabs/fleet')).toBe(true);
  });

  it('guards the admin pages and leaves login, popper and mobileconfig open', () => {
    expect(['superadmin', 'suoperadmin', 'config'].map((p) => accessOf(p as 'config'))).toEqual([
      'admin',
      'admin',
      'admin',
    ]);
    expect(accessOf('login')).toBe('public');
    expect(accessOf('popper')).toBe('public');
    expect(accessOf('mobileconfig')).toBe('optional');
    expect(accessOf('fleet')).toBe('session');
  });

  it('puts the driver pages in driver mode, the driver sign-in outside any shell', () => {
    for (const page of ['driver', 'drivertabs', 'tabs', 'startup', 'vehicleselection', 'map', 'vcl', 'unitcheck'] as const) {
      expect(accessOf(page), page).toBe('driver');
    }
    expect(accessOf('driverlogin')).toBe('driverentry');
    // Messages: one page for the office and the cab (it picks its side by the session).
    expect(accessOf('msg')).toBe('either');
  });
});
