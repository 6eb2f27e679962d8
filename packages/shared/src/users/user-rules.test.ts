import { describe, expect, it } from 'vitest';
import {
  FLAG_NOT_HELD_TEXT, FOREIGN_SITES_TEXT, manageRefusal, OWN_RIGHTS_TEXT, rightsRefusal, roleNotGrantableText, SITES_NOT_HELD_TEXT,
  SUPER_TARGET_TEXT, type UserActor, type UserTarget,
} from './user-rules.ts';

const siteAdmin: UserActor = { id: 1, usertype: 1, siteIds: [10, 11], tracksec: false };
const superAdmin: UserActor = { id: 2, usertype: 0, siteIds: [10, 11, 12], tracksec: true };
const operator: UserActor = { id: 3, usertype: 2, siteIds: [10], tracksec: true };
const target = (t: Partial<UserTarget>): UserTarget => ({ id: 50, usertype: 2, sites: [10], tracksec: false, disabled: false, ...t });
const rights = (r: Partial<{ usertype: number; sites: number[]; tracksec: boolean; disabled: boolean }>) =>
  ({ usertype: 2, sites: [10], tracksec: false, disabled: false, ...r });

describe('manageRefusal', () => {
  it('lets a site administrator manage an operator of their sites', () => {
    expect(manageRefusal(siteAdmin, target({}))).toBeNull();
  });
  it('never lets a site administrator touch a super administrator', () => {
    expect(manageRefusal(siteAdmin, target({ usertype: 0 }))).toBe(SUPER_TARGET_TEXT);
    expect(manageRefusal(superAdmin, target({ usertype: 0 }))).toBeNull();
  });
  it('refuses a user holding a site the administrator does not hold', () => {
    expect(manageRefusal(siteAdmin, target({ sites: [10, 12] }))).toBe(FOREIGN_SITES_TEXT);
    expect(manageRefusal(superAdmin, target({ sites: [10, 12] }))).toBeNull();
  });
  it('refuses operators and viewers managing anyone', () => {
    expect(manageRefusal(operator, target({ usertype: 4 }))).toBe(roleNotGrantableText(4));
  });
});

describe('rightsRefusal', () => {
  it('refuses any change of one\'s own role, sites, flags or disabled state, but not a change of nothing', () => {
    const me = target({ id: siteAdmin.id, usertype: 1, sites: [10] });
    expect(rightsRefusal(siteAdmin, rights({ usertype: 0, sites: [10] }), me)).toBe(OWN_RIGHTS_TEXT);
    expect(rightsRefusal(siteAdmin, rights({ usertype: 1, sites: [10, 11] }), me)).toBe(OWN_RIGHTS_TEXT);
    expect(rightsRefusal(siteAdmin, rights({ usertype: 1, sites: [10], tracksec: true }), me)).toBe(OWN_RIGHTS_TEXT);
    expect(rightsRefusal(siteAdmin, rights({ usertype: 1, sites: [10], disabled: true }), me)).toBe(OWN_RIGHTS_TEXT);
    expect(rightsRefusal(siteAdmin, rights({ usertype: 1, sites: [10] }), me)).toBeNull();
  });
  it('never lets a site administrator make a super administrator', () => {
    expect(rightsRefusal(siteAdmin, rights({ usertype: 0 }), null)).toBe(roleNotGrantableText(0));
    expect(rightsRefusal(siteAdmin, rights({ usertype: 0 }), target({}))).toBe(roleNotGrantableText(0));
    expect(rightsRefusal(superAdmin, rights({ usertype: 0 }), null)).toBeNull();
    expect(rightsRefusal(siteAdmin, rights({ usertype: 1 }), null)).toBeNull();
  });
  it('gives only sites the actor holds (a site the account already has may stay for a super administrator)', () => {
    expect(rightsRefusal(siteAdmin, rights({ sites: [10, 12] }), null)).toBe(SITES_NOT_HELD_TEXT);
    expect(rightsRefusal(siteAdmin, rights({ sites: [11] }), target({}))).toBeNull();
  });
  it('gives only flags the actor holds; a flag the account had may stay', () => {
    expect(rightsRefusal(siteAdmin, rights({ tracksec: true }), null)).toBe(FLAG_NOT_HELD_TEXT);
    expect(rightsRefusal(siteAdmin, rights({ tracksec: true }), target({ tracksec: true }))).toBeNull();
    expect(rightsRefusal(superAdmin, rights({ tracksec: true }), null)).toBeNull();
  });
  it('refuses operators giving any role', () => {
    expect(rightsRefusal(operator, rights({ usertype: 4 }), null)).toBe(roleNotGrantableText(4));
  });
});
