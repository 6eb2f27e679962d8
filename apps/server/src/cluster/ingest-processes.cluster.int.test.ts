import { ensureDefaultBrand } from '@fleet/db/seed/index';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort } from '@fleet/db';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { record, TestDevice } from '../../test/device-client.ts';
import { until } from '../../test/until.ts';
import { type Bus, createBus, topics } from '../bus/index.ts';

// INGEST_PROCESSES=2 (issue 17, the ingest on every core): the real server, the ingest role alone in
// two cluster workers, on a database and a Redis key prefix of this file's own. Devices land on both
// workers; one worker killed outright (kill -9) loses no acknowledged record, stores none twice, and
// is started again. On the machine's PostgreSQL and Redis only (multi-process, several seconds).
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const main = fileURLToPath(new URL('../main.ts', import.meta.url));
const DEVICES = 8;


/** The pid inside a node id (host-pid-random, node-id.ts). */
const pidOf = (node: string) => Number(node.split('-').at(-2));

describe('the ingest in two cluster workers', () => {
  const prefix = `t${randomBytes(5).toString('hex')}:`;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ChildProcess | undefined;
  let output = '';
  let bus: Bus | undefined;
  let ports: { http: number; teltonika: number; metrics: number };
  const workerPids = new Set<number>();
  /** The newest heartbeat of each ingest node: its units online and whether it listens. */
  const beacons = new Map<string, { online: number[]; listening: boolean; at: number }>();

  beforeAll(async () => {
    db = await createTestDatabase();
    await ensureDefaultBrand(db.db, { publicUrl: 'http://localhost:8080' });
    const c = await db.pool.query(`INSERT INTO customers (brand_id, name) SELECT id, 'Cores' FROM brands LIMIT 1 RETURNING id`);
    const s = await db.pool.query(`INSERT INTO sites (customer_id, name) VALUES ($1, 'Cores site') RETURNING id`, [c.rows[0].id]);
    await db.pool.query(`INSERT INTO unit_types (id, name) VALUES (2, 'HGV') ON CONFLICT DO NOTHING`);
    await db.pool.query(
      `INSERT INTO units (site_id, device_id, unit_type_id, registration)
       SELECT $1, (356000000000000 + g)::text, 2, 'CORES ' || g FROM generate_series(1, $2) g`, [s.rows[0].id, DEVICES]);
    ports = { http: await freePort(), teltonika: await freePort(), metrics: await freePort() };
    const [osmand, gt06, queclink] = [await freePort(), await freePort(), await freePort()];
    server = spawn(process.execPath, ['--import', 'tsx', main, '--roles', 'ingest'], {
      env: {
        ...process.env, INGEST_PROCESSES: '2', DATABASE_URL: db.url, BUS_URL: REDIS, BUS_PREFIX: prefix, LOG_LEVEL: 'info', HOST: '127.0.0.1',
        PORT: String(ports.http), METRICS_PORT: String(ports.metrics), TELTONIKA_PORT: String(ports.teltonika), OSMAND_PORT: String(osmand), GT06_PORT: String(gt06), QUECLINK_PORT: String(queclink),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-30_000);
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    bus = createBus({ url: REDIS, keyPrefix: `${prefix}bus:`, log: { warn: () => {} } });
    bus.subscribe(topics.ingestBeacons, (b) => {
      beacons.set(b.node, { online: b.online, listening: b.listening, at: Date.now() });
      workerPids.add(pidOf(b.node));
    });
    await bus.ready();
  }, 60_000);

  afterAll(async () => {
    // Whatever happened: the primary and every worker seen end, then the bus, the keys and the database.
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    for (const pid of workerPids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await bus?.close();
    const redis = new Redis(REDIS);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await db?.drop();
  });

  const ready = async () => {
    const res = await fetch(`http://127.0.0.1:${ports.http}/api/v1/health/ready`).catch(() => null);
    return res?.status === 200;
  };

  it('spreads the devices over both workers; a worker killed loses no acknowledged record and comes back', async () => {
    expect(await until(ready, (ok) => ok, 30_000), output).toBe(true);
    const units = (await db.pool.query<{ id: number; device_id: string }>('SELECT id, device_id FROM units ORDER BY id')).rows;
    const acked = new Set<string>();
    let sending = true;
    let reconnects = 0;
    // A device as a real one behaves: a record it has no ACK for is sent again, on a new connection if need be.
    const run = async (unit: { id: number; device_id: string }) => {
      let seq = 0;
      while (sending) {
        const d = await TestDevice.connect(ports.teltonika).catch(() => null);
        if (!d || (await d.login(unit.device_id)) !== 1) {
          d?.close();
          reconnects += 1;
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        while (sending) {
          if ((await d.send([record(seq)], 3000)) !== 1) break;
          acked.add(`${unit.id}:${seq}`);
          seq += 1;
        }
        d.close();
        if (sending) reconnects += 1;
      }
    };
    const devices = Promise.all(units.map(run));

    // Both workers hold devices (the primary hands connections out in turn).
    const holding = () => [...beacons].filter(([, b]) => b.listening && b.online.length > 0);
    const both = await until(() => holding(), (list) => list.length === 2, 15_000);
    expect(both.map(([, b]) => b.online.length).reduce((a, b) => a + b, 0), output).toBe(DEVICES);
    expect(both.length, output).toBe(2);

    // One worker killed outright: its devices' connections drop, they connect again (to the other).
    const [victimNode] = both[0] as [string, unknown];
    const ackedBefore = acked.size;
    process.kill(pidOf(victimNode), 'SIGKILL');
    const back = await until(
      () => [...beacons].filter(([node, b]) => node !== victimNode && !both.some(([n]) => n === node) && b.listening),
      (list) => list.length === 1, 25_000);
    expect(back.length, `no new worker after the kill:\n${output}`).toBe(1);
    expect(output).toContain('ingest worker exited: starting it again');
    expect(await until(ready, (ok) => ok, 10_000), output).toBe(true);
    await until(() => acked.size, (n) => n > ackedBefore + DEVICES * 5, 10_000);
    sending = false;
    await devices;
    expect(reconnects).toBeGreaterThan(0);

    // Every acknowledged record stored, each exactly once.
    const rows = (await db.pool.query<{ unit_id: number; device_time: Date; n: string }>(
      'SELECT unit_id, device_time, count(*) AS n FROM positions GROUP BY unit_id, device_time')).rows;
    const stored = new Map(rows.map((r) => [`${r.unit_id}:${(r.device_time.getTime() - record(0).timestampMs) / 1000}`, Number(r.n)]));
    const missing = [...acked].filter((k) => !stored.has(k));
    expect(missing, 'acknowledged records not stored').toEqual([]);
    expect([...stored.values()].filter((n) => n !== 1), 'records stored more than once').toEqual([]);
    expect(acked.size).toBeGreaterThan(DEVICES * 10);

    // The primary's metrics count every worker's commits: each stored row once, less at most the
    // batch the killed worker committed but could not report (a row per device at most here).
    const metrics = await (await fetch(`http://127.0.0.1:${ports.metrics}/metrics`)).text();
    const counted = Number(/^fleet_positions_stored_total (\d+)/m.exec(metrics)?.[1]);
    expect(counted, metrics.slice(0, 2000)).toBeLessThanOrEqual(rows.length);
    expect(counted).toBeGreaterThanOrEqual(rows.length - DEVICES);

    // The stop drains both workers, then the primary ends cleanly.
    const exited = new Promise<number | null>((resolve) => server?.once('exit', (code) => resolve(code)));
    server?.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(output.match(/ingest worker stopped/g)?.length, output).toBe(2);
  }, 90_000);
});
