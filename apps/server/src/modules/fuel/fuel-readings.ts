import type { ConsumptionSample } from '@fleet/shared';
import { resolveIoMap } from '@fleet/protocols';
import type { FuelIoKeys, FuelPositionRow, FuelUnitRow } from './fuel.repository.ts';

/** Which IO elements carry fuel values for this unit's type (Teltonika defaults 89, 84, 83, 16, 102, 239). */
export function fuelIoKeys(unit: Pick<FuelUnitRow, 'io_map'>): FuelIoKeys {
  const m = resolveIoMap(unit.io_map);
  return { pct: m.fuelLevelPercent, litres: m.fuelLevelLitres, used: m.fuelUsed, odometer: m.odometer, hours: m.engineHours, ignition: m.ignition };
}

const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v)) return Number(v);
  return null;
};

export interface Readings {
  samples: ConsumptionSample[];
  /** Position id of each sample (the alert's position). */
  ids: string[];
  /** 'l' litres; '%' the unit reports per cent and no tank size is known. */
  unit: 'l' | '%';
}

/**
 * A unit's positions as fuel samples: the level in litres (IO 84 × 0.1, or IO 89 % × the tank's
 * size; a phone's named `fuel` %), the fuel used counter (IO 83 × 0.1 l), odometer (IO 16 m → km),
 * engine hours (IO 102 min → h). Positions without a level are left out. Without a tank size a %
 * level stays in % (`unit: '%'`): the detection then has no litres to work in.
 */
export function readingsOf(rows: readonly FuelPositionRow[], tankLitres: number | null): Readings {
  const samples: ConsumptionSample[] = [];
  const ids: string[] = [];
  let percentOnly = false;
  for (const r of rows) {
    const pct = num(r.pct) ?? num(r.named);
    const litres = num(r.litres);
    let level: number | null = null;
    if (litres !== null) level = litres / 10;
    else if (pct !== null) {
      if (tankLitres !== null) level = (pct * tankLitres) / 100;
      else {
        level = pct;
        percentOnly = true;
      }
    }
    if (level === null) continue;
    const used = num(r.used);
    const odo = num(r.odometer);
    const hours = num(r.hours);
    const ign = num(r.ignition);
    samples.push({
      t: r.t, level, speed: r.speed, ignition: ign === null ? null : ign !== 0, lat: r.lat, lon: r.lon,
      fuelUsed: used === null ? null : used / 10, odometer: odo === null ? null : odo / 1000, engineHours: hours === null ? null : hours / 60,
    });
    ids.push(r.id);
  }
  return { samples, ids, unit: percentOnly ? '%' : 'l' };
}

/**
 * At most `max` points of a series, keeping each bucket's lowest and highest reading in time order,
 * so a refuel's step and a drop's dip survive the thinning.
 */
export function downsample(t: readonly number[], v: readonly number[], max: number): { t: number[]; level: number[] } {
  if (t.length <= max) return { t: [...t], level: [...v] };
  const buckets = Math.max(1, Math.floor(max / 2));
  const size = t.length / buckets;
  const outT: number[] = [];
  const outV: number[] = [];
  for (let b = 0; b < buckets; b += 1) {
    const lo = Math.floor(b * size);
    const hi = Math.min(t.length, Math.floor((b + 1) * size));
    if (hi <= lo) continue;
    let iMin = lo;
    let iMax = lo;
    for (let i = lo + 1; i < hi; i += 1) {
      if ((v[i] as number) < (v[iMin] as number)) iMin = i;
      if ((v[i] as number) > (v[iMax] as number)) iMax = i;
    }
    for (const i of iMin === iMax ? [iMin] : [Math.min(iMin, iMax), Math.max(iMin, iMax)]) {
      outT.push(t[i] as number);
      outV.push(v[i] as number);
    }
  }
  return { t: outT, level: outV };
}
