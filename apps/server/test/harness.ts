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

  /** Calls the API with the anti-forgery cookie and header a browser would send. */
  function call(method: 'GET' | 'POST', url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const req: InjectOptions = { method, url: `/api/v1/${url}`, headers };
    if (opts.body !== undefined) req.payload = opts.body as InjectOptions['payload'];
    return app.inject(req);
  }

  async function login(email: string, pass = DEMO_PASSWORD): Promise<SessionUser> {
    const res = await call('POST', 'login', { body: { versionstring: 'DEV:231', user: email, pass, product: 'fleet' } });
    if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.body}`);
    return res.json().user as SessionUser;
  }

  return {
    app, database, call, login, ingest,
    accounts: DEMO_ACCOUNTS,
    async close() {
      await ingest.stop();
      await app.close();
      await database.drop();
    },
  };
}
