import type { AvlRecord } from '@fleet/protocols';
import { profileForUnitType } from './profiles.ts';
import { seededRng, seedFrom, uniform } from './rng.ts';
import { routeById } from './routes/index.ts';
import type { DeviceSpec } from './specs.ts';
import { Vehicle, type VehicleOptions } from './vehicle.ts';

const DAY_MS = 86_400_000;

/** One past working day of a device: when it leaves the depot and when the shift ends (UTC ms). */
export interface HistoryDay {
  /** The calendar day, YYYY-MM-DD (UTC, which is UK time in winter). */
  date: string;
  startMs: number;
  endMs: number;
}

/** The shift of one device on each of the `days` calendar days before today, oldest first; deterministic per IMEI and date. */
export function planHistoryDays(imei: string, days: number, todayMs: number): HistoryDay[] {
  const midnight = Math.floor(todayMs / DAY_MS) * DAY_MS;
  const out: HistoryDay[] = [];
  for (let back = days; back >= 1; back--) {
    const dayStart = midnight - back * DAY_MS;
    const date = new Date(dayStart).toISOString().slice(0, 10);
    const rng = seededRng(seedFrom(`${imei}/${date}`));
    const startMs = dayStart + Math.round(uniform(rng, 6.75, 8.5) * 3600) * 1000;
    const endMs = dayStart + Math.round(uniform(rng, 16, 17.75) * 3600) * 1000;
    out.push({ date, startMs, endMs });
  }
  return out;
}

type Counters = NonNullable<VehicleOptions['counters']>;

/**
 * The records one device would have buffered over a past day: the simulator's own Vehicle
 * stepped on a virtual clock from the shift's start (parked at the depot, ignition off) through
 * laps of its route, until it is back at the depot after the shift ends (or at 23:00 at the
 * latest); nothing at night, when the ignition is off. A record every `stepS` seconds while the
 * vehicle moves, every `restS` while it stands; oldest first, timestamps strictly increasing.
 */
export function historyDay(
  spec: DeviceSpec,
  day: HistoryDay,
  counters?: Counters,
  stepS = 30,
  restS = 120,
): { records: AvlRecord[]; counters: Counters } {
  const vehicle = new Vehicle({
    route: routeById(spec.routeId),
    profile: profileForUnitType(spec.unitTypeId),
    seed: seedFrom(`${spec.imei}/${day.date}`),
    startMs: day.startMs,
    start: { phase: 'parked', forS: 60 },
    ...(spec.depotMinutes ? { depotMinutes: spec.depotMinutes } : {}),
    ...(counters ? { counters } : {}),
    // Alarms in the past would sit unacknowledged in the live alarm list: history has none.
    panicPerHour: 0,
    faultPerHour: 0,
  });
  const latest = Math.floor(day.startMs / DAY_MS) * DAY_MS + 23 * 3600_000;
  const records: AvlRecord[] = [];
  let last = Number.NEGATIVE_INFINITY;
  const push = (batch: AvlRecord[]) => {
    for (const r of batch) {
      // A standing vehicle reports less often, as a real tracker's "on stop" period does.
      if (r.eventIoId === 0 && r.speedKmh === 0 && r.timestampMs - last < restS * 1000) continue;
      // An event and the periodic record in the same second keep their order a ms apart.
      const ts = Math.max(r.timestampMs, last + 1);
      records.push(ts === r.timestampMs ? r : { ...r, timestampMs: ts });
      last = ts;
    }
  };
  let t = day.startMs;
  push(vehicle.advanceTo(t));
  while (t < latest) {
    t += stepS * 1000;
    push(vehicle.advanceTo(t));
    if (t >= day.endMs && vehicle.snapshot().phase === 'parked') break;
  }
  const snap = vehicle.snapshot();
  return {
    records,
    counters: {
      odometerM: snap.odometerM,
      engineSeconds: snap.engineSeconds,
      fuelUsedLitres: snap.fuelUsedLitres,
      fuelLitres: snap.fuelLitres,
    },
  };
}

/** The counters the live Vehicle for this spec starts with (fleet.ts builds it from the same seed). */
function liveCounters(spec: DeviceSpec): Counters {
  const s = new Vehicle({
    route: routeById(spec.routeId),
    profile: profileForUnitType(spec.unitTypeId),
    seed: seedFrom(spec.imei),
    startMs: 0,
  }).snapshot();
  return { odometerM: s.odometerM, engineSeconds: s.engineSeconds, fuelUsedLitres: s.fuelUsedLitres, fuelLitres: s.fuelLitres };
}

/**
 * All of a device's records for the `days` calendar days before today, oldest first. The
 * odometer, engine hours and fuel used end where the live vehicle starts, so the counters never
 * run backwards between yesterday and today. Days up to `after` (YYYY-MM-DD, already delivered)
 * are left out. Phones have no history (see docs/decisions.md).
 */
export function deviceHistory(
  spec: DeviceSpec,
  days: number,
  todayMs: number,
  opts: { stepS?: number; after?: string } = {},
): { records: AvlRecord[]; lastDate: string | undefined } {
  const stepS = opts.stepS ?? 30;
  if (days <= 0 || spec.protocol !== 'teltonika') return { records: [], lastDate: undefined };
  const plan = planHistoryDays(spec.imei, days, todayMs);
  const live = liveCounters(spec);
  // A first pass measures what the days add (the driving does not depend on the counters).
  const zero: Counters = { odometerM: 0, engineSeconds: 0, fuelUsedLitres: 0, fuelLitres: live.fuelLitres };
  let probe = zero;
  for (const day of plan) probe = historyDay(spec, day, probe, stepS).counters;
  let counters: Counters = {
    odometerM: Math.max(0, live.odometerM - probe.odometerM),
    engineSeconds: Math.max(0, live.engineSeconds - probe.engineSeconds),
    fuelUsedLitres: Math.max(0, live.fuelUsedLitres - probe.fuelUsedLitres),
    fuelLitres: live.fuelLitres,
  };
  const out: AvlRecord[] = [];
  for (const day of plan) {
    const d = historyDay(spec, day, counters, stepS);
    // Days already delivered on an earlier run are still stepped, so the counters chain the same.
    if (opts.after === undefined || day.date > opts.after) out.push(...d.records);
    counters = d.counters;
  }
  return { records: out, lastDate: plan.at(-1)?.date };
}
