import { FMS_KEYS, type IoEntry, type IoReading, readIoElements } from '@fleet/protocols';
import type { FmsColumn, FmsReading, FmsVehicle } from '@fleet/shared';
import type { EngineRow } from './engine.repository.ts';

/** Groups the fleet table shows an element of without an FMS meaning (a unit type's own engine elements). */
const TABLE_GROUPS: ReadonlySet<string> = new Set(['engine', 'fuel', 'axles', 'emissions', 'service', 'faults']);

const keyOf = (r: IoReading) => r.fms ?? `io${r.id}`;
const reading = (r: IoReading): FmsReading => ({ key: keyOf(r), id: r.id, name: r.name, unit: r.unit, group: r.group, value: r.value, text: r.text });

/** Whether the engine views show a reading: it has an FMS meaning, or it is a measured engine-side value. */
export function isEngineReading(r: IoReading): boolean {
  return r.fms !== null || (TABLE_GROUPS.has(r.group) && r.unit !== '');
}

/** Every catalogue value of a unit's latest report (lastfmsv2data), by IO id. */
export function allReadings(row: EngineRow, catalogue: ReadonlyMap<number, IoEntry>): FmsReading[] {
  return readIoElements(row.io ?? {}, catalogue).map(reading);
}

/** A vehicle's engine data for the fleet table and the live feed: only what its unit reports. */
export function fmsVehicleOf(row: EngineRow, catalogue: ReadonlyMap<number, IoEntry>): FmsVehicle {
  return {
    unitid: row.id,
    registration: row.registration,
    unittype: row.type_name,
    updated: row.status_time ? row.status_time.toISOString() : null,
    faultcodes: row.fault_codes ?? [],
    values: readIoElements(row.io ?? {}, catalogue).filter(isEngineReading).map(reading),
  };
}

const ORDER = new Map<string, number>(FMS_KEYS.map((k, i) => [k, i]));
const rank = (c: FmsReading) => ORDER.get(c.key) ?? FMS_KEYS.length + c.id;

/** The fleet table's columns: each value some vehicle reports, once, in the FMS meanings' order then by IO id. */
export function columnsOf(vehicles: readonly FmsVehicle[]): FmsColumn[] {
  const seen = new Map<string, FmsReading>();
  for (const v of vehicles) for (const r of v.values) if (!seen.has(r.key)) seen.set(r.key, r);
  return [...seen.values()].sort((a, b) => rank(a) - rank(b)).map((r) => ({ key: r.key, name: r.name, unit: r.unit, group: r.group }));
}
