import { ensureDefaultBrand, seedDemo, DEMO_ACCOUNTS } from '@fleet/db/seed/index';
import type { SessionUser } from '@fleet/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.ts';
import type { IngestOptions } from '../src/ingest/ingest.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { hashSecret, newSecret, newUuid } from '../src/lib/tokens.ts';
import { sessionRepository, sessionService } from '../src/modules/auth/index.ts';
import { createIngest, deviceLink } from '../src/ingest/ingest.ts';
import pino from 'pino';
import { createTestDatabase } from './database.ts';
import { FIXTURE_NOW } from './device-client.ts';

export const DEMO_PASSWORD = 'Demo!2026pass';
export const XSRF = 'test-xsrf-token';
export const PUBLIC_URL = 'http://fleet.test:8080';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The real app on a fresh database holding the demo data, with helpers to call it as a client would.
 * The events processor's clock is FIXTURE_NOW unless the test passes one (ingest.now): the
 * devices' fixtures report a fixed day, and alerts of a day long past are recorded late, not raised.
 */
export async function createTestApp(options: Partial<AppOptions> & { ingest?: Partial<IngestOptions> } = {}) {
  const database = await createTestDatabase();
  await ensureDefaultBrand(database.db, { publicUrl: PUBLIC_URL });
  await seedDemo(database.db, { passwordHash: await hashPassword(DEMO_PASSWORD), publicUrl: PUBLIC_URL });
  const ingest = createIngest(database.pool, pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), { teltonikaPort: 0, osmandPort: 0, host: '127.0.0.1', now: () => FIXTURE_NOW, ...options.ingest });
  await ingest.start();
  const app: FastifyInstance = await buildApp({
    database, version: 'test', logLevel: 'silent', devices: deviceLink(ingest),
    limits: { perAddressPerMinute: 1000, failuresPerAccount: 5, resetsPerAccount: 1000 }, ...options,
  });

  /** The host each token was issued on: a session is accepted on its own brand's hosts only. */
  const hostOfToken = new Map<string, string>();

  /**
   * Calls the API of `target` (this app, or another api node on the same database: issue 17) with
   * the anti-forgery cookie and header a browser would send (on the token's own host).
   */
  const callOn = (target: FastifyInstance) => async (method: 'GET' | 'POST', url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const host = opts.token ? hostOfToken.get(opts.token) : undefined;
    const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, ...(host ? { host } : {}), ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const req: InjectOptions = { method, url: `/api/v1/${url}`, headers };
    if (opts.body !== undefined) req.payload = opts.body as InjectOptions['payload'];
    const res = await target.inject(req);
    // A new token (sign-in, password change, pick) belongs to the host it was issued on.
    if (res.body.includes('"token"')) {
      const token = (JSON.parse(res.body) as { user?: { token?: unknown } }).user?.token;
      if (typeof token === 'string') hostOfToken.set(token, headers.host ?? 'localhost');
    }
    return res;
  };
  /** Calls this app's API (see callOn). */
  const call = callOn(app);

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

  /**
   * A driver-mode session made directly in the database (a driver's account, its driver record and
   * a registered cab device of the site), for tests of driver calls that are not about signing in.
   * The sign-in itself (driverlogin) has its own tests.
   */
  async function driverSession(siteName: string, name = `Test Driver ${newUuid().slice(0, 8)}`) {
    const { rows: [site] } = await database.pool.query<{ id: number; brand_id: number; host: string | null }>(
      `SELECT s.id, c.brand_id, b.hosts[1] AS host FROM sites s JOIN customers c ON c.id = s.customer_id
         JOIN brands b ON b.id = c.brand_id WHERE s.name = $1`, [siteName]);
    if (!site) throw new Error(`no site ${siteName}`);
    const { rows: [user] } = await database.pool.query<{ id: number }>(
      `INSERT INTO users (email, name, password_hash, usertype, default_site_id) VALUES (NULL, $1, $2, 3, $3) RETURNING id`,
      [name, await hashPassword(DEMO_PASSWORD), site.id]);
    await database.pool.query('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2)', [user!.id, site.id]);
    const { rows: [driver] } = await database.pool.query<{ id: number }>(
      'INSERT INTO drivers (site_id, name, user_id) VALUES ($1, $2, $3) RETURNING id', [site.id, name, user!.id]);
    const instanceUuid = newUuid();
    const { rows: [cab] } = await database.pool.query<{ id: number }>(
      `INSERT INTO cab_devices (site_id, name, instance_uuid, key_hash, registered_at) VALUES ($1, $2, $3, $4, now()) RETURNING id`,
      [site.id, `${name}'s cab`, instanceUuid, hashSecret(newSecret())]);
    const sessions = sessionService(sessionRepository(database.db));
    const { rows: [userRow] } = await database.pool.query('SELECT * FROM users WHERE id = $1', [user!.id]);
    const userForSession = { ...userRow, passwordHash: userRow.password_hash, mustChangePassword: false, disabled: false, usertype: 3, id: user!.id };
    const { token } = await sessions.openDriver(userForSession, {
      cabDeviceId: cab!.id, driverId: driver!.id, siteId: site.id, instanceUuid, brandId: site.brand_id,
    }, 'test');
    hostOfToken.set(token, site.host ?? 'localhost');
    return { token, userId: user!.id, driverId: driver!.id, cabDeviceId: cab!.id, siteId: site.id, instanceUuid, name };
  }

  return {
    app, database, call, callOn, login, ingest, hostOfUser, driverSession,
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

/**
 * A second api node (issue 17): another app on the same database and device side as `t`, as a load
 * balancer would put beside it. Give both the same bus (createTestApp({ bus }), then here) for the
 * changes one makes to reach the other; close this one before `t`, and the bus after both.
 */
export async function secondNode(t: TestApp, options: Partial<AppOptions> = {}) {
  const app = await buildApp({
    database: t.database, version: 'test', logLevel: 'silent', devices: deviceLink(t.ingest),
    limits: { perAddressPerMinute: 1000, failuresPerAccount: 5, resetsPerAccount: 1000 }, ...options,
  });
  return { app, call: t.callOn(app), close: () => app.close() };
}
