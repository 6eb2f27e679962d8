// Chaos run: a simulated fleet drives the server while the server is killed with SIGKILL at random
// moments and restarted, and the database is restarted. Afterwards the devices drain their backlogs
// and every record they generated (so every record ACKed) must be stored exactly once.
// With INGEST_PROCESSES=2 (and BUS_URL) in the environment the server runs its ingest in cluster
// workers; `--worker-kills N` then also kills N of those workers (SIGKILL), which the server's
// primary starts again by itself (issue 17, the ingest on every core).
// Usage: npx tsx bench/chaos.ts [--devices 500] [--seconds 90] [--kills 5] [--db-restarts 2] [--worker-kills 0] [--interval 1]
import { applyMigrations, connect, freePort, startEmbeddedPostgres, type EmbeddedServer } from '@fleet/db';
import { runFleet, syntheticSpecs } from '@fleet/simulator';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ChaosOptions {
  devices: number; seconds: number; kills: number; dbRestarts: number; intervalMs: number; log?: (s: string) => void;
  /** Ingest cluster workers to kill (the server started with INGEST_PROCESSES > 1); default none. */
  workerKills?: number;
}
export interface ChaosResult {
  /** Servers that ended by themselves after they had started (an unheard error: never expected). */
  crashes: number;
  /** Starts that failed (exit 1, 'could not start') while the database was stopping or stopped: a supervisor starts the server again. */
  failedStarts: number;
  generated: number; acked: number; resent: number; stored: number; distinct: number; buffered: number; kills: number; dbRestarts: number; connects: number;
  workerKills: number }

/** The pids of a process's children (the server's cluster workers), from /proc. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(e));
    } catch { /* gone */ }
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runChaos(o: ChaosOptions): Promise<ChaosResult> {
  const log = o.log ?? ((s: string) => console.log(s));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fleet-chaos-'));
  const pgPort = await freePort();
  let db: EmbeddedServer = await startEmbeddedPostgres({ dataDir: dir, port: pgPort });
  const database = connect(db.url, { max: 2 });
  await applyMigrations(database);
  const specs = syntheticSpecs(o.devices);
  await database.pool.query(`INSERT INTO brands (key, name, theme_color, logo_svg, favicon_svg, public_url, sender_address, is_default)
    VALUES ('chaos', 'Chaos', '#333333', '<svg/>', '<svg/>', 'http://localhost', 'x@example.com', true)`);
  await database.pool.query(`INSERT INTO customers (brand_id, name) SELECT id, 'Chaos' FROM brands`);
  await database.pool.query(`INSERT INTO sites (customer_id, name) SELECT id, 'Chaos site' FROM customers`);
  await database.pool.query(`INSERT INTO unit_types (id, name) VALUES (1, 'Van'), (2, 'HGV'), (3, 'Car'), (16, 'PTO') ON CONFLICT DO NOTHING`);
  await database.pool.query(`INSERT INTO units (site_id, device_id, unit_type_id, registration)
    SELECT (SELECT id FROM sites LIMIT 1), d, t, 'CHAOS ' || d FROM unnest($1::text[], $2::int[]) AS x(d, t)`,
    [specs.map((s) => s.imei), specs.map((s) => s.unitTypeId)]);
  await database.close();

  const port = await freePort();
  const env = {
    ...process.env, DATABASE_URL: db.url, PORT: String(await freePort()), TELTONIKA_PORT: String(port), OSMAND_PORT: String(await freePort()),
    FLEET_DEMO: '0', FLEET_ADMIN_USER: 'chaos@example.com', FLEET_ADMIN_PASSWORD: 'Chaos!pass1', LOG_LEVEL: 'error',
  };
  let server: ChildProcess | undefined;
  let killing = false;
  let finished = false;
  let crashes = 0;
  let failedStarts = 0;
  // Like a supervisor: a server that stops by itself is counted, reported and started again. A
  // server that had not said it was running failed its start: with the database going away in the
  // middle of it (a restart below), the start ends with 'could not start' and exit code 1, and the
  // supervisor starts it again; that is counted apart from a running server that dies.
  const startServer = () => {
    // The server's log (errors only, LOG_LEVEL) goes on to ours: it says why a server stopped by itself.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    server = child;
    let running = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (chunk.toString().includes('is running at')) running = true;
    });
    child.once('exit', (code, signal) => {
      if (killing || finished || child !== server) return;
      if (running) crashes++;
      else failedStarts++;
      log(`chaos: the server ${running ? 'stopped by itself' : 'could not start'} (code ${code}, signal ${signal}); starting it again`);
      setTimeout(startServer, 500);
    });
  };
  startServer();

  const fleet = runFleet({
    devices: specs, host: '127.0.0.1', port, osmandPort: 1, intervalMs: o.intervalMs, recordsPerPacket: 10,
    ackTimeoutMs: 5000, backoffMs: { initial: 200, max: 2000 }, statusEveryMs: 0, quiet: true, staggerMs: 2000,
  });

  // Chaos: kills and database restarts at random moments across the run.
  const end = Date.now() + o.seconds * 1000;
  const events = [...Array(o.kills).fill('kill'), ...Array(o.dbRestarts).fill('db'), ...Array(o.workerKills ?? 0).fill('worker')]
    .map((kind) => ({ kind, at: Date.now() + 3000 + Math.random() * (o.seconds * 1000 - 8000) }))
    .sort((a, b) => a.at - b.at);
  let kills = 0;
  let dbRestarts = 0;
  let workerKills = 0;
  for (const e of events) {
    await sleep(Math.max(0, e.at - Date.now()));
    if (e.kind === 'worker') {
      // One of the server's ingest workers, if it has any running now; its primary starts it again.
      const workers = server?.pid ? childrenOf(server.pid) : [];
      const victim = workers[Math.floor(Math.random() * workers.length)];
      if (victim === undefined) {
        log('chaos: no ingest worker running to kill (the server is starting, or runs without INGEST_PROCESSES > 1)');
        continue;
      }
      process.kill(victim, 'SIGKILL');
      workerKills++;
      log(`chaos: ingest worker ${victim} killed with SIGKILL (${workerKills}); ${fleet.stats().acked} records ACKed so far`);
    } else if (e.kind === 'kill') {
      killing = true;
      const victim = server;
      if (victim && victim.exitCode === null && victim.signalCode === null) {
        victim.kill('SIGKILL');
        await new Promise((r) => victim.once('exit', r));
      }
      killing = false;
      kills++;
      log(`chaos: server killed with SIGKILL (${kills}); ${fleet.stats().acked} records ACKed so far`);
      await sleep(300 + Math.random() * 1500);
      startServer();
    } else {
      await db.stop();
      dbRestarts++;
      log(`chaos: database stopped (${dbRestarts})`);
      await sleep(500 + Math.random() * 1500);
      db = await startEmbeddedPostgres({ dataDir: dir, port: pgPort });
      log('chaos: database started again');
    }
  }
  await sleep(Math.max(0, end - Date.now()));

  // Drain: no new records; every device sends its backlog until it is acknowledged.
  fleet.pauseGeneration();
  const drainEnd = Date.now() + 120_000;
  while (fleet.stats().buffered > 0 && Date.now() < drainEnd) await sleep(500);
  const final = await fleet.stop();
  finished = true;
  const last = server;
  if (last && last.exitCode === null && last.signalCode === null) {
    last.kill('SIGTERM');
    await new Promise((r) => last.once('exit', r));
  }

  const check = connect(db.url, { max: 1 });
  const r = await check.pool.query(`SELECT count(*)::int AS stored, count(DISTINCT (unit_id, device_time, event_io))::int AS distinct FROM positions`);
  await check.close();
  await db.stop();
  await rm(dir, { recursive: true, force: true });
  return {
    generated: final.generated, acked: final.acked, resent: final.resent, buffered: final.buffered, connects: final.connects,
    stored: r.rows[0].stored, distinct: r.rows[0].distinct, kills, dbRestarts, crashes, failedStarts, workerKills,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: {
    devices: { type: 'string', default: '500' }, seconds: { type: 'string', default: '90' }, kills: { type: 'string', default: '5' },
    'db-restarts': { type: 'string', default: '2' }, 'worker-kills': { type: 'string', default: '0' }, interval: { type: 'string', default: '1' },
  } });
  const r = await runChaos({
    devices: Number(values.devices), seconds: Number(values.seconds), kills: Number(values.kills),
    dbRestarts: Number(values['db-restarts']), intervalMs: Number(values.interval) * 1000, workerKills: Number(values['worker-kills']),
  });
  const ok = r.buffered === 0 && r.stored === r.generated && r.distinct === r.stored;
  console.log(`chaos: ${r.kills} server kills, ${r.workerKills} ingest worker kills, ${r.dbRestarts} database restarts, ${r.crashes} unplanned server exits, ${r.failedStarts} failed starts, ${r.connects} device connects`);
  console.log(`records: generated ${r.generated}, ACKs received ${r.acked} (re-sent ${r.resent}), left unsent ${r.buffered}, stored ${r.stored}, stored distinct ${r.distinct}`);
  console.log(ok ? 'chaos: PASS — every generated record is stored exactly once' : 'chaos: FAIL');
  process.exit(ok ? 0 : 1);
}
