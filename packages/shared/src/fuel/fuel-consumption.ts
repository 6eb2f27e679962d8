import { haversineKm } from '../rules/geo.ts';
import { type DetectedFuelEvent, type FuelSample, MOVING_KMH, median, SETTLE_MS } from './fuel-detect.ts';

/** A reading with the counters consumption may use (each null when the unit does not report it). */
export interface ConsumptionSample extends FuelSample {
  /** Total fuel used, litres (Teltonika IO 83). */
  fuelUsed: number | null;
  /** Odometer, km. */
  odometer: number | null;
  /** Engine hours counter. */
  engineHours: number | null;
}

export interface Consumption {
  litres: number;
  /** 'counter': the fuel used counter (IO 83); 'level': level difference plus refuels minus drops. */
  source: 'counter' | 'level' | 'none';
  distanceKm: number;
  engineHours: number;
  /** null when there was no distance (or no fuel figure). */
  per100km: number | null;
  perHour: number | null;
}

/** Gaps longer than this with the ignition on are not counted as engine time (the device was off). */
const ENGINE_GAP_MS = 10 * 60_000;

function counterSpan(samples: readonly ConsumptionSample[], pick: (s: ConsumptionSample) => number | null): number | null {
  let first: number | null = null;
  let last: number | null = null;
  for (const s of samples) {
    const v = pick(s);
    if (v === null || !Number.isFinite(v)) continue;
    if (first === null) first = v;
    last = v;
  }
  return first !== null && last !== null && last >= first ? last - first : null;
}

/** The settled level at one end of the range: median of the still readings nearest to it. */
function endLevel(samples: readonly ConsumptionSample[], fromEnd: boolean): number | null {
  const vals: number[] = [];
  let lastMoving = Number.NEGATIVE_INFINITY;
  const still: number[] = [];
  for (const s of samples) {
    if (s.speed > MOVING_KMH) lastMoving = s.t;
    else if (s.t - lastMoving >= SETTLE_MS) still.push(s.level);
  }
  const pool = still.length ? still : samples.map((s) => s.level);
  const take = fromEnd ? pool.slice(-5) : pool.slice(0, 5);
  vals.push(...take);
  return vals.length ? median(vals) : null;
}

/**
 * Fuel used over a range, per 100 km and per engine hour. The fuel used counter (IO 83) when the
 * unit reports it; else the level at the start minus the level at the end plus the refuels,
 * minus the drops (fuel taken is not fuel burnt). Distance from the odometer, else from the
 * track; engine hours from the counter, else from the time with the ignition on.
 */
export function fuelConsumption(samples: readonly ConsumptionSample[], events: readonly DetectedFuelEvent[]): Consumption {
  let distanceKm = counterSpan(samples, (s) => s.odometer);
  if (distanceKm === null) {
    distanceKm = 0;
    for (let i = 1; i < samples.length; i += 1) {
      const a = samples[i - 1] as ConsumptionSample;
      const b = samples[i] as ConsumptionSample;
      if (b.speed > MOVING_KMH || a.speed > MOVING_KMH) distanceKm += haversineKm(a.lat, a.lon, b.lat, b.lon);
    }
  }
  let engineHours = counterSpan(samples, (s) => s.engineHours);
  if (engineHours === null) {
    let ms = 0;
    for (let i = 1; i < samples.length; i += 1) {
      const a = samples[i - 1] as ConsumptionSample;
      const dt = (samples[i] as ConsumptionSample).t - a.t;
      if ((a.ignition ?? a.speed > MOVING_KMH) && dt <= ENGINE_GAP_MS) ms += dt;
    }
    engineHours = ms / 3_600_000;
  }
  let litres = counterSpan(samples, (s) => s.fuelUsed);
  let source: Consumption['source'] = 'counter';
  if (litres === null) {
    const start = endLevel(samples, false);
    const end = endLevel(samples, true);
    if (start === null || end === null) {
      litres = 0;
      source = 'none';
    } else {
      const added = events.reduce((sum, e) => sum + (e.kind === 'refuel' ? e.litres : -e.litres), 0);
      litres = Math.max(0, start - end + added);
      source = 'level';
    }
  }
  const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
  const fuel = source === 'none' ? null : litres;
  return {
    litres: round(litres, 1), source, distanceKm: round(distanceKm, 1), engineHours: round(engineHours, 2),
    per100km: fuel !== null && distanceKm >= 1 ? round((fuel / distanceKm) * 100, 1) : null,
    perHour: fuel !== null && engineHours >= 0.05 ? round(fuel / engineHours, 1) : null,
  };
}
