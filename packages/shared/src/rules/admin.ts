/**
 * usertype values: 0 super administrator (every customer of the brand), 1 site administrator,
 * 2 operator, 3 driver (driver mode on a cab device), 4 viewer (issue 15: reads what an operator
 * reads, changes nothing).
 */
export const USERTYPE = { superAdmin: 0, siteAdmin: 1, operator: 2, driver: 3, viewer: 4 } as const;
export type Usertype = (typeof USERTYPE)[keyof typeof USERTYPE];
export const USERTYPES: readonly Usertype[] = [0, 1, 2, 3, 4];

/** The roles' names as people read them, by usertype. */
export const ROLE_NAMES: Record<Usertype, string> = {
  0: 'Super administrator', 1: 'Site administrator', 2: 'Operator', 3: 'Driver', 4: 'Viewer',
};

/** Spec 5/6: usertype below 2 is admin; a missing, empty or non-numeric usertype never is. */
export function isAdmin(usertype: unknown): boolean {
  if (typeof usertype === 'number') return Number.isFinite(usertype) && usertype < 2;
  if (typeof usertype !== 'string' || usertype.trim() === '') return false;
  if (!/^\s*-?\d+(\.\d+)?\s*$/.test(usertype)) return false;
  return Number(usertype) < 2;
}

/** A super administrator sees every site of every customer of their brand. */
export function isSuperAdmin(usertype: unknown): boolean {
  return usertype === 0 || usertype === '0';
}

/** Operators and administrators: the roles that may change the fleet's data (not viewers, not drivers). */
export function canChange(usertype: unknown): boolean {
  return typeof usertype === 'number' && Number.isInteger(usertype) && usertype >= 0 && usertype <= 2;
}

/** A read-only viewer (issue 15). */
export function isViewer(usertype: unknown): boolean {
  return usertype === USERTYPE.viewer;
}

/**
 * Whether an actor of role `actor` may give role `target` to someone (create, edit or raise to it).
 * Nobody gives a role above their own: a super administrator gives any role; a site administrator
 * gives site administrator, operator, viewer and driver (never super administrator); nobody else
 * manages accounts. (Ranks: 0 highest; driver and viewer rank below operator.)
 */
export function mayGrantRole(actor: unknown, target: Usertype): boolean {
  if (isSuperAdmin(actor)) return true;
  if (actor === USERTYPE.siteAdmin) return target !== USERTYPE.superAdmin;
  return false;
}

export const NOT_ADMIN_REASON = 'Not Admin';
