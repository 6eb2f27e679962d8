import { describe, expect, it } from 'vitest';
import { LANDING, resolvePath, ROUTES } from './routes.ts';

const pageOf = (p: string) => {
  const r = resolvePath(p);
  return r.kind === 'page' ? r.route.page : `-> ${r.to}`;
};

describe('route table (spec section 2)', () => {
  it.each([
    ['/', '-> /login'],
    ['', '-> /login'],
    ['/userselect', '-> /login'],
    ['/tabs/tabs/userselect', '-> /login'],
    ['/login', 'login'],
    ['/driver', 'driver'],
    ['/tabsafafsd/driver', 'driver'],
    ['/fleet', 'fleet'],
    ['/tabs/tabs/fleet/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', 'fleet'],
    ['/fleet/3/17', 'fleet'],
    ['/fleetfmsv', 'fleetfmsv'],
    ['/fleetfmsv/5', 'fleetfmsv'],
    ['/fleetnavigator/reset', 'fleetnavigator'],
    ['/fmsv2explorer/12', 'fmsv2explorer'],
    ['/debug/12', 'debug'],
    ['/config', 'config'],
    ['/config/units/4/edit', 'config'],
    ['/alerts/panic', 'alerts'],
    ['/alerts/panic/9', 'alerts'],
    ['/tracksectimesheets/WC12', 'tracksectimesheets'],
    ['/dashboard', 'dashboard'],
    ['/dashboard/panic', 'dashboard'],
    ['/suoperadmin', 'suoperadmin'],
    ['/superadmin', 'superadmin'],
    ['/mobileconfig', 'mobileconfig'],
    ['/tabs/tabs/mobileconfig', 'mobileconfig'],
    ['/nonsense', '-> /login'],
    ['/fmsv2explorer', '-> /login'],
    ['/debug', '-> /login'],
    ['/alerts', '-> /login'],
    ['/config/a/b/c/d', '-> /login'],
    ['/tabs/tabs/dashboard?x=1', 'dashboard'],
  ])('%s resolves to %s', (path, expected) => {
    expect(pageOf(path)).toBe(expected);
  });

  it('opens the login page in reset mode for resetpassword/{email}/{guid}', () => {
    const r = resolvePath('/resetpassword/ops%40example.com/abc123');
    expect(r).toMatchObject({ kind: 'page', route: { page: 'login', resetMode: true }, params: { email: 'ops@example.com', guid: 'abc123' } });
  });

  it('has every one-page route of the spec', () => {
    const pages = new Set(ROUTES.map((r) => r.page));
    for (const p of ['driverlogin', 'drivertabs', 'editfault', 'popper', 'tabs', 'vcl', 'map', 'msg', 'signoff', 'units',
      'startup', 'unitcheck', 'changepassword', 'activity', 'activitymap', 'vclviewer', 'vehicleselection', 'fuelmonitor',
      'assets', 'mobileconfig', 'navigatorconfig', 'reporting', 'scheduledreport', 'fleetconfig', 'amazondatarequest',
      'tracksectimesheetsignoff']) {
      expect(pages.has(p as never), p).toBe(true);
    }
  });

  it('names the landing points', () => {
    expect(LANDING.afterLogout).toBe('/tabs/tabs/popper');
    expect(LANDING.afterTokenError).toBe('/');
    expect(LANDING.afterPick('u-1')).toBe('/tabs/tabs/fleet/u-1');
  });
});
