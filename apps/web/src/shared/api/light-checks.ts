// Hand-written twins of the few @fleet/shared zod schemas the app needs before its first render (the
// stored session, the cached brand) and in calls made by code every page loads (the api client's failure
// check, sign-out, the session refresh, the brand). zod's classic API is not tree-shakable (~22 KiB
// brotli), so keeping it off index.html's preload is what lets the login page stay under its budget
// (issue 10, item 13; docs/decisions.md). Each check accepts and returns exactly what its zod schema
// does (light-checks.test.ts holds them side by side, hostile values included); type-only imports from
// the barrel cost nothing at run time.
import type { Failure, PublicBrand, SessionUser, UnitSystem } from '@fleet/shared';
import type { Schema } from './api-client.ts';

/** DEFAULT_UNIT_SYSTEM (rules/units.ts imports zod); the test checks they agree. */
export const STORED_DEFAULT_UNIT_SYSTEM: UnitSystem = 'imperial';

type Obj = Record<string, unknown>;
type Result<T> = { success: true; data: T } | { success: false; error: string };

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** zod 4's z.record: a plain object (no class instances, no arrays). */
const isPlainObject = (v: unknown): v is Obj => {
  if (!isObject(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};
const isString = (v: unknown): v is string => typeof v === 'string';
/** zod 4's z.number(): finite numbers only. */
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isNumberOrNull = (v: unknown): v is number | null => v === null || isNumber(v);
const isStringOrNull = (v: unknown): v is string | null => v === null || isString(v);
const isFlag = (v: unknown): v is 0 | 1 => v === 0 || v === 1;

class Rejected extends Error {}
function need<T>(ok: (v: unknown) => v is T, value: unknown, what: string): T {
  if (!ok(value)) throw new Rejected(`${what} is not valid`);
  return value;
}

/** A schema-shaped check: `safeParse` as the api client calls it, built from a throwing reader. */
function check<T>(read: (value: unknown) => T): Schema<T> & { safeParse(value: unknown): Result<T> } {
  return {
    safeParse(value: unknown): Result<T> {
      try {
        return { success: true, data: read(value) };
      } catch (error) {
        if (error instanceof Rejected) return { success: false, error: error.message };
        throw error;
      }
    },
  };
}

function readMenuEntry(value: unknown): SessionUser['menu'][number] {
  const v = need(isObject, value, 'a menu entry');
  const entry: SessionUser['menu'][number] = {
    name: need(isString, v.name, 'menu name'),
    icon: need(isString, v.icon, 'menu icon'),
    link: need(isString, v.link, 'menu link'),
  };
  if (v.olink !== undefined) entry.olink = need(isString, v.olink, 'menu olink');
  if (v.rnid !== undefined) entry.rnid = need(isFlag, v.rnid, 'menu rnid');
  return entry;
}

function readSessionUser(value: unknown): SessionUser {
  const v = need(isObject, value, 'the user');
  const menu = need(Array.isArray, v.menu, 'menu') as unknown[];
  const display = need(isPlainObject, v.display, 'display');
  const unitsystem = v.unitsystem === undefined ? STORED_DEFAULT_UNIT_SYSTEM : v.unitsystem;
  if (unitsystem !== 'imperial' && unitsystem !== 'metric') throw new Rejected('unitsystem is not valid');
  return {
    userid: need(isNumber, v.userid, 'userid'),
    name: need(isString, v.name, 'name'),
    email: need(isString, v.email, 'email'),
    siteid: need(isNumberOrNull, v.siteid, 'siteid'),
    sitename: need(isString, v.sitename, 'sitename'),
    customerid: need(isNumberOrNull, v.customerid, 'customerid'),
    customername: need(isString, v.customername, 'customername'),
    usertype: need(isNumber, v.usertype, 'usertype'),
    token: need(isString, v.token, 'token'),
    instanceuuid: need(isString, v.instanceuuid, 'instanceuuid'),
    menu: menu.map(readMenuEntry),
    // A copy made with own data properties: a '__proto__' key stays a key.
    display: Object.fromEntries(Object.entries(display)),
    siteimg: need(isString, v.siteimg, 'siteimg'),
    tracksec: need(isFlag, v.tracksec, 'tracksec'),
    lsys: need(isString, v.lsys, 'lsys'),
    reset: need(isFlag, v.reset, 'reset'),
    startup: need(isString, v.startup, 'startup'),
    routeuuid: need(isString, v.routeuuid, 'routeuuid'),
    unitsystem,
    ...(v.driver === undefined ? {} : { driver: readDriver(v.driver) }),
    ...(v.sitesettings === undefined ? {} : { sitesettings: need(isPlainObject, v.sitesettings, 'sitesettings') }),
  };
}

/** A driver-mode session's driver (issue 11); absent for a user session. */
function readDriver(value: unknown): NonNullable<SessionUser['driver']> {
  const v = need(isObject, value, 'driver');
  return {
    driverid: need(isNumber, v.driverid, 'driver id'),
    name: need(isString, v.name, 'driver name'),
    deviceid: need(isNumber, v.deviceid, 'device id'),
    devicename: need(isString, v.devicename, 'device name'),
  };
}

function readPublicBrand(value: unknown): PublicBrand {
  const v = need(isObject, value, 'the brand');
  const map = need(isObject, v.map, 'the brand map');
  return {
    key: need(isString, v.key, 'key'),
    name: need(isString, v.name, 'name'),
    strapline: need(isString, v.strapline, 'strapline'),
    themeColor: need(isString, v.themeColor, 'themeColor'),
    logoUrl: need(isString, v.logoUrl, 'logoUrl'),
    faviconUrl: need(isString, v.faviconUrl, 'faviconUrl'),
    privacyUrl: need(isString, v.privacyUrl, 'privacyUrl'),
    map: { style: need(isStringOrNull, map.style, 'map style'), satellite: need(isStringOrNull, map.satellite, 'map satellite') },
  };
}

/** `{ ok: 1, ... }`: the success envelope around `read`'s fields. */
function readOk(value: unknown): Obj {
  const v = need(isObject, value, 'the answer');
  if (v.ok !== 1) throw new Rejected('ok is not 1');
  return v;
}

/** sessionUserSchema. */
export const sessionUserCheck = check(readSessionUser);
/** userAnswerSchema (and loginAnswerSchema, the same shape). */
export const userAnswerCheck = check((value) => ({ ok: 1 as const, user: readSessionUser(readOk(value).user) }));
/** publicBrandSchema. */
export const publicBrandCheck = check(readPublicBrand);
/** brandAnswerSchema. */
export const brandAnswerCheck = check((value) => ({ ok: 1 as const, brand: readPublicBrand(readOk(value).brand) }));
/** plainSuccessSchema. */
export const plainSuccessCheck = check((value) => {
  const v = readOk(value);
  const answer: { ok: 1; message?: string } = { ok: 1 };
  if (v.message !== undefined) answer.message = need(isString, v.message, 'message');
  return answer;
});
/** failureSchema: the `{ ok: 0, message }` a failed call answers with. */
export const failureCheck = check((value): Failure => {
  const v = need(isObject, value, 'the answer');
  if (v.ok !== 0) throw new Rejected('ok is not 0');
  const failure: Failure = { ok: 0, message: need(isString, v.message, 'message') };
  if (v.tokenerror !== undefined) {
    if (v.tokenerror !== 1) throw new Rejected('tokenerror is not 1');
    failure.tokenerror = 1;
  }
  if (v.issues !== undefined) {
    const issues = need(Array.isArray, v.issues, 'issues') as unknown[];
    failure.issues = issues.map((issue) => {
      const i = need(isObject, issue, 'an issue');
      return { path: need(isString, i.path, 'issue path'), message: need(isString, i.message, 'issue message') };
    });
  }
  return failure;
});
