import { ensureDefaultBrand, seedDemo, DEMO_ACCOUNTS } from '@fleet/db/seed/index';
import type { SessionUser } from '@fleet/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.ts';
import type { IngestOptions } from '../src/ingest/ingest.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createIngest, deviceLink } from '../src/ingest/ingest.ts';
import pino from 'pino';
import { createTestDatabase } from './database.ts';

export const DEMO_PASSWORD = 'Demo!2026pass';
export const XSRF = 'test-xsrf-token';
export const PUBLIC_URL = 'http://fleet.test:8080';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The real app on a fresh database holding the demo data, with helpers to call it as a client would. */
export async function createTestApp(options: Partial<AppOptions> & { ingest?: Partial<IngestOptions> } = {}) {
  const database = await createTestDatabase();
  await ensureDefaultBrand(database.db, { publicUrl: PUBLIC_URL });
  await seedDemo(database.db, { passwordHash: await hashPassword(DEMO_PASSWORD), publicUrl: PUBLIC_URL });
  const ingest = createIngest(database.pool, pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), { teltonikaPort: 0, osmandPort: 0, host: '127.0.0.1', ...options.ingest });
  await ingest.start();
  const app: FastifyInstance = await buildApp({
    database, version: 'test', logLevel: 'silent', devices: deviceLink(ingest),
    limits: { perAddressPerMinute: 1000, failuresPerAccount: 5, resetsPerAccount: 1000 }, ...options,
  });

  /** The host each token was issued on: a session is accepted on its own brand's hosts only. */
  const hostOfToken = new Map<string, string>();

  /** Calls the API with the anti-forgery cookie and header a browser would send (on the token's own host). */
  async function call(method: 'GET' | 'POST', url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const host = opts.token ? hostOfToken.get(opts.token) : undefined;
    const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, ...(host ? { host } : {}), ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const req: InjectOptions = { method, url: `/api/v1/${url}`, headers };
    if (opts.body !== undefined) req.payload = opts.body as InjectOptions['payload'];
    const res = await app.inject(req);
    // A new token (sign-in, password change, pick) belongs to the host it was issued on.
    if (res.body.includes('"token"')) {
      const token = (JSON.parse(res.body) as { user?: { token?: unknown } }).user?.token;
      if (typeof token === 'string') hostOfToken.set(token, headers.host ?? 'localhost');
    }
    return res;
  }

  /** A host of the brand the user belongs to (their customer's, else the default brand). */
  async function hostOfUser(email: string): Promise<string> {
    const res = await database.pool.query<{ host: string | null }>(
      `SELECT b.hosts[1] AS host FROM users u LEFT JOIN customers c ON c.id = u.customer_id
         JOIN brands b ON b.id = COALESCE(c.brand_id, (SELECT id FROM brands ORDER BY is_default DESC, id LIMIT 1))
        WHERE lower(u.email) = lower($1)`, [email]);
    return res.rows[0]?.host ?? 'localhost';
  }

  /** Signs in on the user's own brand's host, as their browser would. */
  async function login(email: string, pass = DEMO_PASSWORD): Promise<SessionUser> {
    const host = await hostOfUser(email);
    const res = await call('POST', 'login', { body: { versionstring: 'DEV:231', user: email, pass, product: 'fleet' }, headers: { host } });
    if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.body}`);
    const user = res.json().user as SessionUser;
    hostOfToken.set(user.token, host);
    return user;
  }

  return {
    app, database, call, login, ingest, hostOfUser,
    /** Headers for a socket of this token's session: its own brand's host (a session works only there). */
    socketHeaders: (token: string): Record<string, string> => ({ host: hostOfToken.get(token) ?? 'localhost' }),
    /** Waits until queued reset requests and mail have been handed over. */
    settled: () => app.settleMail(),
    accounts: DEMO_ACCOUNTS,
    async close() {
      await ingest.stop();
      await app.close();
      await database.drop();
    },
  };
}
