// The benchmarks' one library: a database (embedded, or BENCH_DATABASE_URL) with units and a site user,
// the ingest server or the whole server in its own process, a fleet of Teltonika devices reporting once a
// second, CPU accounting per process group (so an overloaded machine shows in the figures), percentiles,
// the machine line, a log line, and clean-up when a run is stopped or outlasts its time.
import { applyMigrations, connect, freePort, startEmbeddedPostgres, type Database, type EmbeddedServer } from '@fleet/db';
import { ensureDefaultBrand } from '@fleet/db/seed/index';
import { CODEC_8E, crc16Ibm, encodeAvlPacket, encodeImeiLogin, type AvlRecord } from '@fleet/protocols';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';

export const root = path.resolve(import.meta.dirname, '..');

export interface BenchDb {
  label: string;
  url: string;
  database: Database;
  close(): Promise<void>;
}

/** A fresh database on the embedded PostgreSQL, or on the server named by `externalUrl`. */
export async function benchDatabase(externalUrl?: string): Promise<BenchDb> {
  let embedded: EmbeddedServer | undefined;
  let dir: string | undefined;
  let adminUrl = externalUrl;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fleet-bench-'));
    embedded = await startEmbeddedPostgres({ dataDir: dir, database: 'postgres' });
    adminUrl = embedded.url;
  }
  const name = `fleet_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const version = (await admin.query('SHOW server_version')).rows[0].server_version as string;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const database = connect(u.toString(), { max: 12 });
  await applyMigrations(database);
  await ensureDefaultBrand(database.db, { publicUrl: 'http://localhost:8080' });
  return {
    label: `${embedded ? 'embedded' : 'external'} PostgreSQL ${version}`,
    url: u.toString(),
    database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      await embedded?.stop();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `count` units with IMEIs 990000000000000 + i on one new site; returns the IMEIs. */
export async function createUnits(db: Database, count: number): Promise<string[]> {
  const c = await db.pool.query(`INSERT INTO customers (brand_id, name) SELECT id, 'Bench' FROM brands LIMIT 1 RETURNING id`);
  const s = await db.pool.query(`INSERT INTO sites (customer_id, name) VALUES ($1, 'Bench site') RETURNING id`, [c.rows[0].id]);
  await db.pool.query(`INSERT INTO unit_types (id, name) VALUES (2, 'HGV') ON CONFLICT DO NOTHING`);
  await db.pool.query(
    `INSERT INTO units (site_id, device_id, unit_type_id, registration)
     SELECT $1, (990000000000000 + g)::text, 2, 'BENCH ' || g FROM generate_series(1, $2) g`, [s.rows[0].id, count]);
  return Array.from({ length: count }, (_, i) => String(990000000000000 + i + 1));
}

/** Runs the ingest side (listeners, writer, processor) in its own process, as the server does. */
export async function startIngestProcess(url: string, env: Record<string, string> = {}): Promise<{ port: number; child: ChildProcess; rss(): Promise<number>; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/ingest-server.ts')], {
    env: { ...process.env, BENCH_DB_URL: url, ...env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`ingest server exited with ${code}`)));
  });
  return {
    port, child,
    rss: () => new Promise((resolve) => {
      child.once('message', (m) => resolve((m as { rss: number }).rss));
      child.send('rss');
    }),
    stop: () => new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

// The browser benchmarks' pieces (issue 4): a site with N units and a user of it, the real server in
// its own process, N Teltonika devices each reporting a small move once a second.

export const BENCH_EMAIL = 'bench.operator@fleet.local';
export const BENCH_PASSWORD = 'Bench-password-1!';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** N units on one new site and an operator (usertype 2) of that site; returns the IMEIs and site. */
export async function createFleetSite(db: Database, n: number): Promise<{ imeis: string[]; siteId: number }> {
  const imeis = await createUnits(db, n);
  const site = await db.pool.query(`SELECT id, customer_id FROM sites WHERE name = 'Bench site' ORDER BY id DESC LIMIT 1`);
  const { id: siteId, customer_id: customerId } = site.rows[0] as { id: number; customer_id: number };
  const user = await db.pool.query(
    `INSERT INTO users (email, name, password_hash, usertype, customer_id, default_site_id) VALUES ($1, 'Bench operator', $2, 2, $3, $4) RETURNING id`,
    [BENCH_EMAIL, await hashPassword(BENCH_PASSWORD), customerId, siteId]);
  await db.pool.query('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2)', [user.rows[0].id, siteId]);
  return { imeis, siteId };
}

export interface FleetServer {
  url: string;
  teltonikaPort: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * `node --import tsx apps/server/src/main.ts` against the bench database, on free ports.
 * `nodeArgs` go before the script (e.g. `--cpu-prof`); `env` overrides the server's settings.
 */
export async function startFleetServer(databaseUrl: string, opts: { nodeArgs?: string[]; env?: Record<string, string> } = {}): Promise<FleetServer> {
  const [port, teltonikaPort, osmandPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fleet-bench-data-'));
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', TELTONIKA_PORT: String(teltonikaPort),
      OSMAND_PORT: String(osmandPort), FLEET_DEMO: '0', FLEET_ADMIN_USER: 'bench.admin@fleet.local', FLEET_ADMIN_PASSWORD: 'Bench-admin-1!',
      DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`, ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (c: Buffer) => { output += c.toString(); if (output.length > 20_000) output = output.slice(-10_000); });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
      if (output.includes('is running at')) { clearTimeout(timer); resolve(); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}:\n${output}`)); });
  });
  child.stdout?.resume();
  return {
    url: `http://127.0.0.1:${port}`, teltonikaPort, child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(t);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// Codec 8E, one record: preamble(4) length(4) codec(1) count(1) | timestamp(8) priority(1) lon(4) lat(4) alt(2) angle(2) ...
const OFF = { ts: 10, lon: 19, lat: 23, angle: 29 } as const;

function record(lat: number, lon: number, angle: number, ts: number): AvlRecord {
  return {
    timestampMs: ts, priority: 0, longitude: lon, latitude: lat, altitude: 60, angle, satellites: 11, speedKmh: 32, eventIoId: 0,
    io: new Map([[239, { size: 1, value: 1 } as const], [240, { size: 1, value: 1 } as const], [66, { size: 2, value: 27_500 } as const]]),
    ioVariable: new Map(),
  };
}

function patch(packet: Buffer, lat: number, lon: number, angle: number, ts: number): void {
  packet.writeBigUInt64BE(BigInt(ts), OFF.ts);
  packet.writeInt32BE(Math.round(lon * 1e7), OFF.lon);
  packet.writeInt32BE(Math.round(lat * 1e7), OFF.lat);
  packet.writeUInt16BE(angle, OFF.angle);
  packet.writeUInt32BE(crc16Ibm(packet, 8, packet.length - 4), packet.length - 4);
}

// The patched packet must be exactly what the encoder makes, or the figures measure rejected frames.
{
  const p = encodeAvlPacket({ codec: CODEC_8E, records: [record(53.8, -1.5, 10, 1_700_000_000_000)] });
  patch(p, 52.123_456_7, -0.987_654_3, 271, 1_800_000_000_123);
  const q = encodeAvlPacket({ codec: CODEC_8E, records: [record(52.123_456_7, -0.987_654_3, 271, 1_800_000_000_123)] });
  if (!p.equals(q)) throw new Error('packet patching does not match encodeAvlPacket');
}

/** Where the fleet starts: spread over the English Midlands and North (about 230 x 250 km). */
export const FLEET_BOX = { south: 52.2, north: 54.4, west: -3.0, east: 0.4 };

/**
 * N devices on their own TCP connections. Each reports once a second (spread evenly over the
 * second) a move of about 9 m on a slowly turning heading. A device whose last packet is not yet
 * ACKed skips its turn, as a real one would wait: `skipped` shows a server that cannot keep up.
 */
export class DeviceFleet {
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  private heading: Float64Array;
  private packets: Buffer[] = [];
  private sockets: net.Socket[] = [];
  private outstanding: Uint8Array;
  private timer: ReturnType<typeof setInterval> | undefined;
  sent = 0;
  acked = 0;
  skipped = 0;
  errors = 0;

  constructor(readonly imeis: string[], seed = 1) {
    const n = imeis.length;
    let s = seed;
    const rnd = () => ((s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    this.lat = Float64Array.from({ length: n }, () => FLEET_BOX.south + rnd() * (FLEET_BOX.north - FLEET_BOX.south));
    this.lon = Float64Array.from({ length: n }, () => FLEET_BOX.west + rnd() * (FLEET_BOX.east - FLEET_BOX.west));
    this.heading = Float64Array.from({ length: n }, () => rnd() * 360);
    this.outstanding = new Uint8Array(n);
  }

  /** Opens and logs in every connection, `batch` at a time, spread over loopback source addresses
   * (the server allows 5,000 connections per address, as for devices behind one carrier NAT). */
  async connect(port: number, batch = 200): Promise<void> {
    const n = this.imeis.length;
    for (let i = 0; i < n; i += batch) {
      await Promise.all(this.imeis.slice(i, i + batch).map((imei, k) => this.open(port, i + k, imei)));
    }
  }

  private async open(port: number, i: number, imei: string): Promise<void> {
    const sock = net.connect({ port, host: '127.0.0.1', localAddress: `127.0.0.${2 + (i % 8)}` });
    sock.setNoDelay(true);
    await new Promise<void>((resolve, reject) => { sock.once('connect', () => resolve()); sock.once('error', reject); });
    sock.write(encodeImeiLogin(imei));
    await new Promise<void>((resolve, reject) => {
      sock.once('data', (c: Buffer) => (c[0] === 1 ? resolve() : reject(new Error(`login refused for ${imei}`))));
      sock.once('error', reject);
    });
    let bytes = 0;
    sock.on('data', (c: Buffer) => {
      bytes += c.length;
      while (bytes >= 4) { bytes -= 4; this.acked += 1; if (this.outstanding[i]! > 0) this.outstanding[i]! -= 1; }
    });
    sock.on('error', () => { this.errors += 1; });
    this.sockets[i] = sock;
    this.packets[i] = encodeAvlPacket({ codec: CODEC_8E, records: [record(this.lat[i]!, this.lon[i]!, 0, Date.now())] });
  }

  /** Sends one report from device i now (its next small move). */
  private step(i: number, now: number): void {
    if (this.outstanding[i]! > 0) { this.skipped += 1; return; }
    let h = this.heading[i]! + (Math.random() - 0.5) * 40;
    h = (h + 360) % 360;
    this.heading[i] = h;
    const rad = (h * Math.PI) / 180;
    const m = 9; // metres: 32 km/h for a second
    this.lat[i]! += (m * Math.cos(rad)) / 111_320;
    this.lon[i]! += (m * Math.sin(rad)) / (111_320 * Math.cos((this.lat[i]! * Math.PI) / 180));
    const packet = this.packets[i]!;
    patch(packet, this.lat[i]!, this.lon[i]!, Math.round(h) % 360, now);
    this.outstanding[i] = 1;
    this.sent += 1;
    this.sockets[i]!.write(packet);
  }

  /** Every device once, as fast as the server ACKs (to put a first position on the map). */
  async reportOnce(timeoutMs = 60_000): Promise<void> {
    const target = this.acked + this.imeis.length;
    const now = Date.now();
    for (let i = 0; i < this.imeis.length; i++) this.step(i, now);
    const until = Date.now() + timeoutMs;
    while (this.acked < target && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  }

  /** Starts the once-a-second reports, device i at offset i/N of each second; catches up after a stall. */
  start(): void {
    const n = this.imeis.length;
    const started = Date.now();
    let done = 0;
    this.timer = setInterval(() => {
      const now = Date.now();
      const due = Math.floor(((now - started) / 1000) * n);
      for (; done < due; done++) this.step(done % n, now);
    }, 10);
  }

  stopReporting(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  close(): void {
    this.stopReporting();
    for (const s of this.sockets) s?.destroy();
  }

  counters() {
    return { sent: this.sent, acked: this.acked, skipped: this.skipped, errors: this.errors };
  }
}

/** Wall-clock CPU use (in cores) of process groups, from /proc. */
export class CpuMeter {
  private last = new Map<string, number>();
  private lastAt = 0;
  private lastTotal = { busy: 0, all: 0 };
  constructor(private groups: () => Record<string, number | undefined>) {}

  private static ticks(pid: number): number {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime + cutime + cstime: a process that exited (a PostgreSQL backend) moves into its parent's.
      return Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      return 0;
    }
  }

  private static tree(): Map<number, number[]> {
    const children = new Map<number, number[]>();
    for (const e of readdirSync('/proc')) {
      if (!/^\d+$/.test(e)) continue;
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        children.set(ppid, [...(children.get(ppid) ?? []), Number(e)]);
      } catch { /* gone */ }
    }
    return children;
  }

  private sample(): Map<string, number> {
    const tree = CpuMeter.tree();
    const out = new Map<string, number>();
    const claimed = new Set<number>();
    const sub = (pid: number): number => {
      claimed.add(pid);
      return CpuMeter.ticks(pid) + (tree.get(pid) ?? []).reduce((a, c) => a + sub(c), 0);
    };
    for (const [name, pid] of Object.entries(this.groups())) if (pid) out.set(name, sub(pid));
    // Everything else this process started (the embedded PostgreSQL), and this process itself.
    let rest = CpuMeter.ticks(process.pid);
    out.set('bench', rest);
    rest = 0;
    for (const c of tree.get(process.pid) ?? []) if (!claimed.has(c)) rest += sub(c);
    out.set('postgres', rest);
    return out;
  }

  private static machine(): { busy: number; all: number } {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const all = cpu.reduce((a, b) => a + b, 0);
    return { busy: all - cpu[3]! - cpu[4]!, all };
  }

  begin(): void {
    this.last = this.sample();
    this.lastAt = Date.now();
    this.lastTotal = CpuMeter.machine();
  }

  /** Cores used per group since begin(), and the machine's busy share (0..1). */
  end(): { groups: Record<string, number>; machineBusy: number } {
    const now = this.sample();
    const seconds = (Date.now() - this.lastAt) / 1000;
    const hz = 100;
    const groups: Record<string, number> = {};
    for (const [k, v] of now) groups[k] = (v - (this.last.get(k) ?? 0)) / hz / seconds;
    const t = CpuMeter.machine();
    return { groups, machineBusy: (t.busy - this.lastTotal.busy) / (t.all - this.lastTotal.all) };
  }
}

/** The machine a figure was taken on, for the first line of a benchmark's output. */
export const machine = () =>
  `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;

/** Waits until `n` units of the site have a stored state (their first position went all the way through). */
export async function waitForStates(db: Database, siteId: number, n: number, timeoutMs = 120_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  let have = 0;
  while (Date.now() < until) {
    const r = await db.pool.query('SELECT count(*)::int AS c FROM unit_state s JOIN units u ON u.id = s.unit_id WHERE u.site_id = $1', [siteId]);
    have = r.rows[0].c as number;
    if (have >= n) return have;
    await new Promise((res) => setTimeout(res, 250));
  }
  return have;
}

/**
 * Runs `cleanup` (once) and exits when the run outlasts `timeoutS` (exit 2) or is interrupted
 * (exit 130), so a stuck or stopped benchmark never leaves a server, a browser or a database behind.
 */
export function cleanUpOnExit(cleanup: () => Promise<void>, timeoutS: number, log: (s: string) => void): void {
  const deadline = setTimeout(() => {
    log(`timed out after ${timeoutS} s; cleaning up`);
    void cleanup().then(() => process.exit(2));
  }, timeoutS * 1000);
  deadline.unref();
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void cleanup().then(() => process.exit(130)));
}

/** A benchmark's progress line on stderr: `[name hh:mm:ss] text`. */
export const benchLog = (name: string) => (s: string): void => {
  process.stderr.write(`[${name} ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
};

/** The pid of the Chromium this process started (its browser process), to meter its CPU. */
export function chromiumPid(): number | undefined {
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && readFileSync(`/proc/${e}/cmdline`, 'utf8').includes('chrom')) return Number(e);
    } catch { /* gone */ }
  }
  return undefined;
}
