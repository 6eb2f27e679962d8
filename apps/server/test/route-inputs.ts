import { z } from 'zod';

// Valid inputs for any API call, made from its zod schemas: the hostile-input walker
// (plugins/every-route.int.test.ts) puts its values in them, the access matrix
// (plugins/access-matrix.int.test.ts) its tenant ids.

/** Valid inputs the walker cannot make up from a schema (cross-field rules); the sign-in is another account's. */
let serial = 0;
export const SAMPLES: Record<string, Record<string, unknown> | (() => Record<string, unknown>)> = {
  // A new device each time, so every hostile registration reaches the insert (a second one would be 409).
  'POST /api/v1/addnewsiteunit': () => ({ siteid: 1, uid: `walker-${++serial}`, unittype: 1 }),
  // At least one id (an empty list is refused).
  'POST /api/v1/clearalerts': { aids: [1] },
  'POST /api/v1/login': { versionstring: 'DEV:231', user: 'ops@northway.example', pass: 'wrong-password' },
  'POST /api/v1/savepoi': { name: 'Walker', mode: 1, gp: '53.8,-1.5', radius: 100 },
  'POST /api/v1/savegeofence': { name: 'Walker', mode: 1, gp: '53.8,-1.5', radius: 100 },
  // Issue 11: an edit (an add takes id 0 only), a delete, a check list whose ic matches its items.
  'POST /api/v1/updateconfigrecord': { mode: 'edit', list: 'vcls', id: 1, rec: { name: 'Matrix', unittype: null, items: [{ item: 'Tyres' }] } },
  'POST /api/v1/deleteconfigrecord': { mode: 'delete', list: 'vcls', id: 1 },
  'GET /api/v1/configlist': { list: 'vcls' },
  'GET /api/v1/configrecord': { list: 'vcls', id: 1 },
  // Issue 15, bulk: a registered list (the enum's first may not be).
  'GET /api/v1/exportlist': { list: 'vcls', format: 'csv' },
  'GET /api/v1/importtemplate': { list: 'vcls' },
  'POST /api/v1/signoffchecklistv5': () => ({
    key: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', uid: 1, mileage: null, vcl: 0, ic: 0, operator: '', issues: '', sig: 1,
    details: { reportdate: '2026-05-01T07:30:00Z', itemnames: ['Tyres'], mileage: null, complete: true, items: [{ item: 'Tyres', faulty: false, image: null, note: '' }] },
  }),
  'POST /api/v1/setbrandmap': { brand: 'northway', style: null, satellite: null, hosts: [] },
  // Issue 12: exactly one of v or driver; a device time; a span that ends after it starts.
  'GET /api/v1/activity': { d: '2026-05-01', v: 1 },
  'GET /api/v1/data': { d: '2026-05-01', v: 1 },
  'GET /api/v1/getdatapoint': { id: '1', dt: '2026-05-01T08:00:00.000Z', v: 1 },
  'GET /api/v1/getioseries': { uid: 1, io: '66', from: '2026-05-01T08:00:00.000Z', to: '2026-05-01T09:00:00.000Z' },
  'GET /api/v1/getdatarecords': { uid: 1, from: '2026-05-01T08:00:00.000Z', to: '2026-05-01T09:00:00.000Z' },
  'GET /api/v1/getdatarecordscsv': { uid: 1, from: '2026-05-01T08:00:00.000Z', to: '2026-05-01T09:00:00.000Z' },
  'POST /api/v1/tripevents': { events: { v: 1, from: '2026-05-01T08:00:00Z', to: '2026-05-01T09:00:00Z' } },
  'GET /api/v1/trips': { siteid: 1, from: '2026-05-01', to: '2026-05-01' },
  // Issue 16, performance: exactly one of uid or driver.
  'GET /api/v1/getscores': { uid: 1 },
  'GET /api/v1/getrecentperformance': { uid: 1 },
  // Issue 16, fuel: a range that ends after it starts.
  'GET /api/v1/fuellevels': { uid: 1, from: '2026-05-01T00:00:00Z', to: '2026-05-02T00:00:00Z' },
  'GET /api/v1/fuelsummary': { uid: 1, from: '2026-05-01T00:00:00Z', to: '2026-05-02T00:00:00Z' },
  'GET /api/v1/fuelevents': { siteid: 1, from: '2026-05-01T00:00:00Z', to: '2026-05-02T00:00:00Z' },
  'GET /api/v1/fuelexport': { siteid: 1, from: '2026-05-01T00:00:00Z', to: '2026-05-02T00:00:00Z' },
  // Issue 14: at least one recipient; a weekly schedule names its weekday.
  // Issue 14, timesheets: a Monday as the week commencing; a start as a time, a shift that ends after it starts; a name to print.
  'GET /api/v1/gettimesheet': { driver: 1, wc: '2026-04-27' },
  'POST /api/v1/createdufftimesheet': { driver: 1, wc: '2026-04-27' },
  'POST /api/v1/updateshift': { w: 'start', id: 1, nt: '2026-04-27T07:30:00Z' },
  'POST /api/v1/addtimesheetshift': { id: 1, start: '2026-04-27T07:00:00Z', end: '2026-04-27T15:00:00Z' },
  'POST /api/v1/signofftimesheets': { ids: [1], soid: 1, wcnumber: '2026-04-27', cname: 'Walker' },
  // Issue 15: resetpassword takes email or uid, not both and not neither.
  'POST /api/v1/resetpassword': { email: 'nobody@nowhere.example' },
  'POST /api/v1/savescheduledreport': { name: 'Walker', what: 'trips', metric: 'site', range: 'yesterday', format: 'pdf', frequency: 'daily', at: '07:00', recipients: ['ops@northway.example'] },
  // Issue 15, brands and SMS: an edit of the demo's second brand as it is (SVGs the walker cannot make up); a phone number in international form.
  'POST /api/v1/savebrand': {
    id: 2, hosts: ['northway.localhost'], name: 'Northway Telematics', themeColor: '#0f7a4a', senderAddress: 'Northway <no-reply@northway.example>',
    logoSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
    faviconSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>', publicUrl: 'http://northway.localhost:8080',
  },
  'POST /api/v1/sendtestsms': { to: '+447700900123' },
  // Issue 15, site settings: the navigator's arrival radius is 10 m or more.
  'POST /api/v1/navigatorconfig': { profile: 'van', avoidTolls: false, avoidMotorways: true, arrivalRadiusM: 50, showTraffic: false },
};
/** Values that pass typical field rules, tried in turn when making a valid sample for a field. */
const CANDIDATES: unknown[] = [1, '1', 'Leeds', 'ops@northway.example', '2026-05-01', '12:00', 'index.home.raft', 'getinfo', 'DEV:231',
  '53.8,-1.5', '123456789012345', 51.5, 0, true, [], {}];

export function unwrap(s: z.ZodType): z.ZodType {
  let x = s;
  while (x instanceof z.ZodOptional || x instanceof z.ZodNullable || x instanceof z.ZodDefault) x = x.unwrap() as z.ZodType;
  return x;
}
export function isOptional(s: z.ZodType): boolean {
  return s.safeParse(undefined).success;
}
/** A valid value for a schema: objects field by field (required fields only), leaves from CANDIDATES. */
export function sample(s: z.ZodType): unknown {
  const inner = unwrap(s);
  if (inner instanceof z.ZodObject) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(inner.shape as Record<string, z.ZodType>)) if (!isOptional(v)) out[k] = sample(v);
    return out;
  }
  if (inner instanceof z.ZodEnum) return inner.options[0];
  return CANDIDATES.find((c) => s.safeParse(c).success);
}
/** The input's field paths: top-level fields, nested object fields and the first item of arrays. */
export function fieldPaths(s: z.ZodType, at: string[] = []): string[][] {
  const inner = unwrap(s);
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([k, v]) => [[...at, k], ...fieldPaths(v, [...at, k])]);
  }
  if (inner instanceof z.ZodArray) return fieldPaths(inner.element as z.ZodType, [...at, '0']);
  return [];
}
export function setPath(base: unknown, path: string[], value: unknown): unknown {
  const root = structuredClone(base ?? {}) as Record<string, unknown>;
  let node: Record<string, unknown> = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) { node[key] = value; return; }
    const next = node[key];
    node[key] = next !== null && typeof next === 'object' ? next : /^\d+$/.test(path[i + 1] ?? '') ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  return root;
}

