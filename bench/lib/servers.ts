// The ingest side, or the whole server, in a process of its own, as production runs them.
import { freePort } from '@fleet/db';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** Runs the ingest side (listeners, writer, processor) in its own process, as the server does. */
export async function startIngestProcess(url: string, env: Record<string, string> = {}): Promise<{ port: number; ports: Record<string, number>; child: ChildProcess; rss(): Promise<number>; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/ingest-server.ts')], {
    env: { ...process.env, BENCH_DB_URL: url, ...env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  // `ports`: every listener's port (Teltonika, OsmAnd, GT06, …); `port` stays the Teltonika TCP port.
  const { port, ports } = await new Promise<{ port: number; ports: Record<string, number> }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number; ports: Record<string, number> }));
    child.once('exit', (code) => reject(new Error(`ingest server exited with ${code}`)));
  });
  return {
    port, ports, child,
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
