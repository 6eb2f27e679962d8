// `npm start`: builds the web app when needed, then runs the whole product (server, embedded
// PostgreSQL, demo data unless FLEET_DEMO=0) and, with the demo data, a simulated fleet that drives
// the demo vehicles over the real device protocols (FLEET_SIMULATE=0 turns it off).
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
const env = { ...process.env, FLEET_DEMO: process.env.FLEET_DEMO ?? '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
const children = [];
// `npm start -- --roles api,ingest` (issue 17): the arguments go to the server as they are.
const args = process.argv.slice(2);
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), ...args], { env, stdio: 'inherit' });
children.push(server);
// The simulated fleet drives this process's device listeners: only when it runs the ingest role.
const rolesAt = args.findIndex((a) => a === '--roles' || a.startsWith('--roles='));
const roles = rolesAt < 0 ? (env.FLEET_ROLES ?? 'ingest') : (args[rolesAt].includes('=') ? args[rolesAt].split('=')[1] : (args[rolesAt + 1] ?? ''));
const ingests = roles.split(',').some((r) => r.trim().toLowerCase() === 'ingest');
if (env.FLEET_DEMO === '1' && (process.env.FLEET_SIMULATE ?? '1') === '1' && ingests) {
  // The simulator retries until the server's device listeners are up.
  // The two days before today come first, so History has something to show on a fresh start
  // (recorded late, not raised: the banner stays on live alerts); the state file beside the
  // database keeps a restart from sending them again.
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const sim = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tools/simulator/src/main.ts'), '--demo', '--quiet', '--interval', '5',
    '--history-days', '2', '--history-state', path.join(dataDir, 'simulator-history.json')],
    { env, stdio: 'inherit' });
  children.push(sim);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { for (const c of children) c.kill(signal); });
server.on('exit', (code, signal) => {
  for (const c of children) if (c !== server) c.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
