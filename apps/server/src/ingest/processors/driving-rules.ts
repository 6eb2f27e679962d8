import { DEFAULT_THRESHOLDS, detectDrivingEvents, type DrivingEvent, type DrivingPoint, freshMemory, type SpanMemory } from '@fleet/shared';
import { interpret, type IoMap } from '../io-map.ts';

// The driving processor's reading of the log (the rules themselves: packages/shared performance/driving-events.ts).

/** Teltonika eco-driving IO: green driving type and value, over speeding. */
export const GREEN_TYPE_IO = '253';
export const GREEN_VALUE_IO = '254';
export const OVERSPEED_IO = '255';
/** The driver key (iButton): the event's driver is the key's, as the trips' is. */
export const IBUTTON_IO = '78';

/** A row of the log as the driving processor reads it. */
export interface DrivingRow {
  id: string;
  unit_id: number;
  /** Device time, ms. */
  t: number;
  lat: number;
  lon: number;
  speed: number;
  io: Record<string, number | string>;
  flagged: boolean;
}

/** A detected event of a unit, with the driver key seen at it. */
export interface UnitDrivingEvent extends DrivingEvent { unitId: number; tag: string | null }

const numberOf = (v: number | string | undefined): number | null => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return null;
};

/** An iButton id as drivers.tag holds it (16 upper-case hex digits); 0 or absent: none. */
function keyTag(v: number | string | undefined): string | null {
  if (v === undefined || (typeof v === 'string' && !/^\d+$/.test(v))) return null;
  const n = BigInt(v);
  return n === 0n ? null : n.toString(16).toUpperCase().padStart(16, '0');
}

/** A log row as the detector reads it, for its unit's IO map. */
export function drivingPoint(row: DrivingRow, ioMap: IoMap): DrivingPoint {
  const m = interpret(row.io, ioMap);
  return {
    id: row.id, t: row.t, lat: row.lat, lon: row.lon, speed: row.speed, ignition: m.ignition, rpm: m.rpm,
    greenType: numberOf(row.io[GREEN_TYPE_IO]), greenValue: numberOf(row.io[GREEN_VALUE_IO]), overspeed: numberOf(row.io[OVERSPEED_IO]),
  };
}

/**
 * Detects a batch's events unit by unit, going on from each unit's stored memory. Flagged rows are
 * left out; rows of units not (or no longer) known are skipped. The driver key in force at an event
 * is the last one seen at or before it in the batch (else the one the memory kept).
 */
export function drivingOfBatch(rows: readonly DrivingRow[], ioMaps: ReadonlyMap<number, IoMap>, stored: ReadonlyMap<number, SpanMemory & { tag?: string | null }>): {
  events: UnitDrivingEvent[]; memory: Map<number, SpanMemory & { tag: string | null }>;
} {
  const byUnit = new Map<number, DrivingRow[]>();
  for (const r of rows) {
    if (r.flagged || !ioMaps.has(r.unit_id)) continue;
    const list = byUnit.get(r.unit_id);
    if (list) list.push(r);
    else byUnit.set(r.unit_id, [r]);
  }
  const events: UnitDrivingEvent[] = [];
  const memory = new Map<number, SpanMemory & { tag: string | null }>();
  for (const [unitId, list] of byUnit) {
    list.sort((a, b) => a.t - b.t || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    const ioMap = ioMaps.get(unitId) as IoMap;
    const before = stored.get(unitId);
    const points = list.map((r) => drivingPoint(r, ioMap));
    const out = detectDrivingEvents(before ?? freshMemory(), points, DEFAULT_THRESHOLDS);
    // Tags by time, for the events' drivers.
    let tag = before?.tag ?? null;
    const tags: Array<{ t: number; tag: string | null }> = [];
    for (const r of list) {
      const k = r.io[IBUTTON_IO];
      if (k !== undefined) tags.push({ t: r.t, tag: keyTag(k) });
    }
    let i = 0;
    for (const e of out.events.sort((a, b) => a.at - b.at)) {
      while (i < tags.length && (tags[i] as { t: number }).t <= e.at) tag = (tags[i++] as { tag: string | null }).tag;
      events.push({ ...e, unitId, tag });
    }
    for (; i < tags.length; i++) tag = (tags[i] as { tag: string | null }).tag;
    memory.set(unitId, { ...out.memory, tag });
  }
  return { events, memory };
}
