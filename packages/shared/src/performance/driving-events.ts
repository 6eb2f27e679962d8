/**
 * Driving events from a unit's positions (issue 16): the pure detection the `driving` log
 * processor runs. Two sources:
 *
 * - The device's eco-driving IO (Teltonika FMB "Green driving" and "Over speeding"): IO 253 is the
 *   green driving type (1 harsh acceleration, 2 harsh braking, 3 harsh cornering), IO 254 its value
 *   in 0.01 g (FMB1xx/FMB9xx: "g*100", 123 = 1.23 g), IO 255 the over-speeding value (the speed in
 *   km/h when the limit set in the device was passed). These are eventual IO elements: a record
 *   carrying one is the event, so each becomes one driving event at the record's time.
 * - The track, for units without (or besides) that configuration: speeding above a threshold for a
 *   while, idling (ignition on, standing) longer than a few minutes, over-revving (engine RPM above
 *   a threshold) for a while. These are spans: they open on one position and close on a later one,
 *   possibly in a later batch, so the detector's memory (SpanMemory) is stored per unit.
 *
 * An event's `at` is its first position's device time; with the unit and the kind it is the
 * event's identity, so a replayed batch detects the same events and adds nothing.
 */

export const DRIVING_EVENT_KINDS = ['acceleration', 'braking', 'cornering', 'overspeed', 'speeding', 'idling', 'revving'] as const;
export type DrivingEventKind = (typeof DRIVING_EVENT_KINDS)[number];

/** Green driving type (IO 253) values. */
export const GREEN_DRIVING_KIND: Readonly<Record<number, DrivingEventKind>> = { 1: 'acceleration', 2: 'braking', 3: 'cornering' };

/** The track rules' thresholds (per unit type later; these are the defaults for vans and cars). */
export interface TrackThresholds {
  /** km/h above which a unit is speeding, and for how long (s) before it counts. */
  speedingKmh: number;
  speedingS: number;
  /** km/h at or below which a unit with the engine on is standing; minutes before idling counts. */
  standingKmh: number;
  idlingMin: number;
  /** Engine RPM above which the engine is over-revved, and for how long (s) before it counts. */
  revvingRpm: number;
  revvingS: number;
}

export const DEFAULT_THRESHOLDS: TrackThresholds = {
  speedingKmh: 120, speedingS: 10, standingKmh: 3, idlingMin: 5, revvingRpm: 3500, revvingS: 5,
};

/** One position as the detector reads it (IO already read for the unit's type). */
export interface DrivingPoint {
  /** Log id (decimal text). */
  id: string;
  /** Device time, ms. */
  t: number;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  ignition: boolean | null;
  rpm: number | null;
  /** IO 253, 254, 255 when the record carries them. */
  greenType: number | null;
  greenValue: number | null;
  overspeed: number | null;
}

/** A detected event. `value`: g (harsh events), km/h (over speeding: reported; speeding: the top speed), s (idling), RPM (revving, the top). */
export interface DrivingEvent {
  kind: DrivingEventKind;
  at: number;
  endAt: number | null;
  value: number;
  lat: number;
  lon: number;
  positionId: string;
}

/** An open span: where it started and the extreme value so far. */
export interface OpenSpan { at: number; lat: number; lon: number; positionId: string; top: number; last: number }

/** The detector's memory per unit (unit_driving_state.state). */
export interface SpanMemory {
  /** Device time of the newest position folded, ms (older ones arriving late are skipped). */
  lastTime: number | null;
  speeding: OpenSpan | null;
  idling: OpenSpan | null;
  revving: OpenSpan | null;
}

export const freshMemory = (): SpanMemory => ({ lastTime: null, speeding: null, idling: null, revving: null });

type SpanKind = 'speeding' | 'idling' | 'revving';

/** Opens, extends or closes one span on a point; returns the event when a long-enough span closes. */
function step(span: OpenSpan | null, on: boolean, p: DrivingPoint, measure: number, kind: SpanKind, minMs: number): { span: OpenSpan | null; event: DrivingEvent | null } {
  if (on) {
    if (!span) return { span: { at: p.t, lat: p.lat, lon: p.lon, positionId: p.id, top: measure, last: p.t }, event: null };
    return { span: { ...span, top: Math.max(span.top, measure), last: p.t }, event: null };
  }
  if (!span) return { span: null, event: null };
  // The span lasted until this point (the first one out of it).
  const length = p.t - span.at;
  if (length < minMs) return { span: null, event: null };
  const value = kind === 'idling' ? Math.round(length / 1000) : span.top;
  return { span: null, event: { kind, at: span.at, endAt: p.t, value, lat: span.lat, lon: span.lon, positionId: span.positionId } };
}

/** g from IO 254 (0.01 g), rounded to the hundredth. */
export const greenValueG = (raw: number): number => Math.round(raw) / 100;

/**
 * Folds a unit's positions (device-time order) into events, going on from `memory`. Positions not
 * newer than the memory's last time are skipped (a replay or a late report: its events were, or
 * would be, out of order). A span still open at the end stays in the memory.
 */
export function detectDrivingEvents(memory: SpanMemory, points: readonly DrivingPoint[], th: TrackThresholds = DEFAULT_THRESHOLDS): { events: DrivingEvent[]; memory: SpanMemory } {
  const events: DrivingEvent[] = [];
  let m = { ...memory };
  for (const p of points) {
    if (m.lastTime !== null && p.t <= m.lastTime) continue;
    const green = p.greenType === null ? undefined : GREEN_DRIVING_KIND[p.greenType];
    if (green) {
      events.push({ kind: green, at: p.t, endAt: null, value: greenValueG(p.greenValue ?? 0), lat: p.lat, lon: p.lon, positionId: p.id });
    }
    if (p.overspeed !== null && p.overspeed > 0) {
      events.push({ kind: 'overspeed', at: p.t, endAt: null, value: p.overspeed, lat: p.lat, lon: p.lon, positionId: p.id });
    }
    const speeding = step(m.speeding, p.speed > th.speedingKmh, p, p.speed, 'speeding', th.speedingS * 1000);
    const idle = p.ignition === true && p.speed <= th.standingKmh;
    const idling = step(m.idling, idle, p, 0, 'idling', th.idlingMin * 60_000);
    // A position without an RPM reading neither opens nor ends a span: the unit may report RPM only now and then.
    const revving = p.rpm === null ? { span: m.revving, event: null } : step(m.revving, p.rpm > th.revvingRpm, p, p.rpm, 'revving', th.revvingS * 1000);
    for (const e of [speeding.event, idling.event, revving.event]) if (e) events.push(e);
    m = { lastTime: p.t, speeding: speeding.span, idling: idling.span, revving: revving.span };
  }
  return { events, memory: m };
}
