// `npm start`: builds the web app when needed, then runs the whole product (server, embedded
// PostgreSQL, demo data unless FLEET_DEMO=0).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuilt } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
try {
  ensureWebBuilt();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const env = { ...process.env, FLEET_DEMO: process.env.FLEET_DEMO ?? '1' };
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
