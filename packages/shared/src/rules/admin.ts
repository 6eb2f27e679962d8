/** usertype values: 0 super administrator, 1 site administrator, 2 operator, 3 driver. */
export const USERTYPE = { superAdmin: 0, siteAdmin: 1, operator: 2, driver: 3 } as const;

/** Spec 5/6: usertype below 2 is admin; a missing, empty or non-numeric usertype never is. */
export function isAdmin(usertype: unknown): boolean {
  if (typeof usertype === 'number') return Number.isFinite(usertype) && usertype < 2;
  if (typeof usertype !== 'string' || usertype.trim() === '') return false;
  if (!/^\s*-?\d+(\.\d+)?\s*$/.test(usertype)) return false;
  return Number(usertype) < 2;
}

/** A super administrator sees every site of every customer. */
export function isSuperAdmin(usertype: unknown): boolean {
  return usertype === 0 || usertype === '0';
}

export const NOT_ADMIN_REASON = 'Not Admin';
