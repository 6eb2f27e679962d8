import type { MenuEntry } from '@fleet/shared';
import { menuEntrySchema } from '@fleet/shared';
import { z } from 'zod';

const OPERATOR: MenuEntry[] = [
  { name: 'Fleet', icon: 'map', link: '/tabs/tabs/fleet', rnid: 1 },
  { name: 'Dashboard', icon: 'dashboard', link: '/tabs/tabs/dashboard' },
  { name: 'Messages', icon: 'chatbubbles', link: '/tabs/tabs/msg' },
  { name: 'Reporting', icon: 'report', link: '/tabs/tabs/reporting' },
  { name: 'Scheduled reports', icon: 'calendar', link: '/tabs/tabs/scheduledreport' },
  { name: 'Timesheets', icon: 'clock', link: '/tabs/tabs/tracksectimesheets' },
  { name: 'Timesheet sign-off', icon: 'signature', link: '/tabs/tabs/tracksectimesheetsignoff' },
  { name: 'Fuel', icon: 'fuel', link: '/tabs/tabs/fuelmonitor' },
  { name: 'Assets', icon: 'box', link: '/tabs/tabs/assets' },
  { name: 'Engine data', icon: 'engine', link: '/tabs/tabs/fleetfmsv' },
  { name: 'Driver performance', icon: 'speedometer', link: '/tabs/tabs/fleetnavigator' },
];
const SITE_ADMIN: MenuEntry[] = [
  ...OPERATOR,
  { name: 'Configuration', icon: 'settings', link: '/tabs/tabs/config' },
  { name: 'Mail outbox', icon: 'mail', link: '/tabs/tabs/config/outbox' },
  { name: 'Data requests', icon: 'documents', link: '/tabs/tabs/amazondatarequest' },
];
const SUPER_ADMIN: MenuEntry[] = [...SITE_ADMIN, { name: 'Super admin', icon: 'shield', link: '/tabs/tabs/superadmin' }];
/** A viewer (issue 15) reads what an operator reads: the operator's pages but those that only change things. */
const VIEWER: MenuEntry[] = OPERATOR.filter((e) => !['/tabs/tabs/tracksectimesheetsignoff', '/tabs/tabs/scheduledreport'].includes(e.link));
const DRIVER: MenuEntry[] = [{ name: 'Driver', icon: 'steering', link: '/tabs/tabs/driver' }];

/** The menu a role gets when the user has no menu of their own. */
export function defaultMenu(usertype: number | null): MenuEntry[] {
  switch (usertype) {
    case 0: return SUPER_ADMIN;
    case 1: return SITE_ADMIN;
    case 3: return DRIVER;
    case 4: return VIEWER;
    default: return OPERATOR;
  }
}

/** Pages of Tracksec (timesheets, issue 14): a user without the flag does not see their entries. */
const TRACKSEC_LINK = /(^|\/)tracksec[a-z]*(\/|\?|$)/;

/** The entries a site administrator may show or hide for the site's operators (sitesettings' menuchoices). */
export const OPERATOR_MENU_CHOICES: readonly MenuEntry[] = OPERATOR;

/**
 * The user's own menu if it is well formed, else the role's; rnid links get the route uuid; the
 * Tracksec pages' entries only for users holding Tracksec. An operator without a menu of their own
 * sees the entries their site's settings keep (`siteMenu`: links; null keeps them all; issue 15).
 */
export function buildMenu(own: unknown, usertype: number | null, routeUuid: string, tracksec = true, siteMenu: readonly string[] | null = null): MenuEntry[] {
  const parsed = z.array(menuEntrySchema).safeParse(own);
  const ownMenu = own != null && parsed.success;
  const role = defaultMenu(usertype);
  const chosen = !ownMenu && usertype === 2 && siteMenu ? role.filter((e) => siteMenu.includes(e.link)) : role;
  const base = (ownMenu ? parsed.data : chosen).filter((e) => tracksec || !TRACKSEC_LINK.test(e.link));
  return base.map((e) => (e.rnid === 1 ? { ...e, olink: e.link, link: `${e.link}/${routeUuid}` } : e));
}
