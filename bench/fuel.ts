// Issue 16: the fuel monitor's detection over a year of one vehicle (target < 2 s).
// The trace: the fixtures' model (packages/shared/src/fuel/fixtures/trace-model.ts) — a working day
// of deliveries with sloshing ±3–5 % of a 400 l tank, sensor noise, whole-per-cent readings, a
// reading every 30 s moving and 60 s standing with the ignition on, hourly parked overnight
// (`parkedEveryS` 3600) — repeated 365 days, a refuel when below 30 %, a 40 l theft on every 30th
// night. Times the pure detection (detectFuelEvents) and the consumption (fuelConsumption) over
// the whole year, best and median of --runs, and checks what it found against the plan.
// Usage: npx tsx bench/fuel.ts [--runs 5]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { detectFuelEvents, fuelConsumption } from '@fleet/shared';
import { makeTrace, type TraceStep } from '@fleet/shared/fuel/fixtures/trace-model';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const TANK = 400;
const steps: TraceStep[] = [];
let level = 300;
let refuels = 0;
let thefts = 0;
for (let day = 0; day < 365; day += 1) {
  steps.push({ kind: 'idle', minutes: 5 }, { kind: 'drive', minutes: 120 }, { kind: 'park', minutes: 30 },
    { kind: 'drive', minutes: 90, stopEveryMin: 4 }, { kind: 'idle', minutes: 10 }, { kind: 'drive', minutes: 120 });
  level -= 100; // about 330 km at 30 l/100 km
  if (level < TANK * 0.3) {
    const litres = Math.round((TANK * 0.9 - level) / 10) * 10;
    steps.push({ kind: 'idle', minutes: 3 }, { kind: 'refuel', litres, litresPerMin: 40 }, { kind: 'idle', minutes: 4 });
    level += litres;
    refuels += 1;
  }
  if (day % 30 === 29) {
    steps.push({ kind: 'park', minutes: 360 }, { kind: 'drain', litres: 40, minutes: 10 }, { kind: 'park', minutes: 540 });
    level -= 40;
    thefts += 1;
  } else {
    steps.push({ kind: 'park', minutes: 910 });
  }
}
const made = performance.now();
const { samples } = makeTrace({ seed: 2026, tankLitres: TANK, startAt: Date.UTC(2025, 10, 24), startLevel: 300, steps, parkedEveryS: 3600 });
const makeMs = performance.now() - made;

const runs = Number(values.runs);
const detectMs: number[] = [];
const consumeMs: number[] = [];
let found = detectFuelEvents(samples, TANK);
for (let r = 0; r < runs; r += 1) {
  const a = performance.now();
  found = detectFuelEvents(samples, TANK);
  const b = performance.now();
  fuelConsumption(samples, found.events);
  consumeMs.push(performance.now() - b);
  detectMs.push(b - a);
}
const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
const median = (xs: number[]) => sorted(xs)[xs.length >> 1] ?? 0;
const refuelsFound = found.events.filter((e) => e.kind === 'refuel').length;
const dropsFound = found.events.filter((e) => e.kind === 'drop');
const out = {
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  samples: samples.length, makeTraceMs: Math.round(makeMs),
  detectMs: { best: Math.round(sorted(detectMs)[0] ?? 0), median: Math.round(median(detectMs)) },
  consumptionMs: { best: Math.round(sorted(consumeMs)[0] ?? 0), median: Math.round(median(consumeMs)) },
  planned: { refuels, thefts }, found: { refuels: refuelsFound, drops: dropsFound.length, other: found.events.length - refuelsFound - dropsFound.length },
  dropLitres: { min: Math.min(...dropsFound.map((d) => d.litres)), max: Math.max(...dropsFound.map((d) => d.litres)) },
};
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
if ((out.detectMs.median + out.consumptionMs.median) >= 2000) process.exitCode = 1;
