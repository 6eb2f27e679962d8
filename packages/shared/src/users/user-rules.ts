import { mayGrantRole, ROLE_NAMES, type Usertype } from '../rules/admin.ts';

/**
 * Who may change whose account (issue 15): pure rules, used by the server (which refuses) and the
 * web (which hides). Nobody raises their own rights or gives rights they do not hold.
 */
export interface UserActor {
  id: number;
  usertype: number | null;
  /** The sites the actor holds (a super administrator: every site of their brand). */
  siteIds: readonly number[];
  tracksec: boolean;
}
export interface UserTarget {
  id: number;
  usertype: number | null;
  sites: readonly number[];
  tracksec: boolean;
  disabled: boolean;
}
export interface UserRights {
  usertype: number;
  sites: readonly number[];
  tracksec: boolean;
  disabled: boolean;
}

export const OWN_RIGHTS_TEXT = 'You cannot change your own rights.';
export const OWN_ACCOUNT_DELETE_TEXT = 'You cannot delete your own account.';
export const SUPER_TARGET_TEXT = 'Only a super administrator may change a super administrator.';
export const FOREIGN_SITES_TEXT = 'This user holds a site you do not hold: ask a super administrator.';
export const SITES_NOT_HELD_TEXT = 'You can only give sites you hold yourself.';
export const FLAG_NOT_HELD_TEXT = 'You can only give Tracksec when you hold it yourself.';
export const roleNotGrantableText = (usertype: number) =>
  `You cannot give the role ${ROLE_NAMES[usertype as Usertype] ?? usertype}.`;

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Why the actor may not manage this account at all (edit, delete, reset, welcome mail, sessions),
 * or null. Their own account is theirs to manage only within `rightsRefusal`'s rule.
 */
export function manageRefusal(actor: UserActor, target: UserTarget): string | null {
  if (actor.id === target.id) return null;
  if (target.usertype === 0 && actor.usertype !== 0) return SUPER_TARGET_TEXT;
  if (target.usertype !== null && target.usertype !== 3 && !mayGrantRole(actor.usertype, target.usertype as Usertype)) {
    return roleNotGrantableText(target.usertype);
  }
  if (actor.usertype !== 0 && target.sites.some((s) => !actor.siteIds.includes(s))) return FOREIGN_SITES_TEXT;
  return null;
}

/**
 * Why the actor may not give these rights (a new account: `before` null), or null: a role the actor
 * may grant, sites they hold, flags they hold (a flag the account already had may stay); nobody
 * changes their own role, sites, flags or disabled state.
 */
export function rightsRefusal(actor: UserActor, rights: UserRights, before: UserTarget | null): string | null {
  if (before && before.id === actor.id) {
    const same = before.usertype === rights.usertype && sameSet(before.sites, rights.sites)
      && before.tracksec === rights.tracksec && before.disabled === rights.disabled;
    return same ? null : OWN_RIGHTS_TEXT;
  }
  if (before) {
    const refusal = manageRefusal(actor, before);
    if (refusal) return refusal;
  }
  if (!mayGrantRole(actor.usertype, rights.usertype as Usertype)) return roleNotGrantableText(rights.usertype);
  const kept = before?.sites ?? [];
  if (rights.sites.some((s) => !actor.siteIds.includes(s) && !kept.includes(s))) return SITES_NOT_HELD_TEXT;
  if (rights.tracksec && !actor.tracksec && !before?.tracksec) return FLAG_NOT_HELD_TEXT;
  return null;
}
