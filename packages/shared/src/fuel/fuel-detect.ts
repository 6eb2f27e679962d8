import { haversineKm } from '../rules/geo.ts';

/**
 * Fuel monitor (issue 16): refuels and drops found in a vehicle's fuel level samples, robust to
 * sloshing and sensor noise. The method and why each number is what it is: docs/decisions.md,
 * "Issue 16 — fuel". In short: only samples taken while standing still and settled count; the
 * level is median-filtered; a change must pass a threshold set by the tank's size and must still
 * be there (the median of the following minutes) before it is an event.
 */

/** One fuel level reading. */
export interface FuelSample {
  /** Device time, ms since the epoch; samples in time order. */
  t: number;
  /** Litres in the tank (a % reading already turned into litres with the tank's size). */
  level: number;
  /** km/h */
  speed: number;
  ignition: boolean | null;
  lat: number;
  lon: number;
}

export type FuelEventKind = 'refuel' | 'drop';

export interface DetectedFuelEvent {
  kind: FuelEventKind;
  startAt: number;
  endAt: number;
  before: number;
  after: number;
  /** Always positive: litres added (refuel) or gone (drop). */
  litres: number;
  lat: number;
  lon: number;
}

export interface FuelDetection {
  events: DetectedFuelEvent[];
  /**
   * Start of a change that may become an event once more samples show whether it lasts (null:
   * none): a caller scanning in windows reads again from here.
   */
  pendingFrom: number | null;
}

/** Above this a vehicle is moving: its level readings slosh and are not used to find events. */
export const MOVING_KMH = 5;
/** After moving, the fuel still slops about for a while: readings this soon after are skipped. */
export const SETTLE_MS = 90_000;
/** Half-width of the median filter over settled readings. */
export const MEDIAN_HALF_MS = 120_000;
/** A refuel that began on arrival is measured from the level the stop before ended at, if it ended this recently. */
export const ENTRY_MS = 60 * 60_000;
/** A change counts only if the level stays for this long after it (the median of those readings). */
export const PERSIST_MS = 15 * 60_000;
/** ... and over at least this many readings (a device parked reports rarely). */
export const PERSIST_SAMPLES = 2;
/** Two still readings this far apart were not the same stop (it drove while not reporting). */
export const SAME_PLACE_KM = 0.3;

export interface FuelThresholds { refuel: number; drop: number; noise: number }

/**
 * Thresholds for a tank: a refuel is at least max(5 % of the tank, 8 l), a drop while parked at
 * least max(4 % of the tank, 6 l); changes under `noise` (max(1.5 %, 2 l)) are the sensor's.
 */
export function fuelThresholds(tankLitres: number): FuelThresholds {
  const tank = Number.isFinite(tankLitres) && tankLitres > 0 ? tankLitres : 0;
  return { refuel: Math.max(0.05 * tank, 8), drop: Math.max(0.04 * tank, 6), noise: Math.max(0.015 * tank, 2) };
}

/**
 * A level from several settled readings: the mean of the middle half (the interquartile mean) —
 * as robust as the median to a stray reading, and finer than the sensor's whole-per-cent steps.
 */
export function robustLevel(values: readonly number[]): number {
  if (values.length < 3) return median(values);
  const s = [...values].sort((a, b) => a - b);
  const cut = Math.floor(s.length / 4);
  const mid = s.slice(cut, s.length - cut);
  return mid.reduce((a, b) => a + b, 0) / mid.length;
}

/** Median of numbers (the input is copied). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

interface Point { i: number; t: number; level: number }
/** A still stretch: its first and last sample, its settled readings, the level the stop before ended at. */
interface Stop { first: number; last: number; entry: number | null; points: Point[] }

/** Whether each reading was taken standing still and settled (no sloshing). */
function quietFlags(s: readonly FuelSample[]): boolean[] {
  let lastMoving = Number.NEGATIVE_INFINITY;
  return s.map((x) => {
    if (x.speed > MOVING_KMH) lastMoving = x.t;
    return x.speed <= MOVING_KMH && x.t - lastMoving >= SETTLE_MS;
  });
}

/** Still stretches of the trace with their settled, median-filtered readings and the level on arrival. */
function stopsOf(s: readonly FuelSample[], quiet: readonly boolean[]): Stop[] {
  const stops: Stop[] = [];
  let cur: Stop | null = null;
  // The settled level the last stop ended at, and when.
  const last = { t: Number.NEGATIVE_INFINITY, level: Number.NaN };
  for (let i = 0; i < s.length; i += 1) {
    const x = s[i] as FuelSample;
    if (x.speed > MOVING_KMH) {
      cur = null;
      continue;
    }
    const prev = i > 0 ? s[i - 1] as FuelSample : null;
    const moved = prev !== null && prev.speed <= MOVING_KMH && haversineKm(prev.lat, prev.lon, x.lat, x.lon) > SAME_PLACE_KM;
    if (!cur || moved) {
      const entry = !moved && x.t - last.t <= ENTRY_MS ? last.level : null;
      cur = { first: i, last: i, entry, points: [] };
      stops.push(cur);
    }
    cur.last = i;
    if (quiet[i]) cur.points.push({ i, t: x.t, level: x.level });
    if (cur.points.length) {
      last.t = x.t;
      last.level = median(cur.points.slice(-3).map((p) => p.level));
    }
  }
  for (const stop of stops) stop.points = smooth(stop.points);
  return stops;
}

function smooth(points: Point[]): Point[] {
  const out: Point[] = [];
  let lo = 0;
  let hi = 0;
  for (const p of points) {
    while ((points[lo] as Point).t < p.t - MEDIAN_HALF_MS) lo += 1;
    while (hi < points.length && (points[hi] as Point).t <= p.t + MEDIAN_HALF_MS) hi += 1;
    out.push({ i: p.i, t: p.t, level: median(points.slice(lo, hi).map((q) => q.level)) });
  }
  return out;
}

/**
 * The level a change settled at: the median of the settled readings from its end over PERSIST_MS
 * (at least PERSIST_SAMPLES besides the end's; looking on up to four times as long for them, a
 * parked device reports rarely); where there are too few (it drove off), of every reading then:
 * their median holds through sloshing. Null when the trace ends before PERSIST_MS.
 */
function settledLevel(s: readonly FuelSample[], quiet: readonly boolean[], endIndex: number): number | null {
  const end = (s[endIndex] as FuelSample).t;
  if ((s[s.length - 1] as FuelSample).t - end < PERSIST_MS) return null;
  const still: number[] = [];
  const all: number[] = [];
  for (let j = endIndex; j < s.length; j += 1) {
    const x = s[j] as FuelSample;
    const dt = x.t - end;
    if (dt > 4 * PERSIST_MS || (dt > PERSIST_MS && still.length > PERSIST_SAMPLES)) break;
    if (quiet[j]) still.push(x.level);
    if (dt <= PERSIST_MS) all.push(x.level);
  }
  return still.length > PERSIST_SAMPLES ? robustLevel(still) : median(all);
}

/**
 * Refuels and drops in a trace (samples in time order). The tank's size sets the thresholds;
 * unknown (null), the fullest level seen stands in for it.
 */
export function detectFuelEvents(samples: readonly FuelSample[], tankLitres: number | null): FuelDetection {
  let tank = tankLitres ?? 0;
  if (!(tank > 0)) for (const x of samples) tank = Math.max(tank, x.level);
  const thr = fuelThresholds(tank);
  const quiet = quietFlags(samples);
  const events: DetectedFuelEvent[] = [];
  for (const stop of stopsOf(samples, quiet)) {
    const r = eventsInStop(samples, quiet, stop, thr, events);
    if (r !== null) return { events, pendingFrom: r };
  }
  return { events, pendingFrom: null };
}

/**
 * Finds events in one stop (pushed onto `out`); answers the start of a pending change, else null.
 * A drop is measured only within the stop (the drive before burnt fuel). A refuel may have begun
 * before the first settled reading (at the pump with the engine off, a device reports rarely): its
 * level before is then the one the stop before ended at, when that was within ENTRY_MS.
 */
function eventsInStop(
  s: readonly FuelSample[], quiet: readonly boolean[], stop: Stop, thr: FuelThresholds, out: DetectedFuelEvent[],
): number | null {
  const pts = stop.points;
  if (pts.length === 0) return null;
  const first = (pts[0] as Point).level;
  let anchor = first;
  let refuelAnchor = stop.entry !== null && stop.entry < first - thr.noise ? stop.entry : first;
  let anchorAt = 0;
  for (let j = 0; j < pts.length; j += 1) {
    const level = (pts[j] as Point).level;
    const kind: FuelEventKind | null = level - refuelAnchor >= thr.refuel ? 'refuel' : anchor - level >= thr.drop ? 'drop' : null;
    if (Math.abs(level - anchor) <= thr.noise) anchorAt = j;
    if (!kind) continue;
    const sign = kind === 'refuel' ? 1 : -1;
    const fromArrival = kind === 'refuel' && refuelAnchor !== anchor;
    // The end: the level stops moving the same way by more than noise.
    let e = j;
    while (e + 1 < pts.length && sign * ((pts[e + 1] as Point).level - (pts[e] as Point).level) > thr.noise / 2) e += 1;
    const endPoint = pts[e] as Point;
    const startAt = (s[fromArrival ? stop.first : (pts[anchorAt] as Point).i] as FuelSample).t;
    const after = settledLevel(s, quiet, endPoint.i);
    if (after === null) return startAt;
    const before = fromArrival ? refuelAnchor : levelBefore(pts, anchorAt);
    const litres = sign * (after - before);
    if (litres < (kind === 'refuel' ? thr.refuel : thr.drop)) continue; // it did not last: a spike
    const at = s[endPoint.i] as FuelSample;
    out.push({
      kind, startAt, endAt: endPoint.t, before: round1(before), after: round1(after), litres: round1(litres), lat: at.lat, lon: at.lon,
    });
    anchor = after;
    refuelAnchor = after;
    anchorAt = e;
    j = e;
  }
  return null;
}

/** The settled level up to point k: the median over PERSIST_MS before it, like the level after (settledLevel). */
function levelBefore(pts: readonly Point[], k: number): number {
  const t = (pts[k] as Point).t;
  const vals: number[] = [];
  for (let j = k; j >= 0; j -= 1) {
    const dt = t - (pts[j] as Point).t;
    if (dt > 4 * PERSIST_MS || (dt > PERSIST_MS && vals.length > PERSIST_SAMPLES)) break;
    vals.push((pts[j] as Point).level);
  }
  return robustLevel(vals);
}

const round1 = (v: number) => Math.round(v * 10) / 10;
