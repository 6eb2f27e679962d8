// `npm test`: every suite, then one line totalling them all.
// Suites: unit; integration on the embedded PostgreSQL; integration on TEST_DATABASE_URL when set;
// browser (e2e) when Chromium is there (required when CI is set). LINT_FAILED=1 (set by .ci/run) adds one failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { e2eFiles, planShards, readDurations } from './e2e-shards.mjs';
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

/**
 * Runs one suite and counts it. With `quiet`, its output goes to a file printed whole when it ends,
 * so suites that run side by side do not interleave their lines.
 */
async function runSuite(suite, i, quiet, extra = []) {
  const file = path.join(out, `suite-${i}.json`);
  const log = path.join(out, `suite-${i}.log`);
  if (!quiet) console.log(`\n=== ${suite.name} ===`);
  const child = spawn('npx', ['vitest', 'run', '--project', suite.project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...extra], {
    cwd: root, stdio: quiet ? ['ignore', openSync(log, 'w'), openSync(log, 'a')] : 'inherit', env: { ...process.env, ...suite.env },
  });
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
  if (quiet) {
    console.log(`\n=== ${suite.name} ===`);
    process.stdout.write(readFileSync(log, 'utf8'));
  }
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(file)) counts = suiteCounts(JSON.parse(readFileSync(file, 'utf8')));
  if (status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    console.log(`${suite.name}: the runner exited with ${status} without a failed test; counted as one failure.`);
  }
  console.log(`${suite.name}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
}

/** Waits for the lint that .ci/run started beside the suites (LINT_STATUS_FILE), and prints it; true when it failed. */
async function lintFailed() {
  const statusFile = process.env.LINT_STATUS_FILE;
  if (!statusFile) return process.env.LINT_FAILED === '1';
  while (!existsSync(statusFile) || readFileSync(statusFile, 'utf8').trim() === '') await sleep(500);
  console.log('\n=== lint (npm run lint, run beside the suites) ===');
  if (process.env.LINT_LOG_FILE && existsSync(process.env.LINT_LOG_FILE)) process.stdout.write(readFileSync(process.env.LINT_LOG_FILE, 'utf8'));
  const failed = readFileSync(statusFile, 'utf8').trim() !== '0';
  console.log(`lint: ${failed ? 'FAILED' : 'passed'}`);
  return failed;
}

// The suites that need no browser run first; the two integration suites (separate databases) run
// side by side, and the web app is built beside them for the browser suite, which then runs in two
// shards side by side, each against a server of its own.
const wanted = suites.map((suite, i) => ({ suite, i })).filter(({ suite }) => !only.length || only.includes(suite.project));
const browserSuites = wanted.filter(({ suite }) => suite.needsBrowser);
const building = browserSuites.length && existsSync(chromium)
  ? new Promise((resolve) => spawn(process.execPath, [path.join(root, 'scripts/web-build.mjs')], { cwd: root, stdio: 'inherit' }).on('close', resolve))
  : Promise.resolve(0);
for (const { suite, i } of wanted.filter(({ suite }) => suite.project === 'unit')) await runSuite(suite, i, false);
const integration = wanted.filter(({ suite }) => suite.project === 'integration');
await Promise.all(integration.map(({ suite, i }) => runSuite(suite, i, integration.length > 1)));
await building;
const lint = await lintFailed();
for (const { suite, i } of browserSuites) {
  if (!existsSync(chromium)) {
    if (ci) {
      console.log(`${suite.name}: FAILED — Chromium is required in CI but missing at ${chromium}.`);
      broken = true;
    } else {
      console.log(`${suite.name}: skipped — Chromium not found at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH to run the browser suite.`);
    }
    continue;
  }
  // Two shards side by side (a third was no faster on two cores), each with its own server, database and demo data (e2e/global-setup.ts):
  // the files of a shard still run one after another. E2E_SHARDS=1 runs them all in one. The files
  // are split by the seconds each took when last measured (e2e/durations.json, scripts/e2e-shards.mjs),
  // not by their number: the accessibility walk alone is a quarter of the suite.
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
  const plan = shards === 1 ? [] : planShards(e2eFiles(), readDurations(), shards);
  if (plan.length <= 1) await runSuite(suite, i, false);
  else {
    await Promise.all(plan.map((group, s) =>
      runSuite({ ...suite, name: `${suite.name} shard ${s + 1}/${plan.length}` }, `${i}-${s + 1}`, true, group.files)));
  }
}

// .ci/run lints beside the suites and passes the outcome on: a failed lint is one failure in the total.
if (lint) {
  console.log('lint: FAILED — counted as one failure (its output is above)');
  totals.failed += 1;
}

const executed = totals.passed + totals.failed;
if (executed === 0) broken = true;
if (broken && totals.failed === 0) totals.failed = 1;
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
