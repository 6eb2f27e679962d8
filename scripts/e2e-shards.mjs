// Splits the browser (e2e) files into shards of about equal run time (scripts/test-all.mjs), from the
// seconds each file took in a measured run (e2e/durations.json). A file the table does not know yet
// counts as the table's average. Refresh the table after a run of the browser suite:
//   node scripts/e2e-shards.mjs --update .test-results/suite-*.json
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DURATIONS_FILE = path.join(root, 'e2e/durations.json');

/** The browser suite's files (vitest.config.ts: e2e/**\/*.e2e.test.ts), relative to the root, sorted. */
export function e2eFiles(dir = path.join(root, 'e2e')) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.e2e.test.ts') && !f.split(path.sep).includes('node_modules'))
    .map((f) => path.posix.join('e2e', f.split(path.sep).join('/')))
    .sort();
}

/** The measured seconds per file ({} when there is no table). */
export function readDurations(file = DURATIONS_FILE) {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Files in `shards` groups of about equal total time: longest first, each to the group with the least
 * time so far (ties to the lower group). Unknown files weigh the average of the known ones (30 s when
 * none is known). Each group keeps its files in the order given; empty groups are dropped.
 * @param {string[]} files
 * @param {Record<string, number>} durations
 * @param {number} shards
 * @returns {{ files: string[], seconds: number }[]}
 */
export function planShards(files, durations, shards) {
  const known = files.map((f) => durations[f]).filter((s) => typeof s === 'number' && Number.isFinite(s) && s >= 0);
  const average = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 30;
  const weight = (f) => {
    const s = durations[f];
    return typeof s === 'number' && Number.isFinite(s) && s >= 0 ? s : average;
  };
  const groups = Array.from({ length: Math.max(1, shards) }, () => ({ files: [], seconds: 0 }));
  const order = files.map((f, i) => ({ f, i })).sort((a, b) => weight(b.f) - weight(a.f) || a.i - b.i);
  for (const { f } of order) {
    const lightest = groups.reduce((min, g) => (g.seconds < min.seconds ? g : min), groups[0]);
    lightest.files.push(f);
    lightest.seconds += weight(f);
  }
  for (const g of groups) g.files.sort((a, b) => files.indexOf(a) - files.indexOf(b));
  return groups.filter((g) => g.files.length > 0);
}

/** Seconds per file from Vitest JSON reports (each file's end minus start), relative to the root. */
export function durationsFromReports(reports) {
  const out = {};
  for (const r of reports) {
    for (const t of r.testResults ?? []) {
      if (typeof t.startTime !== 'number' || typeof t.endTime !== 'number') continue;
      out[path.relative(root, t.name).split(path.sep).join('/')] = Math.round((t.endTime - t.startTime) / 100) / 10;
    }
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--update') {
  const measured = durationsFromReports(process.argv.slice(3).map((f) => JSON.parse(readFileSync(f, 'utf8'))));
  const table = { ...readDurations(), ...measured };
  const current = new Set(e2eFiles());
  const kept = Object.fromEntries(Object.entries(table).filter(([f]) => current.has(f)).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(DURATIONS_FILE, `${JSON.stringify(kept, null, 2)}\n`);
  console.log(`${DURATIONS_FILE}: ${Object.keys(measured).length} file(s) measured, ${Object.keys(kept).length} in the table`);
}
