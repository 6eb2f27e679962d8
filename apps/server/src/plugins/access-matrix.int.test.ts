import { schema } from '@fleet/db';
import type { FastifyInstance, RouteHandlerMethod, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp } from '../../test/harness.ts';
import { sample, SAMPLES, setPath } from '../../test/route-inputs.ts';
import { hashPassword } from '../lib/passwords.ts';
import { imageForm } from '../../test/uploads.ts';
import { randomUUID } from 'node:crypto';
import { type AccessRule, DRIVER_ONLY_TEXT, type Field, type Flag, NOT_IN_DRIVER_MODE_TEXT, type Scope, VIEWER_TEXT } from './access.ts';

// Walks every declared API call × role × tenant scope and checks the answer against the call's
// declared rule: 401 without a session, 403 for the wrong role, 404 (as for a missing id) when an
// id lies outside the caller's tenancy, and through to the handler otherwise. A call that passes
// its access checks answers 299 here instead of running (the probe header, wired in with onRoute),
// so nothing is changed by the calls that are let through. Ids of rows that the repository's query
// confines (places, groups, alerts) are sent for real when they are another site's: the answer
// must be the declared 404.

const PROBE = 'x-access-probe';
const routes: RouteOptions[] = [];
const t = await createTestApp({
  onRoute: (r) => {
    routes.push(r);
    const handler = r.handler as RouteHandlerMethod;
    r.handler = function probe(this: FastifyInstance, request, reply) {
      if (request.headers[PROBE]) return reply.code(299).send({ ok: 1, probe: 1 });
      return handler.call(this, request, reply);
    };
  },
  logLevel: 'warn',
});
afterAll(async () => { await t.close(); });

const { pool, db } = t.database;
const one = async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0] as T;

// Tenants: the demo's two customers and brands, plus a second customer on the first brand.
const leeds = await one<{ id: number; customer_id: number; brand_id: number }>(
  `SELECT s.id, s.customer_id, c.brand_id FROM sites s JOIN customers c ON c.id = s.customer_id WHERE s.name = 'Leeds Depot'`);
const [calder] = await db.insert(schema.customers).values({ brandId: leeds.brand_id, name: 'Calder Haulage (matrix)' }).returning();
await db.insert(schema.sites).values({ customerId: calder!.id, name: 'Halifax Yard (matrix)' });
await db.insert(schema.units).values({ siteId: (await one<{ id: number }>(`SELECT id FROM sites WHERE name = 'Halifax Yard (matrix)'`)).id, deviceId: 'matrix-halifax-1', unitTypeId: 1, registration: 'MX01 HFX' });

interface Target {
  scope: string; site: number; customer: number; unit: number; place: number; group: number; alert: number;
  template: number; upload: number; checklist: number; fault: number; cab: number; driver: number; dataRequest: number; run: number; schedule: number;
  timesheet: number; shift: number; signoff: number; user: number; userSession: number;
}
async function target(scope: string, siteName: string): Promise<Target> {
  const s = await one<{ id: number; customer_id: number }>('SELECT id, customer_id FROM sites WHERE name = $1', [siteName]);
  const unit = (await one<{ id: number }>('SELECT min(id) AS id FROM units WHERE site_id = $1', [s.id])).id;
  const [place] = await db.insert(schema.poi).values({ siteId: s.id, name: `Matrix ${scope}`, mode: 1, lat: 53.8, lon: -1.5, radius: 50 }).returning();
  const [group] = await db.insert(schema.groups).values({ siteId: s.id, name: `Matrix ${scope}` }).returning();
  const [alert] = await db.insert(schema.alerts).values({
    siteId: s.id, unitId: unit, kind: 'panic', event: 'press', positionId: -s.id, happenedAt: new Date(), lat: 53.8, lon: -1.5,
  }).returning();
  // Check list rows (issue 11): a template, an upload (its file is never read here), a check list with one fault.
  const template = await one<{ id: number }>(`INSERT INTO vcl_templates (site_id, name, items) VALUES ($1, $2, '[{"name":"Tyres"}]') RETURNING id`, [s.id, `Matrix ${scope}`]);
  const upload = await one<{ id: string }>(
    `INSERT INTO uploads (site_id, unit_id, client_key, storage_key, content_type, width, height, bytes, sha256)
     VALUES ($1, $2, $3, $4, 'image/png', 1, 1, 1, '') RETURNING id`, [s.id, unit, randomUUID(), `${randomUUID().replace(/-/g, '')}.png`]);
  const checklist = await one<{ id: string }>(
    `INSERT INTO checklists (site_id, unit_id, client_key, issue_count, details, signature_upload_id, reported_at)
     VALUES ($1, $2, $3, 1, '{"items":[{"item":"Tyres","faulty":true,"image":null,"note":""}],"complete":true}', $4, now()) RETURNING id`,
    [s.id, unit, randomUUID(), upload.id]);
  const fault = await one<{ id: string }>(
    `INSERT INTO checklist_faults (checklist_id, site_id, unit_id, item) VALUES ($1, $2, $3, 'Tyres') RETURNING id`, [checklist.id, s.id, unit]);
  const [cab] = await db.insert(schema.cabDevices).values({ siteId: s.id, name: `Matrix ${scope}` }).returning();
  const [driver] = await db.insert(schema.drivers).values({ siteId: s.id, name: `Matrix ${scope}` }).returning();
  // A data request (issue 14), finished so that nothing prepares it.
  const dataRequest = await one<{ id: string }>(
    `INSERT INTO data_requests (site_id, user_name, from_day, to_day, status) VALUES ($1, 'Matrix', '2026-05-01', '2026-05-01', 'failed') RETURNING id`, [s.id]);
  // A report run (issue 14) of nobody on this site: no caller's own.
  const run = await one<{ id: string }>(
    `INSERT INTO report_runs (site_id, what, params, expires_at) VALUES ($1, 'trips', '{}', now() + interval '1 hour') RETURNING id`, [s.id]);
  // A scheduled report (issue 14), disabled so no scheduler would run it.
  const schedule = await one<{ id: number }>(
    `INSERT INTO scheduled_reports (site_id, name, what, params, format, frequency, at_time, recipients, enabled, next_run_at)
     VALUES ($1, $2, 'trips', '{"metric":"site","src":[],"range":"yesterday","options":{}}', 'pdf', 'daily', '07:00', '["a@example.com"]', false, now()) RETURNING id`,
    [s.id, `Matrix ${scope}`]);
  // A timesheet of the target's driver (issue 14) with one shift and a stored sign-off of it.
  const timesheet = await one<{ id: number }>(
    `INSERT INTO timesheets (site_id, driver_id, wc) VALUES ($1, $2, '2026-04-27') RETURNING id`, [s.id, driver!.id]);
  const shift = await one<{ id: string }>(
    `INSERT INTO timesheet_shifts (timesheet_id, source, start_time, end_time) VALUES ($1, 'office', '2026-04-27T07:00:00Z', '2026-04-27T15:00:00Z') RETURNING id`,
    [timesheet.id]);
  const signoff = await one<{ id: string }>(
    `INSERT INTO timesheet_signoffs (timesheet_id, version, operator_name, operator_signed_at, pdf, pdf_sha256)
     VALUES ($1, 1, 'Matrix', now(), '\\x25504446'::bytea, 'matrix') RETURNING id`, [timesheet.id]);
  // An operator account holding the site (issue 15: the users calls), with a live session.
  const user = await one<{ id: number }>(
    `INSERT INTO users (email, name, usertype, customer_id, password_hash) VALUES ($1, $2, 2, $3, 'x') RETURNING id`,
    [`matrix.${s.id}@fleet.test`, `Matrix ${scope}`, s.customer_id]);
  await pool.query('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2)', [user.id, s.id]);
  const userSession = await one<{ id: string }>(
    `INSERT INTO sessions (token_hash, user_id, instance_uuid, site_id, route_uuid, brand_id, expires_at)
     VALUES ($1, $2, 'matrix', $3, 'matrix', (SELECT brand_id FROM customers WHERE id = $4), now() + interval '1 day') RETURNING id`,
    [randomUUID(), user.id, s.id, s.customer_id]);
  return {
    user: user.id, userSession: Number(userSession.id),
    scope, site: s.id, customer: s.customer_id, unit, place: place!.id, group: group!.id, alert: alert!.id,
    template: template.id, upload: Number(upload.id), checklist: Number(checklist.id), fault: Number(fault.id), cab: cab!.id,
    driver: driver!.id, dataRequest: Number(dataRequest.id), run: Number(run.id), schedule: schedule.id,
    timesheet: timesheet.id, shift: Number(shift.id), signoff: Number(signoff.id),
  };
}
const TARGETS = [
  await target('own site', 'Leeds Depot'),
  await target('another site of the customer', 'Bradford Yard'),
  await target('another customer of the brand', 'Halifax Yard (matrix)'),
  await target('another brand', 'Wakefield Works'),
];
const allSites = (await pool.query<{ id: number; customer_id: number; brand_id: number }>(
  'SELECT s.id, s.customer_id, c.brand_id FROM sites s JOIN customers c ON c.id = s.customer_id')).rows;
const siteOfUnit = new Map(TARGETS.map((x) => [x.unit, x.site]));

// Callers: nobody, an operator and a site administrator of Leeds (the demo's), a super administrator on Leeds.
const SUPER = { email: 'matrix.super@fleet.test', password: 'Matrix!pass123' };
await db.insert(schema.users).values({ email: SUPER.email, name: 'Matrix', usertype: 0, passwordHash: await hashPassword(SUPER.password) });
const superUser = await t.login(SUPER.email, SUPER.password);
const superToken = (await t.call('GET', `pick?companyid=${leeds.customer_id}&cid=${leeds.id}`, { token: superUser.token })).json().user.token as string;

interface Role { name: string; token?: string; usertype: number | null; sites: number[]; driver?: true; flags?: Flag[] }
const ROLES: Role[] = [
  { name: 'nobody', usertype: null, sites: [] },
  // The demo gives Leeds Depot's office users Tracksec (issue 14); the super administrator made here has none.
  { name: 'operator', token: (await t.login('ops.leeds@aire-valley.example')).token, usertype: 2, sites: [leeds.id], flags: ['tracksec'] },
  { name: 'site administrator', token: (await t.login('admin.leeds@aire-valley.example')).token, usertype: 1, sites: [leeds.id], flags: ['tracksec'] },
  // A super administrator holds every site of their brand's customers (issue 15), none of another brand.
  { name: 'super administrator', token: superToken, usertype: 0, sites: allSites.filter((s) => s.brand_id === leeds.brand_id).map((s) => s.id) },
  // Driver mode (issue 11): a driver signed in on a cab device of Leeds.
  { name: 'driver', token: (await t.driverSession('Leeds Depot')).token, usertype: 3, sites: [leeds.id], driver: true },
  // A viewer of Leeds (issue 15): reads what an operator reads, changes nothing.
  { name: 'viewer', token: await viewerToken(), usertype: 4, sites: [leeds.id] },
];
async function viewerToken(): Promise<string> {
  const email = 'matrix.viewer@fleet.test';
  const [v] = await db.insert(schema.users).values({
    email, name: 'Matrix Viewer', usertype: 4, customerId: leeds.customer_id, defaultSiteId: leeds.id, passwordHash: await hashPassword(SUPER.password),
  }).returning();
  await pool.query('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2)', [v!.id, leeds.id]);
  return (await t.login(email, SUPER.password)).token;
}

/** The answer the rule promises this caller for these ids: a status and, for a refusal, its message. */
function expected(rule: AccessRule, role: Role, x: Target): { status: number; message?: string; real?: boolean } {
  if (rule.who === 'public') return { status: 299 };
  if (!role.token) return { status: 401 };
  // Driver mode and user mode never mix (plugins/access.ts).
  if (rule.who === 'driver' && !role.driver) return { status: 403, message: DRIVER_ONLY_TEXT };
  if (role.driver && rule.who !== 'driver' && !rule.alsoDriver) return { status: 403, message: NOT_IN_DRIVER_MODE_TEXT };
  if (role.driver && rule.alsoDriver) return scopeAnswer(rule, role, x);
  if (rule.who === 'admin' && !(role.usertype !== null && role.usertype < 2)) return { status: 403, message: 'Not Admin' };
  if (rule.who === 'super' && role.usertype !== 0) return { status: 403, message: 'Only a super administrator may do this.' };
  if (rule.who === 'operator' && role.usertype === 4) return { status: 403, message: VIEWER_TEXT };
  if (rule.who === 'operator' && !(role.usertype !== null && role.usertype <= 2)) return { status: 403 };
  for (const flag of rule.flags ?? []) if (!role.flags?.includes(flag)) return { status: 403, message: 'Only users with Tracksec may do this.' };
  return scopeAnswer(rule, role, x);
}

/** The answer the rule's scopes promise a caller who passes its `who`. */
function scopeAnswer(rule: AccessRule, role: Role, x: Target): { status: number; message?: string; real?: boolean } {
  const mine = (site: number) => role.sites.includes(site);
  for (const s of rule.scope ?? []) {
    if ('site' in s && !mine(x.site)) return { status: 404, message: 'No such site.' };
    if ('customer' in s && !allSites.some((site) => site.customer_id === x.customer && mine(site.id))) return { status: 404, message: 'No such customer.' };
    if ('unit' in s && !mine(siteOfUnit.get(x.unit) ?? -1)) return { status: 404, message: 'No such unit.' };
  }
  for (const s of rule.scope ?? []) {
    if ('row' in s && !(s.within === 'current site' ? x.site === leeds.id : mine(x.site))) {
      return { status: 404, message: `No such ${s.missing}.`, real: true };
    }
  }
  return { status: 299 };
}

/** The target's id for a scope's field. */
function idFor(s: Scope, x: Target): [Field, unknown] | null {
  if ('site' in s) return [s.site, x.site];
  if ('customer' in s) return [s.customer, x.customer];
  if ('unit' in s) return [s.unit, x.unit];
  if ('row' in s) {
    const ids: Record<string, unknown> = {
      place: x.place, group: x.group, alert: x.alert, alerts: [x.alert], vehicle: [x.unit],
      unit: x.unit, template: x.template, record: x.template, upload: x.upload, checklist: x.checklist, fault: x.fault, 'cab device': x.cab, conversation: x.unit,
      driver: x.driver, 'data request': x.dataRequest, 'report run': x.run, 'scheduled report': x.schedule,
      timesheet: s.field.endsWith('.ids') ? [x.timesheet] : x.timesheet, 'timesheet shift': x.shift, 'timesheet sign-off': x.signoff,
      user: x.user, 'user session': x.userSession,
    };
    return [s.field, ids[s.row]];
  }
  return null;
}

const api = routes
  .filter((r) => typeof r.url === 'string' && r.url.startsWith('/api/v1/'))
  .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((method) => ({ method: method as 'GET' | 'POST', route: r })));

/** Input fields that name a tenant's row: each must be covered by a scope of the call's rule. */
const TENANT_IDS = new Set(['siteid', 'cid', 'companyid', 'uid', 'unitid', 'aid', 'id', 'units']);
/** Fields of those names that are no tenant id, with why. */
const NOT_TENANT_IDS = new Set([
  'POST /api/v1/addnewsiteunit body.uid', // the device's own id (IMEI) being registered, not a unit id
  'GET /api/v1/getdatapoint query.id', // a position id, read only together with the scoped vehicle v
  'POST /api/v1/setretention body.cid', // super administrators only, for any customer: they are not bound to sites
  'POST /api/v1/savebrand body.id', // a brand's id (0 adds): super administrators only, held to the brands they edit by the handler (404)
  // Public for { email }; with { uid } the handler resolves the caller and holds them to 'admin' and the current site (users.int.test.ts).
  'POST /api/v1/resetpassword body.uid',
  // Issue 15, the estate: a customer of the super administrator's brand, checked by the handler (a new one has no site yet).
  'GET /api/v1/estatesites query.cid',
  'POST /api/v1/savecustomer body.cid',
  'POST /api/v1/suspendcustomer body.cid',
  'POST /api/v1/addnewsite body.cid',
  'POST /api/v1/saveunittype body.id', // a unit type: the installation's catalogue, no tenant's
]);

/**
 * Calls that take one of several tenant ids (activity: a vehicle or a driver): the walk is made once
 * per alternative, sending only that one's field, and the rule's other alternatives are left out.
 */
const ALTERNATIVES: Record<string, string[][]> = {
  'GET /api/v1/activity': [['query.v'], ['query.driver']],
  'GET /api/v1/data': [['query.v'], ['query.driver']],
  'GET /api/v1/getscores': [['query.uid'], ['query.driver']],
  'GET /api/v1/getrecentperformance': [['query.uid'], ['query.driver']],
};

/** Calls whose body is multipart/form-data (no body schema): the matrix sends a real form with a small photo. */
const MULTIPART = new Set(['POST /api/v1/sendtempimage', 'POST /api/v1/timesheetsignature']);
const PHOTO = Buffer.from('/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==', 'base64');

/** The who of the list the samples name, for the configuration lists' calls (their route rule lets operators in). */
const LIST_WHO: Record<string, AccessRule['who']> = Object.fromEntries(
  ['GET /api/v1/configlist', 'GET /api/v1/configrecord', 'POST /api/v1/updateconfigrecord', 'POST /api/v1/deleteconfigrecord', 'GET /api/v1/exportlist'].map((c) => [c, 'admin' as const]));

/** Inputs that pick a branch the fixtures have (panic alerts). */
const OVERRIDES: Record<string, Record<string, unknown>> = { 'GET /api/v1/alertlist': { list: 'panic' } };

describe('every declared call × role × tenant scope answers as its access rule says', () => {
  it('collects the whole route table, every call with a rule', () => {
    expect(api.length).toBeGreaterThan(40);
    expect(api.filter((a) => !a.route.config?.access).map((a) => `${a.method} ${a.route.url}`)).toEqual([]);
  });

  it('scopes every tenant id a call takes (a new id field needs a scope in its rule)', () => {
    const missing: string[] = [];
    for (const { method, route } of api) {
      const rule = route.config?.access as AccessRule;
      const declared = new Set<string>((rule.scope ?? []).map((s) => idFor(s, TARGETS[0]!)?.[0] ?? ''));
      for (const part of ['query', 'body'] as const) {
        const shape = (route.schema?.[part === 'query' ? 'querystring' : 'body'] as z.ZodObject | undefined)?.shape ?? {};
        for (const field of Object.keys(shape)) {
          const name = `${part}.${field}`;
          if (TENANT_IDS.has(field) && !declared.has(name) && !NOT_TENANT_IDS.has(`${method} ${route.url} ${name}`)) missing.push(`${method} ${route.url} ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(api.map((a) => [`${a.method} ${a.route.url}`, a] as const))('%s', async (name, { method, route }) => {
    const declaredRule = route.config?.access as AccessRule;
    // The configuration lists' calls let operators in and each list narrows it (the samples name 'vcls': administrators).
    const rule: AccessRule = LIST_WHO[name] ? { ...declaredRule, who: LIST_WHO[name] } : declaredRule;
    const given = SAMPLES[name];
    const fresh = () => ({ ...(typeof given === 'function' ? given() : given) });
    const bodySchema = route.schema?.body as z.ZodType | undefined;
    const querySchema = route.schema?.querystring as z.ZodType | undefined;
    const failures: string[] = [];
    const alternatives = ALTERNATIVES[name] ?? [[]];
    const others = (alt: string[]) => alternatives.flat().filter((f) => !alt.includes(f));
    for (const alt of alternatives) {
      const left = others(alt);
      const altRule: AccessRule = { ...rule, scope: (rule.scope ?? []).filter((s) => !('row' in s && left.includes(s.field))) };
      for (const role of ROLES) {
        for (const x of TARGETS) {
          const query = { ...((querySchema ? (method === 'GET' && given ? fresh() : sample(querySchema)) : {}) as Record<string, unknown>), ...OVERRIDES[name] };
          const multipart = MULTIPART.has(name);
          let body: Record<string, unknown> | undefined = bodySchema ? { ...((given ? fresh() : sample(bodySchema)) as Record<string, unknown>) } : multipart ? { key: randomUUID() } : undefined;
          for (const f of left) delete query[f.split('.')[1] as string];
          for (const s of altRule.scope ?? []) {
            const id = idFor(s, x);
            if (!id) continue;
            const [part, ...path] = id[0].split('.') as ['query' | 'body', ...string[]];
            if (part === 'query') query[path[0] as string] = id[1];
            else body = setPath(body, path, id[1]) as Record<string, unknown>;
          }
          if (querySchema) expect(querySchema.safeParse(query).success, `${name}: no valid query`).toBe(true);
          if (bodySchema) expect(bodySchema.safeParse(body).success, `${name}: no valid body`).toBe(true);
                // The configuration lists' route rule is 'operator': a viewer is refused there, before the list's own rule.
          const want = role.usertype === 4 && declaredRule.who === 'operator' ? { status: 403, message: VIEWER_TEXT } : expected(altRule, role, x);
          const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
          const form = multipart && body ? imageForm(Number(body.uid), String(body.key), PHOTO) : null;
          const res = await t.call(method, `${(route.url as string).slice('/api/v1/'.length)}${qs ? `?${qs}` : ''}`, {
            token: role.token, ...(form ? { body: form.body } : body ? { body } : {}),
            headers: { ...(want.real ? {} : { [PROBE]: '1' }), ...(form ? form.headers : {}) },
          });
          const message = res.statusCode === 299 ? undefined : (res.json() as { message?: string }).message;
          if (res.statusCode !== want.status || (want.message !== undefined && message !== want.message)) {
            failures.push(`${alt.join(' ')} ${role.name} / ${x.scope}: ${res.statusCode} ${message ?? ''} (rule says ${want.status} ${want.message ?? ''})`);
          }
        }
      }
    }
    expect(failures, name).toEqual([]);
  }, 60_000);

  it("refuses every session's token on another brand's host", async () => {
    const northway = await t.hostOfUser('ops@northway.example');
    const failures: string[] = [];
    for (const { method, route } of api) {
      if ((route.config?.access as AccessRule).who === 'public') continue;
      const res = await t.call(method, (route.url as string).slice('/api/v1/'.length), { token: ROLES[1]!.token, headers: { host: northway, [PROBE]: '1' } });
      if (res.statusCode !== 401) failures.push(`${method} ${route.url}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
