// `npm test`: every suite, one after another, then one line totalling them all.
// Suites: unit; integration on the embedded PostgreSQL; integration on TEST_DATABASE_URL when set;
// browser (e2e) when Chromium is there (required when CI is set). LINT_FAILED=1 (set by .ci/run) adds one failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suiteCounts } from './test-counts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ci = Boolean(process.env.CI);
const only = process.argv.slice(2);

const suites = [
  { name: 'unit', project: 'unit', env: {} },
  { name: 'integration (embedded PostgreSQL)', project: 'integration', env: { TEST_DATABASE_URL: '' } },
];
if (process.env.TEST_DATABASE_URL) {
  suites.push({ name: `integration (${new URL(process.env.TEST_DATABASE_URL).host})`, project: 'integration', env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } });
}
suites.push({ name: 'browser (e2e)', project: 'e2e', env: { CHROMIUM_PATH: chromium }, needsBrowser: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
for (const [i, suite] of suites.entries()) {
  if (only.length && !only.includes(suite.project)) continue;
  if (suite.needsBrowser && !existsSync(chromium)) {
    if (ci) {
      console.log(`${suite.name}: FAILED — Chromium is required in CI but missing at ${chromium}.`);
      broken = true;
    } else {
      console.log(`${suite.name}: skipped — Chromium not found at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH to run the browser suite.`);
    }
    continue;
  }
  const file = path.join(out, `suite-${i}.json`);
  console.log(`\n=== ${suite.name} ===`);
  const run = spawnSync('npx', ['vitest', 'run', '--project', suite.project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
    cwd: root, stdio: 'inherit', env: { ...process.env, ...suite.env },
  });
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    counts = suiteCounts(r);
  }
  if (run.status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    console.log(`${suite.name}: the runner exited with ${run.status} without a failed test; counted as one failure.`);
  }
  console.log(`${suite.name}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
}

// .ci/run lints first and passes the outcome on: a failed lint is one failure in the total.
if (process.env.LINT_FAILED === '1') {
  console.log('lint: FAILED — counted as one failure (the output of npm run lint is above the suites)');
  totals.failed += 1;
}

const executed = totals.passed + totals.failed;
if (executed === 0) broken = true;
if (broken && totals.failed === 0) totals.failed = 1;
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
