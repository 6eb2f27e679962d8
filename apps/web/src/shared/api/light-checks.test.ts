import {
  brandAnswerSchema,
  DEFAULT_UNIT_SYSTEM,
  failureSchema,
  plainSuccessSchema,
  publicBrandSchema,
  sessionUserSchema,
  userAnswerSchema,
} from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import {
  brandAnswerCheck,
  failureCheck,
  plainSuccessCheck,
  publicBrandCheck,
  sessionUserCheck,
  STORED_DEFAULT_UNIT_SYSTEM,
  userAnswerCheck,
} from './light-checks.ts';

const user = {
  userid: 7,
  name: 'Ops Leeds',
  email: 'ops.leeds@aire-valley.example',
  siteid: 3,
  sitename: 'Leeds',
  customerid: null,
  customername: 'Aire Valley',
  usertype: 2,
  token: 'tok',
  instanceuuid: 'inst',
  menu: [
    { name: 'Fleet', icon: 'map', link: '/tabs/tabs/fleet' },
    { name: 'Route', icon: 'route', link: '/r/x', olink: '/r', rnid: 1 },
  ],
  display: { speed: true, nested: { a: [1, 2] } },
  siteimg: '',
  tracksec: 0,
  lsys: 'x',
  reset: 0,
  startup: 'fleet',
  routeuuid: 'r-1',
  unitsystem: 'metric',
};

const brand = {
  key: 'aire',
  name: 'Aire Valley',
  strapline: 'On the move',
  themeColor: '#1c7ed6',
  logoUrl: '/brand/logo.svg',
  faviconUrl: '/brand/favicon.ico',
  privacyUrl: 'https://example.org/privacy',
  map: { style: null, satellite: 'https://tiles.example/sat.json' },
};

/** A session's site settings (issue 15). */
const SITE_VIEW = {
  volumeUnit: 'gallons', idleMinutes: 5, speedingKmh: 90, mapView: null, basemap: 'satellite',
  navigator: { profile: 'hgv', avoidTolls: true, avoidMotorways: false, arrivalRadiusM: 50, showTraffic: false },
};

const without = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

/** Values a tampered store or a broken server could hand over; each check must agree with its zod schema. */
const hostileCommon: unknown[] = [
  undefined, null, 0, 1, '', 'user', true, [], [user], () => user, new Date(0), Number.NaN,
  JSON.parse('{"__proto__": {"polluted": 1}}'),
];

function userCases(): unknown[] {
  const wrong: unknown[] = [
    ...hostileCommon,
    user,
    { ...user, extra: 'dropped' },
    without(user, 'unitsystem'),
    { ...user, unitsystem: undefined },
    { ...user, unitsystem: null },
    { ...user, unitsystem: 'furlongs' },
    { ...user, userid: '7' },
    { ...user, userid: Number.POSITIVE_INFINITY },
    { ...user, userid: Number.NaN },
    { ...user, siteid: null },
    { ...user, siteid: undefined },
    { ...user, customerid: '3' },
    { ...user, token: 42 },
    { ...user, token: null },
    { ...user, tracksec: 2 },
    { ...user, reset: true },
    { ...user, menu: {} },
    { ...user, menu: [null] },
    { ...user, menu: [{ name: 'x', icon: 'y' }] },
    { ...user, menu: [{ name: 'x', icon: 'y', link: 'z', rnid: 2 }] },
    { ...user, menu: [{ name: 'x', icon: 'y', link: 'z', olink: 5 }] },
    { ...user, display: [] },
    { ...user, display: null },
    { ...user, display: 'x' },
    { ...user, display: new Date(0) },
    { ...user, driver: { driverid: 4, name: 'Ann', deviceid: 2, devicename: 'Leeds cab 1' } },
    { ...user, driver: { driverid: 4, name: 'Ann', deviceid: 2, devicename: 'Leeds cab 1', extra: 1 } },
    { ...user, driver: undefined },
    { ...user, driver: null },
    { ...user, driver: {} },
    { ...user, driver: { driverid: '4', name: 'Ann', deviceid: 2, devicename: 'x' } },
    { ...user, driver: { driverid: 4, name: 'Ann', deviceid: 2 } },
    { ...user, driver: [] },
    { ...user, sitesettings: SITE_VIEW },
    { ...user, sitesettings: null },
    { ...user, sitesettings: 'x' },
    { ...user, sitesettings: [] },
  ];
  for (const key of Object.keys(user)) if (key !== 'unitsystem') wrong.push(without(user, key));
  return wrong;
}

function brandCases(): unknown[] {
  const cases: unknown[] = [
    ...hostileCommon,
    brand,
    { ...brand, extra: 1 },
    { ...brand, map: null },
    { ...brand, map: { style: null } },
    { ...brand, map: { style: 1, satellite: null } },
    { ...brand, themeColor: 0 },
    { ...brand, name: null },
  ];
  for (const key of Object.keys(brand)) cases.push(without(brand, key));
  return cases;
}

type SafeParser = { safeParse(v: unknown): { success: boolean; data?: unknown } };

function expectSame(light: SafeParser, zod: SafeParser, values: unknown[]) {
  for (const value of values) {
    const a = light.safeParse(value);
    const b = zod.safeParse(value);
    expect({ value, success: a.success }).toEqual({ value, success: b.success });
    if (a.success) expect(a.data).toEqual(b.data);
  }
}

describe('light checks (the startup path without zod)', () => {
  it('reads a stored session exactly as sessionUserSchema does, hostile values included', () => {
    expectSame(sessionUserCheck, sessionUserSchema, userCases());
  });

  it('defaults a session stored before unit systems existed like the schema does', () => {
    expect(STORED_DEFAULT_UNIT_SYSTEM).toBe(DEFAULT_UNIT_SYSTEM);
    const parsed = sessionUserCheck.safeParse(without(user, 'unitsystem'));
    expect(parsed.success && parsed.data.unitsystem).toBe(DEFAULT_UNIT_SYSTEM);
  });

  it('keeps a "__proto__" key of display as a key, never as the prototype', () => {
    const stored = JSON.parse(`{${JSON.stringify(user).slice(1, -1).replace('"display":{', '"display":{"__proto__":{"admin":true},')}}`);
    const parsed = sessionUserCheck.safeParse(stored);
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(Object.getPrototypeOf(parsed.data.display)).toBe(Object.prototype);
    expect((parsed.data.display as { admin?: unknown }).admin).toBeUndefined();
    expect(Object.hasOwn(parsed.data.display, '__proto__')).toBe(true);
  });

  it('drops keys the schema does not know', () => {
    const parsed = sessionUserCheck.safeParse({ ...user, isSuperAdmin: true });
    expect(parsed.success && 'isSuperAdmin' in parsed.data).toBe(false);
  });

  it('reads the user answer (user, changepassword, login) as userAnswerSchema does', () => {
    const answers = [...userCases().map((u) => ({ ok: 1, user: u })), ...hostileCommon, { ok: 0, user }, { ok: '1', user }, { user }];
    expectSame(userAnswerCheck, userAnswerSchema, answers);
  });

  it('reads the cached brand and the brand answer as their schemas do', () => {
    expectSame(publicBrandCheck, publicBrandSchema, brandCases());
    const answers = [...brandCases().map((b) => ({ ok: 1, brand: b })), ...hostileCommon, { ok: 0, brand }, { brand }];
    expectSame(brandAnswerCheck, brandAnswerSchema, answers);
  });

  it('reads plain successes and failures as their schemas do', () => {
    expectSame(plainSuccessCheck, plainSuccessSchema, [
      ...hostileCommon, { ok: 1 }, { ok: 1, message: 'done' }, { ok: 1, message: 3 }, { ok: 0 }, { ok: true }, { ok: 1, extra: 1 },
    ]);
    expectSame(failureCheck, failureSchema, [
      ...hostileCommon,
      { ok: 0, message: 'no' },
      { ok: 0, message: 'expired', tokenerror: 1 },
      { ok: 0, message: 'expired', tokenerror: 0 },
      { ok: 0, message: 'expired', tokenerror: '1' },
      { ok: 0 },
      { ok: 1, message: 'no' },
      { ok: 0, message: 'bad', issues: [{ path: 'user', message: 'Enter your e-mail address' }] },
      { ok: 0, message: 'bad', issues: [{ path: 1, message: 'x' }] },
      { ok: 0, message: 'bad', issues: {} },
      { ok: 0, message: 'bad', issues: [null] },
    ]);
  });
});
