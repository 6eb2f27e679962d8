import { freePort } from '@fleet/db';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Role } from '../src/cluster/index.ts';

// The multi-process harness (issue 17): the real server (apps/server/src/main.ts) started as several
// processes, each with its own roles, against one fresh PostgreSQL database and one Redis under a
// key prefix of their own, on free ports. The first process to take the migrations' lock migrates
// the empty database; the others wait for it. docs/testing.md, "Issue 17 — multi-process tests".

const root = path.resolve(import.meta.dirname, '../../..');
const main = path.join(root, 'apps/server/src/main.ts');

/** The password of every demo account (FLEET_DEMO_PASSWORD of the node that seeds the demo data). */
export const CLUSTER_DEMO_PASSWORD = 'Demo!2026pass';
/** How many of a node's last output lines are kept, to be shown when something goes wrong. */
const KEPT_LINES = 200;

export interface NodeSpec {
  /** The node's name in the test and in messages ('api-a', 'ingest-b'...). */
  name: string;
  roles: Role[];
  /** More environment for this node only. */
  env?: Record<string, string>;
}

export interface ClusterNode {
  readonly name: string;
  readonly roles: readonly Role[];
  /** PORT (HTTP: the api, or the health answers of another role) and the device listeners' ports. */
  readonly ports: { http: number; teltonika: number; osmand: number; gt06: number; queclink: number };
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** The process now running (a new one after restart()). */
  child: ChildProcess;
  /** The node's last output lines (stdout and stderr), for failure messages. */
  output(): string;
  /** Kills the process with `signal` (SIGKILL: at once, nothing drained) and waits for it to end. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the node again on the same ports and waits until it says it is running. */
  restart(): Promise<void>;
  /** True while the process runs. */
  alive(): boolean;
}

export interface Cluster {
  nodes: Record<string, ClusterNode>;
  /** The cluster's database. */
  databaseUrl: string;
  /** A pool on it for the test's own reads and set-up (opened once the first node is up). */
  pool: pg.Pool;
  /** Every Redis key of the cluster starts with this. */
  prefix: string;
  /** Seconds from the first spawn until every node said it was running. */
  startSeconds: number;
  /** Kills every process (SIGKILL), drops the database, deletes the Redis keys and the data folders. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** A PostgreSQL URL on which a database may be created and dropped (the suite's pgAdminUrl). */
  adminUrl: string;
  redisUrl?: string;
  /** The node that seeds the demo data (FLEET_DEMO=1); the others only migrate. */
  demoNode?: string;
  /** How long a node may take to say it is running (they start side by side on two cores). */
  startTimeoutMs?: number;
}

const isRunning = (line: string) => line.includes(' is running');

/** Every node process started and not yet ended: killed if the test runner itself exits without afterAll (a timeout, ^C). */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
const portTaken = (text: string) => /EADDRINUSE/.test(text);

/**
 * Starts every node side by side and resolves once each has printed that it is running. Throws (after
 * killing what it started and dropping what it made) when one exits or is late, with its last output.
 */
export async function startCluster(specs: NodeSpec[], options: ClusterOptions): Promise<Cluster> {
  const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379';
  const prefix = `t${randomBytes(5).toString('hex')}:`;
  const dbName = `fleet_cluster_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(options.adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  const dataRoot = await mkdtemp(path.join(os.tmpdir(), 'fleet-cluster-'));
  const started = Date.now();
  const nodes: ClusterNode[] = [];
  let pool: pg.Pool | undefined;

  const stop = async () => {
    await Promise.all(nodes.map((n) => n.kill('SIGKILL')));
    await pool?.end().catch(() => {});
    const c = new pg.Client({ connectionString: options.adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
    const redis = new Redis(redisUrl);
    try {
      // SCAN, not KEYS: the Redis is shared with other runs.
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      await redis.quit();
    }
    await rm(dataRoot, { recursive: true, force: true });
  };

  try {
    await Promise.all(specs.map(async (spec) => {
      // A port free when asked can be taken by another process before the node binds it: such a
      // start is tried again on new ports (any other failure is not).
      for (let attempt = 1; ; attempt++) {
        const node = await makeNode(spec, { databaseUrl, redisUrl, prefix, dataDir: path.join(dataRoot, spec.name), demo: spec.name === options.demoNode });
        try {
          await node.start(options.startTimeoutMs ?? 90_000);
          nodes.push(node);
          return;
        } catch (err) {
          await node.kill('SIGKILL');
          if (attempt >= 3 || !portTaken(node.output())) throw err;
        }
      }
    }));
    pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    nodes: Object.fromEntries(nodes.map((n) => [n.name, n])), databaseUrl, pool, prefix,
    startSeconds: (Date.now() - started) / 1000, stop,
  };
}

async function makeNode(spec: NodeSpec, shared: { databaseUrl: string; redisUrl: string; prefix: string; dataDir: string; demo: boolean }) {
  const ports = { http: await freePort(), teltonika: await freePort(), osmand: await freePort(), gt06: await freePort(), queclink: await freePort() };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: shared.databaseUrl, BUS_URL: shared.redisUrl, BUS_PREFIX: shared.prefix, DATA_DIR: shared.dataDir, HOST: '127.0.0.1',
    PORT: String(ports.http), TELTONIKA_PORT: String(ports.teltonika), OSMAND_PORT: String(ports.osmand), GT06_PORT: String(ports.gt06), QUECLINK_PORT: String(ports.queclink),
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn', REPORT_SCHEDULER: '0',
    FLEET_DEMO: shared.demo ? '1' : '0', FLEET_DEMO_PASSWORD: CLUSTER_DEMO_PASSWORD,
    FLEET_ADMIN_USER: 'admin@cluster.test', FLEET_ADMIN_PASSWORD: CLUSTER_DEMO_PASSWORD,
    ...spec.env,
  };
  // The test runner's own settings are not the server's.
  delete env.TEST_DATABASE_URL;
  delete env.FLEET_ROLES;
  let lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > KEPT_LINES) lines = lines.slice(-KEPT_LINES);
  };

  const node: ClusterNode & { start(timeoutMs: number): Promise<void> } = {
    name: spec.name, roles: spec.roles, ports, url: `http://127.0.0.1:${ports.http}`,
    child: undefined as unknown as ChildProcess,
    output: () => lines.map((l) => `  [${spec.name}] ${l}`).join('\n'),
    alive: () => Boolean(node.child) && node.child.exitCode === null && node.child.signalCode === null,
    async kill(signal = 'SIGKILL') {
      const child = node.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const ended = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await ended;
    },
    start(timeoutMs) {
      const child = spawn(process.execPath, ['--import', 'tsx', main, '--roles', spec.roles.join(',')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      node.child = child;
      children.add(child);
      child.once('exit', () => children.delete(child));
      return new Promise<void>((resolve, reject) => {
        let pending = '';
        const timer = setTimeout(() => reject(new Error(`${spec.name} (${spec.roles.join(', ')}) did not say it was running within ${timeoutMs / 1000} s; its last output:\n${node.output()}`)), timeoutMs);
        child.stdout?.on('data', (chunk: Buffer) => {
          keep(chunk);
          pending += chunk.toString();
          if (isRunning(pending)) {
            clearTimeout(timer);
            pending = '';
            resolve();
          } else pending = pending.slice(-200);
        });
        child.stderr?.on('data', keep);
        child.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`${spec.name} (${spec.roles.join(', ')}) ended before it was running (code ${code}, signal ${signal}); its last output:\n${node.output()}`));
        });
      });
    },
    restart: () => node.start(90_000),
  };
  return node;
}

/** The XSRF pair a browser sends with every call that changes something. */
const XSRF = 'cluster-xsrf-token';
export const xsrfHeaders = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };

/** Signs a demo account in on an api node over HTTP; its session is good on every api node (one database). */
export async function loginOn(node: ClusterNode, email: string, password = CLUSTER_DEMO_PASSWORD) {
  const res = await fetch(`${node.url}/api/v1/login`, {
    method: 'POST', headers: { ...xsrfHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ versionstring: 'DEV:231', user: email, pass: password, product: 'fleet' }),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`sign-in of ${email} on ${node.name} failed (${res.status}): ${body}`);
  return (JSON.parse(body) as { user: { token: string; instanceuuid: string; siteid: number; name: string } }).user;
}
