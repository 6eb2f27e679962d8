import {
  type DetectedFuelEvent, FUEL_MAX_POINTS, type FuelEvent, type FuelLevelsAnswer, type FuelSummaryAnswer,
  fuelConsumption, type UnitSystem,
} from '@fleet/shared';
import { placeFinder } from '../places/index.ts';
import type { PoiRepository } from '../poi/index.ts';
import type { FuelEventRow, FuelRepository, FuelUnitRow } from './fuel.repository.ts';
import { downsample, fuelIoKeys, readingsOf } from './fuel-readings.ts';

/** The most readings a range call reads (93 days at one every 30 s). */
const MAX_RANGE_READINGS = 300_000;
/** The most events one list or export holds. */
export const FUEL_EVENTS_MAX = 10_000;

export interface FuelServiceDeps { repo: FuelRepository; places: PoiRepository; systemOfSite: (siteId: number) => Promise<UnitSystem> }

/** The fuel monitor's reads: level series, events with their place, a vehicle's consumption. */
export function fuelService({ repo, places, systemOfSite }: FuelServiceDeps) {
  async function readingsIn(unit: FuelUnitRow, from: Date, to: Date) {
    const rows = await repo.positions(unit.id, fuelIoKeys(unit), new Date(from.getTime() - 1), to, MAX_RANGE_READINGS);
    return readingsOf(rows, unit.tank_litres);
  }

  return {
    async levels(unit: FuelUnitRow, from: Date, to: Date): Promise<FuelLevelsAnswer> {
      const r = await readingsIn(unit, from, to);
      const series = downsample(r.samples.map((s) => s.t), r.samples.map((s) => Math.round(s.level * 10) / 10), FUEL_MAX_POINTS);
      return { ok: 1, uid: unit.id, tankLitres: unit.tank_litres, unit: r.unit, ...series, readings: r.samples.length };
    },

    async events(siteId: number, unitId: number | null, from: Date, to: Date): Promise<{ unitSystem: UnitSystem; events: FuelEvent[] }> {
      const [rows, list, unitSystem] = await Promise.all([
        repo.events(siteId, unitId, from, to, FUEL_EVENTS_MAX), places.ofSite(siteId), systemOfSite(siteId),
      ]);
      const where = placeFinder(list, unitSystem);
      return { unitSystem, events: rows.map((e) => eventOut(e, where(e.lat, e.lon))) };
    },

    async summary(unit: FuelUnitRow, from: Date, to: Date): Promise<FuelSummaryAnswer> {
      const [r, rows, unitSystem] = await Promise.all([
        readingsIn(unit, from, to), repo.events(unit.site_id, unit.id, from, to, FUEL_EVENTS_MAX), systemOfSite(unit.site_id),
      ]);
      const events: DetectedFuelEvent[] = rows.map((e) => ({
        kind: e.kind, startAt: e.start_at.getTime(), endAt: e.end_at.getTime(), before: e.before_litres, after: e.after_litres,
        litres: e.litres, lat: e.lat, lon: e.lon,
      }));
      const c = fuelConsumption(r.samples, events);
      // Per cent without a tank size has no litres: only the counter (IO 83) can answer.
      const usable = r.unit === 'l' || c.source === 'counter';
      const sum = (k: 'refuel' | 'drop') => Math.round(events.filter((e) => e.kind === k).reduce((a, e) => a + e.litres, 0) * 10) / 10;
      return {
        ok: 1, uid: unit.id, unitSystem,
        ...(usable ? c : { ...c, source: 'none' as const, litres: 0, per100km: null, perHour: null }),
        refuels: events.filter((e) => e.kind === 'refuel').length, refuelLitres: sum('refuel'),
        drops: events.filter((e) => e.kind === 'drop').length, dropLitres: sum('drop'),
      };
    },
  };
}
export type FuelService = ReturnType<typeof fuelService>;

function eventOut(e: FuelEventRow, loc: string): FuelEvent {
  return {
    id: Number(e.id), uid: e.unit_id, registration: e.registration, kind: e.kind, start: e.start_at.toISOString(), end: e.end_at.toISOString(),
    before: e.before_litres, after: e.after_litres, litres: e.litres, lat: e.lat, lon: e.lon, loc,
  };
}
