// The ingest on every core (issue 17): the ingest role alone (the real server, `main.ts --roles ingest`)
// in one process against INGEST_PROCESSES=2 cluster workers, the same load, on the machine's PostgreSQL.
// Load: `--devices` Teltonika devices over TCP, each sending a packet of `--records` records and the
// next as soon as its ACK arrives (an ACK follows the commit), so the server's pace sets the rate.
// Each run has a fresh database; after a warm-up the window's stored records/s are counted in the log
// (count(*) at its start and end) beside the ACKed ones; at the end every ACKed record must be stored
// once (the devices stop after their last ACK, the server drains). Runs alternate 1, 2, 1, 2, … so a
// machine shared with other work skews both alike; every run is printed, then the medians and ratio.
// CPU per group (cores used in the window) and the time its threads waited on a run queue for a core
// (schedstat; seconds a second): the server (primary and workers), the database (the
// postmaster's whole tree: other databases on a shared server count too), this generator, the machine.
// Usage: npx tsx bench/ingest-cores.ts [--devices 400] [--records 10] [--warmup 5] [--seconds 20] [--runs 2]
//        [--processes 2] [--external postgres://postgres@127.0.0.1:5432/postgres] [--bus redis://127.0.0.1:6379]
import { CODEC_8E, crc16Ibm, encodeAvlPacket, encodeImeiLogin, type AvlRecord } from '@fleet/protocols';
import { freePort } from '@fleet/db';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { benchDatabase, benchLog, cleanUpOnExit, CpuMeter, createUnits, machine, root } from './lib.ts';

const { values } = parseArgs({ options: {
  devices: { type: 'string', default: '400' }, records: { type: 'string', default: '10' },
  warmup: { type: 'string', default: '5' }, seconds: { type: 'string', default: '20' }, runs: { type: 'string', default: '2' },
  processes: { type: 'string', default: '2' },
  external: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' }, bus: { type: 'string', default: 'redis://127.0.0.1:6379' },
} });
const devices = Number(values.devices);
const perPacket = Number(values.records);
const warmupS = Number(values.warmup);
const seconds = Number(values.seconds);
const rounds = Number(values.runs);
const many = Number(values.processes);
if (![devices, perPacket, seconds, rounds, many].every((n) => Number.isInteger(n) && n >= 1) || !(warmupS >= 0)) {
  throw new Error('--devices, --records, --seconds, --runs and --processes must be whole numbers of at least 1, --warmup 0 or more');
}
const log = benchLog('ingest-cores');

function records(n: number, startMs: number): AvlRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    timestampMs: startMs + i * 1000, priority: 0, longitude: -1.55 + i * 1e-5, latitude: 53.79, altitude: 50,
    angle: 90, satellites: 10, speedKmh: 50, eventIoId: 0,
    io: new Map([[239, { size: 1, value: 1 } as const], [240, { size: 1, value: 1 } as const], [66, { size: 2, value: 27_500 } as const],
      [16, { size: 4, value: 1000 + i } as const], [89, { size: 1, value: 60 } as const], [85, { size: 2, value: 1400 } as const]]),
    ioVariable: new Map(),
  }));
}

/** One device: logs in, then sends packet after packet, each after the last one's ACK, until `load.on` is false. */
async function device(port: number, imei: string, load: { on: boolean; acked: number }): Promise<void> {
  const sock = net.connect(port, '127.0.0.1');
  sock.setNoDelay(true);
  let buf = Buffer.alloc(0);
  let waiter: (() => void) | undefined;
  let closed = false;
  sock.on('data', (c) => { buf = Buffer.concat([buf, c]); waiter?.(); });
  sock.on('close', () => { closed = true; waiter?.(); });
  sock.on('error', () => {});
  const read = async (n: number) => {
    while (buf.length < n) {
      if (closed) throw new Error(`the server closed device ${imei}'s connection`);
      await new Promise<void>((r) => { waiter = r; });
    }
    const out = buf.subarray(0, n);
    buf = buf.subarray(n);
    return out;
  };
  await new Promise((r, j) => { sock.once('connect', r); sock.once('error', j); });
  sock.write(encodeImeiLogin(imei));
  if ((await read(1))[0] !== 1) throw new Error(`login refused for ${imei}`);
  // Encoded once; each packet only patches its records' times and the CRC, so the generator (on the
  // same two cores as the server and the database) costs as little as it can.
  const startMs = Date.now() - 3 * 86_400_000;
  const packet = encodeAvlPacket({ codec: CODEC_8E, records: records(perPacket, startMs) });
  const recordBytes = (packet.length - 8 - 2 - 1 - 4) / perPacket;
  let seq = 0;
  while (load.on) {
    for (let k = 0; k < perPacket; k++) packet.writeBigUInt64BE(BigInt(startMs + (seq + k) * 1000), 10 + k * recordBytes);
    packet.writeUInt32BE(crc16Ibm(packet, 8, packet.length - 4), packet.length - 4);
    sock.write(packet);
    const ack = (await read(4)).readUInt32BE(0);
    if (ack !== perPacket) throw new Error(`ACK ${ack} for ${perPacket}`);
    load.acked += ack;
    seq += perPacket;
  }
  sock.destroy();
}

/** The machine PostgreSQL's postmaster (its tree is the database's CPU), from its data directory's pid file. */
async function postmasterPid(db: Awaited<ReturnType<typeof benchDatabase>>): Promise<number | undefined> {
  try {
    const dir = (await db.database.pool.query('SHOW data_directory')).rows[0].data_directory as string;
    return Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

/**
 * Seconds the threads of a process tree have waited on a run queue for a core, so far
 * (/proc/<pid>/task/<tid>/schedstat, second field, ns): how much the cores, not the work, held it back.
 */
function waitedForCore(rootPid: number | undefined): number {
  if (!rootPid) return 0;
  const children = new Map<number, number[]>();
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(e)]);
    } catch { /* gone */ }
  }
  let ns = 0;
  const walk = (pid: number) => {
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
    } catch { /* gone */ }
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(rootPid);
  return ns / 1e9;
}

interface Server { child: ChildProcess; port: number; stop(): Promise<number | null>; output(): string }

/** The real server, the ingest role alone, in `processes` processes; resolves once it answers ready. */
async function startServer(url: string, processes: number, prefix: string): Promise<Server> {
  const [http, teltonika, osmand, gt06, queclink] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), '--roles', 'ingest'], {
    cwd: root,
    env: {
      ...process.env, DATABASE_URL: url, BUS_URL: values.bus, BUS_PREFIX: prefix, INGEST_PROCESSES: String(processes), LOG_LEVEL: 'warn',
      HOST: '127.0.0.1', PORT: String(http), TELTONIKA_PORT: String(teltonika), OSMAND_PORT: String(osmand), GT06_PORT: String(gt06), QUECLINK_PORT: String(queclink),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (c: Buffer) => { output = (output + c.toString()).slice(-20_000); };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const end = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const res = await fetch(`http://127.0.0.1:${http}/api/v1/health/ready`).catch(() => null);
    if (res?.status === 200) break;
    if (Date.now() > end) throw new Error(`the server was not ready in 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    child, port: teltonika, output: () => output,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    }),
  };
}

let current: { server?: Server; db?: Awaited<ReturnType<typeof benchDatabase>>; prefix?: string } = {};
async function dropKeys(prefix: string): Promise<void> {
  const redis = new Redis(values.bus);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}
cleanUpOnExit(async () => {
  if (current.server?.child.exitCode === null) current.server.child.kill('SIGKILL');
  await current.db?.close().catch(() => {});
  if (current.prefix) await dropKeys(current.prefix).catch(() => {});
}, 60 * 60, log);

async function run(processes: number) {
  const db = await benchDatabase(values.external);
  const prefix = `bench${randomBytes(4).toString('hex')}:`;
  current = { db, prefix };
  const imeis = await createUnits(db.database, devices);
  const server = await startServer(db.url, processes, prefix);
  current.server = server;
  const pm = await postmasterPid(db);
  const cpu = new CpuMeter(() => ({ server: server.child.pid, database: pm }));
  const load = { on: true, acked: 0 };
  const fleet = Promise.all(imeis.map((imei) => device(server.port, imei, load)));
  const count = async () => Number((await db.database.pool.query('SELECT count(*) FROM positions')).rows[0].count);
  await new Promise((r) => setTimeout(r, warmupS * 1000));
  const before = { stored: await count(), acked: load.acked, at: Date.now() };
  cpu.begin();
  const waitedBefore = { server: waitedForCore(server.child.pid), database: waitedForCore(pm) };
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const used = cpu.end();
  const waited = { server: waitedForCore(server.child.pid) - waitedBefore.server, database: waitedForCore(pm) - waitedBefore.database };
  const after = { stored: await count(), acked: load.acked, at: Date.now() };
  load.on = false;
  await fleet;
  const code = await server.stop();
  if (code !== 0) throw new Error(`the server's drain ended with ${code}:\n${server.output()}`);
  const total = Number((await db.database.pool.query(
    'SELECT count(*) AS n FROM (SELECT DISTINCT unit_id, device_time, event_io FROM positions) d')).rows[0].n);
  const rows = await count();
  const window = (after.at - before.at) / 1000;
  waited.server /= window;
  waited.database /= window;
  const r = {
    processes, stored: (after.stored - before.stored) / window, acked: (after.acked - before.acked) / window,
    ackedTotal: load.acked, rows, distinct: total, cpu: used, waited,
  };
  await db.close();
  await dropKeys(prefix);
  current = {};
  if (r.rows !== r.ackedTotal || r.distinct !== r.rows) throw new Error(`not exactly once: ${r.ackedTotal} ACKed, ${r.rows} stored, ${r.distinct} distinct`);
  return r;
}

const cores = (g: Record<string, number>, k: string) => (g[k] ?? 0).toFixed(2);
const results: Awaited<ReturnType<typeof run>>[] = [];
log(`machine: ${machine()}; load average now ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
log(`${devices} devices, ${perPacket} records a packet, warm-up ${warmupS} s, window ${seconds} s, ${rounds} rounds of 1 and ${many} processes`);
for (let i = 0; i < rounds; i++) {
  for (const processes of [1, many]) {
    const r = await run(processes);
    results.push(r);
    log(`processes ${processes}: ${Math.round(r.stored)} stored records/s (${Math.round(r.acked)} ACKed/s); `
      + `cores used: server ${cores(r.cpu.groups, 'server')} (${((r.cpu.groups.server ?? 0) * 1e6 / r.stored).toFixed(0)} µs a record), database ${cores(r.cpu.groups, 'database')}, generator ${cores(r.cpu.groups, 'bench')}; `
      + `waited for a core: server ${r.waited.server.toFixed(2)} s a second, database ${r.waited.database.toFixed(2)}; `
      + `machine ${(r.cpu.machineBusy * 100).toFixed(0)} % busy; ${r.ackedTotal} ACKed = ${r.rows} stored = ${r.distinct} distinct`);
  }
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] as number : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};
const one = median(results.filter((r) => r.processes === 1).map((r) => r.stored));
const more = median(results.filter((r) => r.processes === many).map((r) => r.stored));
log(`median: 1 process ${Math.round(one)} stored records/s, ${many} processes ${Math.round(more)}; ratio ${(more / one).toFixed(2)}`);
process.exit(0);
