import { describe, expect, it } from 'vitest';
import { buildMenu, defaultMenu } from './menus.ts';

describe('menus', () => {
  it('suffixes rnid links with the route uuid and keeps the original in olink', () => {
    const menu = buildMenu(null, 2, 'uuid-1');
    const fleet = menu.find((m) => m.rnid === 1);
    expect(fleet).toMatchObject({ link: '/tabs/tabs/fleet/uuid-1', olink: '/tabs/tabs/fleet' });
    expect(menu.filter((m) => m.rnid !== 1).every((m) => !m.link.includes('uuid-1'))).toBe(true);
  });

  it('gives each role its menu; administrators get the outbox and data requests, only super administrators the super admin page', () => {
    const links = (t: number | null) => defaultMenu(t).map((m) => m.link);
    expect(links(2)).not.toContain('/tabs/tabs/config/outbox');
    expect(links(1)).toContain('/tabs/tabs/config/outbox');
    expect(links(1)).toContain('/tabs/tabs/amazondatarequest');
    expect(links(2)).not.toContain('/tabs/tabs/amazondatarequest');
    expect(links(1)).not.toContain('/tabs/tabs/superadmin');
    expect(links(0)).toContain('/tabs/tabs/superadmin');
    expect(links(null)).toEqual(links(2));
  });

  it("uses the user's own menu when it is well formed, else the role's", () => {
    const own = [{ name: 'Only', icon: 'map', link: '/tabs/tabs/dashboard' }];
    expect(buildMenu(own, 2, 'u')).toEqual(own);
    expect(buildMenu([{ bad: true }], 2, 'u')).toEqual(buildMenu(null, 2, 'u'));
  });

  it('shows the Tracksec pages (timesheets) only to users holding Tracksec, in the role menu and their own', () => {
    const links = (tracksec: boolean) => buildMenu(null, 2, 'u', tracksec).map((m) => m.link);
    expect(links(true)).toContain('/tabs/tabs/tracksectimesheets');
    expect(links(false)).not.toContain('/tabs/tabs/tracksectimesheets');
    expect(links(false)).toContain('/tabs/tabs/reporting');
    const own = [{ name: 'Sign-off', icon: 'clock', link: '/tracksectimesheetsignoff?x=1' }, { name: 'Fleet', icon: 'map', link: '/tabs/tabs/fleet' }];
    expect(buildMenu(own, 2, 'u', false).map((m) => m.name)).toEqual(['Fleet']);
  });

  it("gives an operator without a menu of their own only the entries their site keeps (issue 15); others are untouched", () => {
    const site = ['/tabs/tabs/fleet', '/tabs/tabs/reporting', '/tabs/tabs/timesheets-not-an-entry'];
    expect(buildMenu(null, 2, 'u', true, site).map((m) => m.olink ?? m.link)).toEqual(['/tabs/tabs/fleet', '/tabs/tabs/reporting']);
    expect(buildMenu(null, 1, 'u', true, site)).toEqual(buildMenu(null, 1, 'u', true));
    const own = [{ name: 'Dashboard', icon: 'dashboard', link: '/tabs/tabs/dashboard' }];
    expect(buildMenu(own, 2, 'u', true, site).map((m) => m.link)).toEqual(['/tabs/tabs/dashboard']);
    expect(buildMenu(null, 2, 'u', true, null)).toEqual(buildMenu(null, 2, 'u', true));
  });
});
