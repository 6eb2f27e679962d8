import {
  assetLocationCode, isOutsideWorkingHours, locationCodeRaisesAlarm, runOverDayPart, type WorkingHours, workingHoursText,
} from '@fleet/shared';
import { type GeofenceIndex, GeofenceTracker } from '../../modules/geofence/index.ts';
import { isAssetUnit } from '../asset-movement.ts';
import type { RaisedAlert } from '../ingest-events.ts';
import { interpret } from '../io-map.ts';
import type { KnownUnit } from '../unit-directory.ts';

/** A position as the events processor reads it; flagged rows are read only so the cursor passes them. */
export interface EventRow {
  id: string;
  unit_id: number;
  /** Device time, ms. */
  t: number;
  lat: number;
  lon: number;
  io: Record<string, number | string>;
  /** Flagged implausible by the writer. */
  flagged: boolean;
}

/** What the events processor remembers of a unit between positions (unit_event_state). */
export interface UnitMemory {
  panic: boolean;
  /** Geofences the unit is inside, ascending. */
  inside: number[];
  faultCodes: string[];
  /** The current ignition cycle was judged for a Run Over already (raised, or its day-part had one). */
  runOver: boolean;
  /** The day-part of the last Run Over raised (runOverDayPart), null before the first. */
  runOverPart: string | null;
  movement: boolean | null;
  /** The latest device time seen, ms. */
  lastTime: number | null;
}

/** A site's working hours and time zone (ignition on outside them is a Run Over). */
export interface SiteHours {
  tz: string;
  hours: WorkingHours;
}

/** An alert a batch raises, before it is stored (and numbered). */
export type PendingAlert = Omit<RaisedAlert, 'aid'> & { positionId: string };

/**
 * The alerts a window of the log raises, and each unit's memory after it. Rows are taken in log
 * order; flagged rows and rows of units the directory does not know raise nothing and leave the
 * memory as it was. A unit's first position (no memory) only sets its memory: a vehicle already
 * parked inside its depot raises nothing. After that:
 * - panic: the panic input going on;
 * - spn: fault codes not in the last list (the list is replaced when the position reports the input);
 * - runover: the first ignition-on position outside the site's working hours in an ignition cycle
 *   (ignition off ends the cycle), and at most one per unit per day-part (runOverDayPart): a van
 *   started ten times one evening raises one; its detail is the hours in words ('Mon–Fri 06:00–18:00');
 * - geofence/movement: an asset tracker starting to move (its location code is Asset Movement),
 *   a Zone alert without a POI;
 * - geofence/enter and exit: the GeofenceTracker's entries and exits against `geofences`.
 * `saved` is not changed; the memory returned holds every saved unit and each new one.
 */
export function eventsOfBatch(
  rows: readonly EventRow[],
  units: ReadonlyMap<number, KnownUnit>,
  saved: ReadonlyMap<number, UnitMemory>,
  hours: ReadonlyMap<number, SiteHours>,
  geofences: GeofenceIndex,
): { alerts: PendingAlert[]; memory: Map<number, UnitMemory> } {
  const memory = new Map<number, UnitMemory>();
  const tracker = new GeofenceTracker(geofences);
  for (const [unitId, m] of saved) {
    memory.set(unitId, { ...m });
    tracker.restore(unitId, m.inside, m.lastTime ?? 0);
  }
  const alerts: PendingAlert[] = [];
  for (const r of rows) {
    const unit = units.get(r.unit_id);
    if (!unit || r.flagged) continue;
    const meaning = interpret(r.io, unit.ioMap);
    // Built only for a row that raises something: most rows of a batch raise nothing.
    const base = () => ({ siteId: unit.siteId, unitId: r.unit_id, happenedAt: new Date(r.t).toISOString(), lat: r.lat, lon: r.lon, positionId: r.id });
    const m = memory.get(r.unit_id);
    if (!m) {
      tracker.restore(r.unit_id, geofences.match(unit.siteId, r.lat, r.lon), r.t);
      memory.set(r.unit_id, {
        panic: meaning.panic, inside: [...tracker.insideOf(r.unit_id)], faultCodes: meaning.faultCodes, runOver: false, runOverPart: null, movement: meaning.movement, lastTime: r.t,
      });
      continue;
    }
    if (meaning.panic && !m.panic) alerts.push({ ...base(), kind: 'panic', event: 'press', poiId: null, detail: '' });
    m.panic = meaning.panic;
    const fresh = meaning.faultCodes.filter((c) => !m.faultCodes.includes(c));
    if (fresh.length) alerts.push({ ...base(), kind: 'spn', event: 'fault', poiId: null, detail: fresh.join(', ') });
    if (meaning.faultCodes.length || r.io[String(unit.ioMap.faultCodes)] !== undefined) m.faultCodes = meaning.faultCodes;
    if (meaning.ignition === false) m.runOver = false;
    const site = hours.get(unit.siteId);
    if (meaning.ignition === true && !m.runOver && site && isOutsideWorkingHours(r.t, site.tz, site.hours)) {
      const part = runOverDayPart(r.t, site.tz, site.hours);
      if (part !== m.runOverPart) {
        alerts.push({ ...base(), kind: 'runover', event: 'ignition', poiId: null, detail: workingHoursText(site.hours) });
        m.runOverPart = part;
      }
      m.runOver = true;
    }
    if (isAssetUnit(unit) && locationCodeRaisesAlarm(assetLocationCode(m.movement, meaning.movement))) {
      alerts.push({ ...base(), kind: 'geofence', event: 'movement', poiId: null, detail: '' });
    }
    if (meaning.movement !== null) m.movement = meaning.movement;
    const moves = tracker.update(r.unit_id, unit.siteId, r.lat, r.lon, r.t);
    for (const poiId of moves.entered) alerts.push({ ...base(), kind: 'geofence', event: 'enter', poiId, detail: '' });
    for (const poiId of moves.exited) alerts.push({ ...base(), kind: 'geofence', event: 'exit', poiId, detail: '' });
    m.inside = [...tracker.insideOf(r.unit_id)];
    m.lastTime = Math.max(m.lastTime ?? 0, r.t);
  }
  return { alerts, memory };
}
