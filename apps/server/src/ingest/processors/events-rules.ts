import {
  assetLocationCode, DEVICE_ALARM_TEXT, faultDetail, isOutsideWorkingHours, locationCodeRaisesAlarm, runOverDayPart, type WorkingHours, workingHoursText,
} from '@fleet/shared';
import { type GeofenceIndex, GeofenceTracker } from '../../modules/geofence/index.ts';
import { isAssetUnit } from '../asset-movement.ts';
import type { RaisedAlert } from '../ingest-events.ts';
import { interpret } from '../io-map.ts';
import type { KnownUnit } from '../unit-directory.ts';
import { assetMovementBreach, type AssetRules } from './asset-rules.ts';
import { type FaultEpisodeChange, FaultEpisodes } from './fault-episodes.ts';

/** A position as the events processor reads it; flagged rows are read only so the cursor passes them. */
export interface EventRow {
  id: string;
  unit_id: number;
  /** Device time, ms. */
  t: number;
  lat: number;
  lon: number;
  io: Record<string, number | string>;
  /** Why the writer flagged it implausible ('no-fix', 'speed,altitude', ...); null: plausible. */
  implausible: string | null;
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
  /** The latest device time of a plausible position, ms; null: none yet (only reports without a fix). */
  lastTime: number | null;
  /** The position at lastTime: where a panic or device alarm reported without a fix is placed. */
  lastLat: number | null;
  lastLon: number | null;
  /** Device alarm word → the latest device time it was reported (ms), for the quiet gap. */
  alarms: Record<string, number>;
}

/** A device alarm raises again only after this long without a report of it (a vibration alarm repeats every few seconds). */
export const ALARM_QUIET_MS = 10 * 60_000;
/** An alert whose device time is this much older than its processing is recorded late, not raised (a buffer sent after hours offline). */
export const LATE_AFTER_MS = 30 * 60_000;

/** A site's working hours and time zone (ignition on outside them is a Run Over). */
export interface SiteHours {
  tz: string;
  hours: WorkingHours;
}

/** An alert a batch raises, before it is stored (and numbered); late: recorded for history, stored cleared, never raised. */
export type PendingAlert = Omit<RaisedAlert, 'aid'> & { positionId: string; late: boolean };

const emptyMemory = (): UnitMemory => ({
  panic: false, inside: [], faultCodes: [], runOver: false, runOverPart: null, movement: null, lastTime: null, lastLat: null, lastLon: null, alarms: {},
});

/**
 * The alerts a window of the log raises, and each unit's memory after it, at processing time
 * `nowMs`. Rows are taken in log order; rows of units the directory does not know, and flagged
 * rows other than those flagged only `no-fix`, raise nothing and leave the memory as it was.
 * What a report says happened raises whatever came before:
 * - panic: an SOS the report carries (alarm 'sos'), or the panic input going on (not on the unit's
 *   first report: a level, not an event);
 * - device: a device alarm word (power cut, vibration, ...), once per unit and word until it has
 *   not been reported for ALARM_QUIET_MS;
 * a report without a fix raises these two at the unit's last plausible position (0,0 when it has
 * none: its place is unknown) and nothing else. A unit's first plausible position only sets the
 * rest of its memory: a vehicle already parked inside its depot raises nothing. After that:
 * - spn: fault codes not in the last list, one alert per report, its detail the codes in words (the
 *   list is replaced when the position reports the input); each code opens a fault episode
 *   (fault-episodes.ts), also on the unit's first plausible position: a fault is not a place;
 * - runover: the first ignition-on position outside the site's working hours in an ignition cycle
 *   (ignition off ends the cycle), and at most one per unit per day-part (runOverDayPart): a van
 *   started ten times one evening raises one; its detail is the hours in words ('Mon–Fri 06:00–18:00');
 * - geofence/movement: an asset tracker starting to move (its location code is Asset Movement)
 *   outside its allowed hours or place (asset-rules.ts; `assetRules` by unit id, none: the site's
 *   hours, anywhere), a Zone alert without a POI whose detail says why; inside both it raises nothing;
 * - geofence/enter and exit: the GeofenceTracker's entries and exits against `geofences`.
 * Device alarms, Run Overs, Asset Movement and geofence alerts of a device time more than
 * LATE_AFTER_MS before `nowMs` are `late`: recorded, never raised. Panics and fault codes always raise.
 * `saved` is not changed; the memory returned holds every saved unit and each new one.
 */
export function eventsOfBatch(
  rows: readonly EventRow[],
  units: ReadonlyMap<number, KnownUnit>,
  saved: ReadonlyMap<number, UnitMemory>,
  hours: ReadonlyMap<number, SiteHours>,
  geofences: GeofenceIndex,
  nowMs: number,
  assetRules: ReadonlyMap<number, AssetRules> = new Map(),
): { alerts: PendingAlert[]; memory: Map<number, UnitMemory>; faults: FaultEpisodeChange[] } {
  const memory = new Map<number, UnitMemory>();
  const episodes = new FaultEpisodes();
  const tracker = new GeofenceTracker(geofences);
  for (const [unitId, m] of saved) {
    memory.set(unitId, { ...m, alarms: { ...m.alarms } });
    tracker.restore(unitId, m.inside, m.lastTime ?? 0);
  }
  const alerts: PendingAlert[] = [];
  for (const r of rows) {
    const unit = units.get(r.unit_id);
    const noFix = r.implausible === 'no-fix';
    if (!unit || (r.implausible !== null && !noFix)) continue;
    const meaning = interpret(r.io, unit.ioMap);
    const known = memory.get(r.unit_id);
    const m = known ?? { ...emptyMemory(), panic: meaning.panic };
    memory.set(r.unit_id, m);
    // A report without a fix happened where the unit last was; 0,0 (unknown) before its first position.
    const at = noFix ? { lat: m.lastLat ?? 0, lon: m.lastLon ?? 0 } : { lat: r.lat, lon: r.lon };
    const late = nowMs - r.t > LATE_AFTER_MS;
    // Built only for a row that raises something: most rows of a batch raise nothing.
    const base = (mayBeLate: boolean) => ({
      siteId: unit.siteId, unitId: r.unit_id, happenedAt: new Date(r.t).toISOString(), ...at, positionId: r.id, late: mayBeLate && late,
    });
    if (meaning.panic && (known ? !m.panic : meaning.alarm === 'sos')) alerts.push({ ...base(false), kind: 'panic', event: 'press', poiId: null, detail: '' });
    m.panic = meaning.panic;
    if (meaning.alarm !== null && meaning.alarm !== 'sos') {
      const last = m.alarms[meaning.alarm];
      if (last === undefined || r.t - last >= ALARM_QUIET_MS) {
        alerts.push({ ...base(true), kind: 'device', event: meaning.alarm, poiId: null, detail: DEVICE_ALARM_TEXT[meaning.alarm] ?? meaning.alarm });
      }
      m.alarms[meaning.alarm] = Math.max(last ?? r.t, r.t);
    }
    if (noFix) continue;
    const listed = meaning.faultCodes.length || r.io[String(unit.ioMap.faultCodes)] !== undefined ? meaning.faultCodes : null;
    const fresh = episodes.report({ unitId: r.unit_id, siteId: unit.siteId, t: r.t, positionId: r.id, listed }, m.faultCodes);
    if (fresh.length) alerts.push({ ...base(false), kind: 'spn', event: 'fault', poiId: null, detail: faultDetail(fresh) });
    if (listed) m.faultCodes = listed;
    if (m.lastTime === null) {
      tracker.restore(r.unit_id, geofences.match(unit.siteId, r.lat, r.lon), r.t);
      Object.assign(m, { inside: [...tracker.insideOf(r.unit_id)], movement: meaning.movement, lastTime: r.t, lastLat: r.lat, lastLon: r.lon });
      continue;
    }
    if (meaning.ignition === false) m.runOver = false;
    const site = hours.get(unit.siteId);
    if (meaning.ignition === true && !m.runOver && site && isOutsideWorkingHours(r.t, site.tz, site.hours)) {
      const part = runOverDayPart(r.t, site.tz, site.hours);
      if (part !== m.runOverPart) {
        alerts.push({ ...base(true), kind: 'runover', event: 'ignition', poiId: null, detail: workingHoursText(site.hours) });
        m.runOverPart = part;
      }
      m.runOver = true;
    }
    if (isAssetUnit(unit) && locationCodeRaisesAlarm(assetLocationCode(m.movement, meaning.movement))) {
      const why = assetMovementBreach(r.t, r.lat, r.lon, assetRules.get(r.unit_id), site);
      if (why !== null) alerts.push({ ...base(true), kind: 'geofence', event: 'movement', poiId: null, detail: why });
    }
    if (meaning.movement !== null) m.movement = meaning.movement;
    const moves = tracker.update(r.unit_id, unit.siteId, r.lat, r.lon, r.t);
    for (const poiId of moves.entered) alerts.push({ ...base(true), kind: 'geofence', event: 'enter', poiId, detail: '' });
    for (const poiId of moves.exited) alerts.push({ ...base(true), kind: 'geofence', event: 'exit', poiId, detail: '' });
    m.inside = [...tracker.insideOf(r.unit_id)];
    // A replayed older position is not where the unit is now.
    if (r.t >= m.lastTime) Object.assign(m, { lastTime: r.t, lastLat: r.lat, lastLon: r.lon });
  }
  return { alerts, memory, faults: episodes.changes() };
}
