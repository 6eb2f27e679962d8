import { freePort } from '@fleet/db';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain JS build helper shared with npm start
import { ensureWebBuilt } from '../scripts/web-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    altBaseUrl: string;
    operatorEmail: string;
    adminEmail: string;
    demoPassword: string;
    chromiumPath: string;
    /** The server's Teltonika port (TCP, and UDP on the same number), for tests that play a device. */
    teltonikaPort: number;
    /** Where the server sends mail (SMTP_URL): a test that reads mail listens there (apps/server/test/smtp-sink.ts). */
    smtpPort: number;
    /** The server's OsmAnd HTTP port, for tests that play a phone. */
    osmandPort: number;
    /**
     * The port of the map styles the server names (MAP_STYLE_URL, MAP_SATELLITE_STYLE_URL on
     * 127.0.0.1). Nothing listens there unless a test serves styles (e2e/basemap.e2e.test.ts): every
     * other test sees the bundled map and its note, and no test reaches the public style's host.
     */
    mapStylePort: number;
  }
}

const DEMO_PASSWORD = 'Demo!2026pass';
const root = path.resolve(import.meta.dirname, '..');

/** Starts the real product (embedded PostgreSQL, demo data) once for the browser suite. */
export default async function setup(project: TestProject) {
  (ensureWebBuilt as () => void)();
  // A free port is only free when asked: another process (the other browser shard, an outgoing
  // connection's local port) can take it before the server binds it. Such a start is tried again on
  // new ports with a new data folder; any other failure is not.
  let started: Started | undefined;
  for (let attempt = 1; !started; attempt += 1) {
    try {
      started = await startServer();
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt >= 3) throw err;
    }
  }
  const { child, dataDir, port, teltonikaPort, smtpPort, osmandPort, mapStylePort, baseUrl } = started;
  project.provide('baseUrl', baseUrl);
  project.provide('altBaseUrl', `http://northway.localhost:${port}`);
  project.provide('operatorEmail', 'ops.leeds@aire-valley.example');
  project.provide('adminEmail', 'admin.leeds@aire-valley.example');
  project.provide('demoPassword', DEMO_PASSWORD);
  project.provide('teltonikaPort', teltonikaPort);
  project.provide('smtpPort', smtpPort);
  project.provide('osmandPort', osmandPort);
  project.provide('mapStylePort', mapStylePort);
  project.provide('chromiumPath', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  };
}

class PortTaken extends Error {}

interface Started {
  child: ChildProcess; dataDir: string; port: number; teltonikaPort: number; smtpPort: number; osmandPort: number; mapStylePort: number; baseUrl: string;
}

/** Starts the server on free ports with a new data folder; PortTaken when a port was taken meanwhile. */
async function startServer(): Promise<Started> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fleet-e2e-'));
  const port = await freePort();
  const teltonikaPort = await freePort();
  const smtpPort = await freePort();
  const osmandPort = await freePort();
  const gt06Port = await freePort();
  const queclinkPort = await freePort();
  const mapStylePort = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    env: {
      ...process.env, PORT: String(port), DATA_DIR: dataDir, FLEET_DEMO: '1', FLEET_DEMO_PASSWORD: DEMO_PASSWORD,
      FLEET_ADMIN_USER: 'super@fleet.test', FLEET_ADMIN_PASSWORD: 'Super!2026pass', LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`, DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      TELTONIKA_PORT: String(teltonikaPort), OSMAND_PORT: String(osmandPort), GT06_PORT: String(gt06Port), QUECLINK_PORT: String(queclinkPort),
      MAP_STYLE_URL: `http://127.0.0.1:${mapStylePort}/street.json`,
      MAP_SATELLITE_STYLE_URL: `http://127.0.0.1:${mapStylePort}/satellite.json`, MAP_HOSTS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => { log += d; });
  child.stderr?.on('data', (d) => { log += d; });
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await rm(dataDir, { recursive: true, force: true });
      if (/EADDRINUSE/.test(log)) throw new PortTaken(log);
      throw new Error(`the server exited while starting:\n${log}`);
    }
    const ok = await fetch(`${baseUrl}/api/v1/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not start in 120 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { child, dataDir, port, teltonikaPort, smtpPort, osmandPort, mapStylePort, baseUrl };
}
