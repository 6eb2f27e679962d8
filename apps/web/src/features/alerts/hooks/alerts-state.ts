import type { AlertEvent, ClearedAlert, PanicAlert } from '@fleet/shared';
import { parsePanicString } from '@fleet/shared/rules/panic';

/** One open geofence alert (dashalerts' geofence entry; 'alerts:new' geofence events map to it). */
export interface GeofenceItem {
  aid: number;
  unitid: number;
  registration: string;
  updated: string;
  /** Spec 4: set false while the vehicle's alarm is being cleared. */
  vehiclealarm: boolean;
  poi: string;
  /** 'enter' or 'exit'. */
  event: string;
}

/** The dashboard counts; null for a category whose feature is not built yet. */
export interface AlertCounts {
  panic: number;
  zone: number;
  spn: number;
  vcl: number | null;
  servicing: number | null;
  runover: number | null;
  /** Open device alarms (power cut, vibration, ...: issue 13). */
  device: number;
}

/** The dashalerts answer as the store takes it. */
export interface DashAlerts {
  panic: string;
  geofence: GeofenceItem[];
  counts: AlertCounts;
}

export interface AlertsState {
  /** Open panic alerts, newest first. */
  panic: PanicAlert[];
  /** Open geofence alerts, newest first (several per vehicle possible). */
  geofence: GeofenceItem[];
  /** Null until the first dashalerts answer. */
  counts: AlertCounts | null;
  /** Live events with the time they arrived, kept until a dashalerts answer asked after them covers them. */
  recent: Array<{ at: number; event: AlertEvent }>;
}

export type AlertsAction =
  /** A dashalerts answer; `requestedAt` is when it was asked for (events after that are re-applied). */
  | { type: 'loaded'; answer: DashAlerts; requestedAt: number }
  /** 'alerts:new' from the site socket. */
  | { type: 'received'; events: AlertEvent[]; at: number }
  | { type: 'geofenceClearing'; unitid: number }
  | { type: 'geofenceCleared'; unitid: number }
  | { type: 'geofenceClearFailed'; unitid: number }
  | { type: 'panicCleared'; aid: number }
  /** 'alerts:cleared' from the site socket: someone (here or in another browser) cleared these. */
  | { type: 'cleared'; alerts: readonly ClearedAlert[] }
  | { type: 'reset' };

export const initialAlertsState: AlertsState = { panic: [], geofence: [], counts: null, recent: [] };

/** A live event as the panic banner shows it. */
export function panicFromEvent(e: AlertEvent): PanicAlert {
  return { aid: e.aid, uid: e.uid, vehicle: e.vehicle, loc: e.loc, updated: e.updated };
}

/** A live geofence event as the geofence banner shows it. */
export function geofenceFromEvent(e: AlertEvent): GeofenceItem {
  return {
    aid: e.aid,
    unitid: e.uid,
    registration: e.vehicle,
    updated: e.updated,
    vehiclealarm: true,
    poi: e.poi,
    event: e.event,
  };
}

function bump(counts: AlertCounts | null, key: 'panic' | 'zone' | 'spn' | 'device', by: number): AlertCounts | null {
  if (!counts || by === 0) return counts;
  return { ...counts, [key]: Math.max(0, counts[key] + by) };
}

/** Adds events not seen yet (by alert id) to the lists and counts. */
function applyEvents(state: AlertsState, events: readonly AlertEvent[]): AlertsState {
  const panicIds = new Set(state.panic.map((a) => a.aid));
  const zoneIds = new Set(state.geofence.map((a) => a.aid));
  const panic: PanicAlert[] = [];
  const geofence: GeofenceItem[] = [];
  let spn = 0;
  let device = 0;
  for (const e of events) {
    if (e.kind === 'panic' && !panicIds.has(e.aid)) {
      panicIds.add(e.aid);
      panic.push(panicFromEvent(e));
    } else if (e.kind === 'geofence' && !zoneIds.has(e.aid)) {
      zoneIds.add(e.aid);
      geofence.push(geofenceFromEvent(e));
    } else if (e.kind === 'spn') {
      spn += 1;
    } else if (e.kind === 'device') {
      device += 1;
    }
  }
  if (panic.length === 0 && geofence.length === 0 && spn === 0 && device === 0) return state;
  let counts = bump(state.counts, 'panic', panic.length);
  counts = bump(counts, 'zone', geofence.length);
  counts = bump(counts, 'spn', spn);
  counts = bump(counts, 'device', device);
  return {
    ...state,
    panic: [...panic.reverse(), ...state.panic],
    geofence: [...geofence.reverse(), ...state.geofence],
    counts,
  };
}

/** The alerts store's transitions; pure, so the store and its tests share it. */
export function alertsReducer(state: AlertsState, action: AlertsAction): AlertsState {
  switch (action.type) {
    case 'loaded': {
      // Events that arrived after the question was asked may be missing from the answer.
      const recent = state.recent.filter((r) => r.at >= action.requestedAt);
      const base: AlertsState = {
        panic: parsePanicString(action.answer.panic),
        geofence: action.answer.geofence,
        counts: action.answer.counts,
        recent,
      };
      return applyEvents(
        base,
        // Counted only (no list to tell them apart by id): the answer's counts have them already.
        recent.map((r) => r.event).filter((e) => e.kind !== 'spn' && e.kind !== 'device'),
      );
    }
    case 'received': {
      const seen = new Set(state.recent.map((r) => r.event.aid));
      const fresh = action.events.filter((e) => !seen.has(e.aid));
      if (fresh.length === 0) return state;
      const next = applyEvents(state, fresh);
      return { ...next, recent: [...state.recent, ...fresh.map((event) => ({ at: action.at, event }))] };
    }
    case 'geofenceClearing':
    case 'geofenceClearFailed': {
      const alarm = action.type === 'geofenceClearFailed';
      return {
        ...state,
        geofence: state.geofence.map((a) => (a.unitid === action.unitid ? { ...a, vehiclealarm: alarm } : a)),
      };
    }
    case 'geofenceCleared': {
      const geofence = state.geofence.filter((a) => a.unitid !== action.unitid);
      return {
        ...state,
        geofence,
        counts: bump(state.counts, 'zone', geofence.length - state.geofence.length),
        recent: state.recent.filter((r) => !(r.event.kind === 'geofence' && r.event.uid === action.unitid)),
      };
    }
    case 'panicCleared': {
      const panic = state.panic.filter((a) => a.aid !== action.aid);
      return {
        ...state,
        panic,
        counts: bump(state.counts, 'panic', panic.length - state.panic.length),
        recent: state.recent.filter((r) => r.event.aid !== action.aid),
      };
    }
    case 'cleared': {
      // By alert id, so hearing a clear this tab made itself changes nothing more.
      const gone = new Set(action.alerts.map((a) => a.aid));
      const panic = state.panic.filter((a) => !gone.has(a.aid));
      const geofence = state.geofence.filter((a) => !gone.has(a.aid));
      const recent = state.recent.filter((r) => !gone.has(r.event.aid));
      if (panic.length === state.panic.length && geofence.length === state.geofence.length && recent.length === state.recent.length) {
        return state;
      }
      let counts = bump(state.counts, 'panic', panic.length - state.panic.length);
      counts = bump(counts, 'zone', geofence.length - state.geofence.length);
      return { ...state, panic, geofence, counts, recent };
    }
    case 'reset':
      return initialAlertsState;
  }
}

/** One banner line per vehicle: its newest geofence alert and how many more it has open. */
export interface GeofenceLine {
  unitid: number;
  latest: GeofenceItem;
  count: number;
  /** False while the vehicle's alarm is being cleared. */
  vehiclealarm: boolean;
}

/**
 * Groups open geofence alerts by vehicle, the most recently raised first: by alert number, not by
 * the device's time, so an alert that has just arrived leads whatever order the list came in (a
 * live event on top, or a reloaded answer by time) and a device's late, buffered report still shows.
 */
export function geofenceLines(items: readonly GeofenceItem[]): GeofenceLine[] {
  const byUnit = new Map<number, GeofenceLine>();
  for (const item of items) {
    const line = byUnit.get(item.unitid);
    if (line) {
      line.count += 1;
      if (item.aid > line.latest.aid) line.latest = item;
    } else {
      byUnit.set(item.unitid, { unitid: item.unitid, latest: item, count: 1, vehiclealarm: item.vehiclealarm });
    }
  }
  return [...byUnit.values()].sort((a, b) => b.latest.aid - a.latest.aid);
}

/** Panic alert ids in `panic` not in `seen` (a new panic starts the alarm tone). */
export function newPanicIds(seen: ReadonlySet<number>, panic: readonly PanicAlert[]): number[] {
  return panic.filter((a) => !seen.has(a.aid)).map((a) => a.aid);
}
