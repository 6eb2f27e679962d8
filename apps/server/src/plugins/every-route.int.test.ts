import { schema } from '@fleet/db';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, XSRF } from '../../test/harness.ts';
import { fieldPaths, sample, SAMPLES, setPath } from '../../test/route-inputs.ts';
import { hashPassword } from '../lib/passwords.ts';

// Walks the real app's route table (collected with Fastify's onRoute as the app is built) and
// sends hostile values in every body and query field of every call, signed in as a super
// administrator on a site so calls reach their handlers. No answer may be a 500 or show a stack.
// A new route is walked without being named here; it fails until it answers hostile input well.

const routes: RouteOptions[] = [];
const log: string[] = [];
const t = await createTestApp({
  onRoute: (r) => { routes.push(r); },
  commandTimeoutMs: 300,
  logLevel: 'warn',
  logStream: { write: (line: string) => { log.push(line); } },
});
afterAll(async () => { await t.close(); });

const ROOT = { email: 'walker@fleet.test', password: 'Walker!pass123' };
await t.database.db.insert(schema.users).values({ email: ROOT.email, name: 'Walker', usertype: 0, passwordHash: await hashPassword(ROOT.password) });
let token = '';
async function signIn(): Promise<void> {
  const user = await t.login(ROOT.email, ROOT.password);
  const companies = (await t.call('GET', 'companies', { token: user.token })).json().companies as Array<{ companyid: number }>;
  const picked = await t.call('GET', `pick?companyid=${companies[0]?.companyid}`, { token: user.token });
  token = picked.json().user?.token ?? user.token;
}
await signIn();

const big = 'x'.repeat(100_000);
const BODY_VALUES: unknown[] = [
  2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, 1e308, -1, 0, -0.5, 1.5, '2147483648', '99999999999999999999', '-1', '1.5', '1e400', 'NaN',
  '\u0000', 'a\u0000b', `${big}`, '2026-99-99', '0000-01-01', '9999-12-31', '2026-02-30', '', ' ', 'abc', '\ud800', "' OR 1=1 --",
  true, false, null, [], [1, 2], ['\u0000'], { a: { b: { c: 1 } } }, { $gt: '' },
];
const QUERY_VALUES: string[] = [
  '2147483648', '99999999999999999999', '-1', '0', '1.5', '1e400', 'NaN', 'Infinity', '\u0000', 'a\u0000b', big, '2026-99-99',
  '0000-01-01', '2026-02-30', '', 'abc', '%', '%00', '[object Object]', '\ud800',
];
const WHOLE_BODIES: unknown[] = [[], [1], 'text', 12, null, { a: { b: { c: { d: {} } } } }, { ['x'.repeat(1000)]: 1 }];
/** Answers that are the server's own words about a service, not a failure (what3words without a key, a device that is silent). */
const DELIBERATE_5XX = new Set([502, 503, 504]);
const STACK = /\n\s+at |node_modules|\.ts:\d+|\bError: |stack/i;

/** Percent-encodes as a client would; a lone surrogate (which has no UTF-8) goes as the bytes a broken client sends. */
function enc(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
}
function qs(params: Record<string, unknown>): string {
  const parts = Object.entries(params).map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v : JSON.stringify(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

async function send(method: string, url: string, body: unknown, raw = false) {
  const go = () => t.app.inject({
    method: method as 'GET', url,
    headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, authorization: `Bearer ${token}`, ...(raw || body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: raw ? (body as string) : JSON.stringify(body) } : {}),
  });
  let res = await go();
  // A call that ended the session (logout, pick, changepassword): sign in again and repeat it.
  if (res.statusCode === 401 && res.json().tokenerror === 1) {
    await signIn();
    res = await go();
  }
  return res;
}

const api = routes
  .filter((r) => typeof r.url === 'string' && r.url.startsWith('/api/v1/'))
  .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((method) => ({ method, route: r })));

describe('every API call answers hostile input without a 500 or a stack', () => {
  it('walks the whole route table', () => {
    expect(api.length).toBeGreaterThan(40);
  });

  it.each(api.map((a) => [`${a.method} ${a.route.url}`, a] as const))('%s', async (name, { method, route }) => {
    const bodySchema = route.schema?.body as z.ZodType | undefined;
    const querySchema = route.schema?.querystring as z.ZodType | undefined;
    const given = SAMPLES[name];
    const fresh = () => (typeof given === 'function' ? given() : given);
    let body = bodySchema ? (fresh() ?? sample(bodySchema)) : undefined;
    const query = querySchema ? ((method === 'GET' ? fresh() : undefined) ?? sample(querySchema)) as Record<string, unknown> : {};
    // The walker needs a valid input to put each hostile value in; a new cross-field rule needs a SAMPLES entry.
    if (bodySchema) expect(bodySchema.safeParse(body).success, `no valid sample body for ${name}: add one to SAMPLES`).toBe(true);
    if (querySchema) expect(querySchema.safeParse(query).success, `no valid sample query for ${name}: add one to SAMPLES`).toBe(true);

    const failures: string[] = [];
    const check = async (what: string, url: string, payload: unknown, raw = false) => {
      const res = await send(method, url, payload, raw);
      const bad = res.statusCode === 500 || (res.statusCode >= 500 && !DELIBERATE_5XX.has(res.statusCode)) || STACK.test(res.body);
      if (bad) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    const url = route.url as string;
    for (const path of querySchema ? fieldPaths(querySchema) : []) {
      for (const v of QUERY_VALUES) await check(`query ${path.join('.')}=${JSON.stringify(v).slice(0, 30)}`, `${url}${qs({ ...query, [path[0] as string]: v })}`, body);
      await check(`query ${path.join('.')} repeated`, `${url}${qs(query)}&${path[0]}=1`, body);
      await check(`query ${path.join('.')}[a]`, `${url}${qs(query)}&${path[0]}%5Ba%5D=1`, body);
      for (const raw of ['%', '%zz', '%ff%fe', '%C0%80']) await check(`query ${path.join('.')}=${raw} (raw)`, `${url}${qs({ ...query, [path[0] as string]: 'x' })}`.replace(`${path[0]}=x`, `${path[0]}=${raw}`), body);
    }
    for (const v of QUERY_VALUES.slice(0, 6)) await check(`unknown query parameter ${JSON.stringify(v).slice(0, 30)}`, `${url}${qs({ ...query, zz: v })}`, body);
    if (method !== 'GET') {
      for (const path of bodySchema ? fieldPaths(bodySchema) : []) {
        for (const v of BODY_VALUES) {
          if (typeof given === 'function') body = given();
          await check(`body ${path.join('.')}=${JSON.stringify(v).slice(0, 30)}`, `${url}${qs(query)}`, setPath(body, path, v));
        }
      }
      for (const whole of WHOLE_BODIES) await check(`body ${JSON.stringify(whole).slice(0, 30)}`, `${url}${qs(query)}`, whole);
      await check('body {"zz":"\\u0000"}', `${url}${qs(query)}`, { ...(body as object), zz: '\u0000' });
      await check('body not JSON', `${url}${qs(query)}`, '{"a":', true);
    }
    expect(failures, name).toEqual([]);
  }, 120_000);

  it('logged no error while walking', () => {
    const errors = log.filter((l) => { try { return (JSON.parse(l) as { level: number }).level >= 50; } catch { return false; } });
    expect(errors.map((l) => l.slice(0, 300))).toEqual([]);
  });
});
