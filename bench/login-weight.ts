// The login page's weight (issue 10, item 13): builds the web app into a temporary folder and prints
// what /login downloads before the form shows, brotli at quality 11 as the server sends it: index.html's
// entry, modulepreloads and CSS, then the login route's chunks. The build itself fails above the
// budgets in apps/web/build/login-weight.ts. Run: npx tsx bench/login-weight.ts
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { describeLoginWeight, LOGIN_BUDGETS, LOGIN_PRELOAD_AIM, type LoginWeight, loginWeight } from '../apps/web/build/login-weight.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = await mkdtemp(path.join(os.tmpdir(), 'login-weight-'));
let weight: LoginWeight | undefined;
try {
  await build({
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    logLevel: 'error',
    // Source maps as the real build makes them: each served file ends with its sourceMappingURL line.
    build: { outDir, sourcemap: true, emptyOutDir: true },
    // Measures with no budget of its own: the config's plugin still fails the build above the budgets.
    plugins: [loginWeight({ budgets: { preload: Infinity, total: Infinity }, onMeasured: (w) => { weight = w; } })],
  });
} finally {
  await rm(outDir, { recursive: true, force: true });
}
if (!weight) throw new Error('the build did not measure the login page');
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
console.log(describeLoginWeight(weight));
console.log(`budgets: preload ${kib(LOGIN_BUDGETS.preload)} (aim ${kib(LOGIN_PRELOAD_AIM)}), total ${kib(LOGIN_BUDGETS.total)}`);
for (const [label, files] of [['preload', weight.preload], ['login route', weight.route]] as const) {
  console.log(`\n${label}:`);
  for (const f of [...files].sort((a, b) => b.brotli - a.brotli)) console.log(`  ${kib(f.brotli).padStart(10)}  ${kib(f.bytes).padStart(10)} raw  ${f.file}`);
}
