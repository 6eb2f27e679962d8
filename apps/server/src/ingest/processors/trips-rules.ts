import { haversineKm } from '@fleet/shared';

// The trip cutter (issue 12): a fold over one unit's plausible positions in device-time order that
// cuts its history into trips and stops. Pure: the processor (trips-processor.ts) reads and writes;
// every rule is written in docs/decisions.md, "Trips and stops: the cutting rules (issue 12)".

/** The thresholds of the rules. */
export const TRIP_RULES = {
  /** km/h: at or above, a vehicle is moving (below: GPS noise at a standstill). */
  movingKmh: 5,
  /** Seconds standing (engine on or unknown) before a stop begins; ignition off is a stop at once. */
  minStopS: 180,
  /** Seconds without a position that end a trip (vehicles; sparse devices: sparseGapS). */
  gapS: 600,
  sparseGapS: 1_800,
  /** Metres a would-be trip must travel, else it was jitter and stays part of the stop. */
  minTripM: 100,
  /** km/h between two fixes above which the later one is a GPS jump (left out of the distance). */
  jumpKmh: 250,
  /** Sparse devices: metres from the previous report, at ≥ sparseKmh average, that mean it moved. */
  sparseMoveM: 150,
  sparseKmh: 3,
  /** km/h: an odometer difference faster than this over the segment is not believed. */
  odometerKmh: 200,
} as const;

/** A position as the cutter reads it. */
export interface TripPoint {
  /** Position id (bigint as text). */
  id: string;
  /** Device time, ms. */
  t: number;
  /** The event IO id: with the device time it orders positions the same way whatever their arrival. */
  e: number;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  /** Ignition (IO 239 or the unit type's input); null when not reported. */
  ign: boolean | null;
  /** Device odometer, metres (null: not reported). */
  odo: number | null;
  /** Engine hours (null: not reported). */
  eh: number | null;
  /** Driver key tag (iButton, 16 hex digits), null when none is attached. */
  tag: string | null;
  /** Sparse device: an asset tracker (unit type 6) or a phone (OsmAnd); ignition is not used. */
  sparse: boolean;
}

/** A cut piece of a unit's history: the columns of `trips`. */
export interface Segment {
  kind: 'trip' | 'stop';
  open: boolean;
  startTime: number;
  endTime: number;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  startPositionId: string;
  endPositionId: string;
  distanceM: number;
  drivingS: number;
  idleS: number;
  maxSpeed: number;
  avgSpeed: number;
  driverTag: string | null;
  startOdometer: number | null;
  endOdometer: number | null;
  startEngineHours: number | null;
  endEngineHours: number | null;
  points: number;
}

/** What is summed over a run of positions (a segment, or a candidate that may become one). */
interface Acc {
  kind: 'trip' | 'stop';
  first: TripPoint;
  last: TripPoint;
  points: number;
  /** Filtered haversine metres over the intervals the run owns. */
  hav: number;
  /** Last fix the jump filter accepted. */
  anchor: TripPoint;
  movingMs: number;
  /** Intervals with the ignition on (moving or not). */
  onMs: number;
  maxSpeed: number;
  tag: string | null;
  /** First odometer / engine hours reported in the run. */
  odo: number | null;
  eh: number | null;
  /** Start of the current run of standing positions (ms), null while moving. */
  standSince: number | null;
}

/** The cutter's memory of a unit, JSON-serialisable (unit_trip_state.state). */
export interface CutterState {
  v: 1;
  /** The newest position folded in (also the context a fresh cut starts from). */
  prev: TripPoint | null;
  /** Whether prev was moving (its interval to the next position is driving). */
  prevMoving: boolean;
  /** The segment the unit is in (null: none yet, or a trip just ended at a gap). */
  current: Acc | null;
  /** A change that is not certain yet: a trip starting (from a stop, or from nothing) or a stop starting (in a trip). */
  candidate: Acc | null;
}

/** A fresh cutter; `context` is the position just before the first one it will see (restart at a segment start). */
export function freshState(context: TripPoint | null = null): CutterState {
  return { v: 1, prev: context, prevMoving: false, current: null, candidate: null };
}

/** Orders positions by device time, then event IO id (unique per unit in the log). */
export function comparePoints(a: Pick<TripPoint, 't' | 'e'>, b: Pick<TripPoint, 't' | 'e'>): number {
  return a.t - b.t || a.e - b.e;
}

const metres = (a: TripPoint, b: TripPoint) => haversineKm(a.lat, a.lon, b.lat, b.lon) * 1000;

/** Moving at p (prev: the position before it, for sparse devices' displacement). */
function isMoving(p: TripPoint, prev: TripPoint | null): boolean {
  if (p.sparse) {
    if (p.speed >= TRIP_RULES.movingKmh) return true;
    if (!prev) return false;
    const d = metres(prev, p);
    const dt = (p.t - prev.t) / 1000;
    return d >= TRIP_RULES.sparseMoveM && (dt <= 0 || (d / dt) * 3.6 >= TRIP_RULES.sparseKmh);
  }
  // Speed with the ignition off is drift or a tow, not a journey.
  return p.speed >= TRIP_RULES.movingKmh && p.ign !== false;
}

const ignition = (p: TripPoint): boolean | null => (p.sparse ? null : p.ign);

function open(kind: Acc['kind'], p: TripPoint, moving: boolean): Acc {
  return {
    kind, first: p, last: p, points: 1, hav: 0, anchor: p, movingMs: 0, onMs: 0, maxSpeed: p.speed,
    tag: p.tag, odo: p.odo, eh: p.eh, standSince: moving ? null : p.t,
  };
}

function append(acc: Acc, p: TripPoint, moving: boolean): void {
  acc.last = p;
  acc.points += 1;
  acc.maxSpeed = Math.max(acc.maxSpeed, p.speed);
  acc.tag ??= p.tag;
  acc.odo ??= p.odo;
  acc.eh ??= p.eh;
  acc.standSince = moving ? null : (acc.standSince ?? p.t);
}

/** The interval from the run's last position to p belongs to the run (whoever p belongs to). */
function addInterval(acc: Acc, p: TripPoint, lastMoving: boolean, moving: boolean): void {
  const last = acc.last;
  const dt = p.t - last.t;
  if (lastMoving) acc.movingMs += dt;
  if (ignition(last) === true) acc.onMs += dt;
  if (!(lastMoving || moving)) return;
  const d = metres(acc.anchor, p);
  const span = (p.t - acc.anchor.t) / 1000;
  const jump = span <= 0 ? d > 50 : (d / span) * 3.6 > TRIP_RULES.jumpKmh;
  if (jump) return;
  acc.hav += d;
  acc.anchor = p;
}

/** Joins a candidate back into the run it came out of. */
function merge(into: Acc, tail: Acc): Acc {
  return {
    kind: into.kind, first: into.first, last: tail.last, points: into.points + tail.points, hav: into.hav + tail.hav,
    anchor: tail.anchor, movingMs: into.movingMs + tail.movingMs, onMs: into.onMs + tail.onMs,
    maxSpeed: Math.max(into.maxSpeed, tail.maxSpeed), tag: into.tag ?? tail.tag, odo: into.odo ?? tail.odo,
    eh: into.eh ?? tail.eh, standSince: tail.standSince,
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** A run as a row of `trips`, ending at `end` (the next segment's first position, or its own last). */
function toSegment(acc: Acc, end: TripPoint, isOpen: boolean): Segment {
  const durationS = Math.round((end.t - acc.first.t) / 1000);
  const endOdo = end.odo ?? (end === acc.last ? acc.last.odo : null);
  const startOdo = acc.first.odo;
  const trip = acc.kind === 'trip';
  let distanceM = 0;
  let drivingS = 0;
  let idleS = Math.round(acc.onMs / 1000);
  let maxSpeed = 0;
  if (trip) {
    const odoDiff = startOdo !== null && endOdo !== null ? endOdo - startOdo : null;
    const believable = odoDiff !== null && odoDiff >= 0 && odoDiff <= (TRIP_RULES.odometerKmh / 3.6) * Math.max(durationS, 1);
    distanceM = believable ? odoDiff : Math.round(acc.hav);
    drivingS = Math.min(durationS, Math.round(acc.movingMs / 1000));
    // Every second of a trip is driving or idling (engine on, or not known to be off).
    idleS = durationS - drivingS;
    maxSpeed = acc.maxSpeed;
  }
  return {
    kind: acc.kind, open: isOpen, startTime: acc.first.t, endTime: end.t,
    startLat: acc.first.lat, startLon: acc.first.lon, endLat: end.lat, endLon: end.lon,
    startPositionId: acc.first.id, endPositionId: end.id,
    distanceM, drivingS, idleS, maxSpeed,
    avgSpeed: trip && drivingS > 0 ? round1((distanceM / drivingS) * 3.6) : 0,
    driverTag: acc.tag, startOdometer: startOdo, endOdometer: endOdo,
    startEngineHours: acc.first.eh, endEngineHours: end.eh ?? (end === acc.last ? acc.last.eh : null),
    points: acc.points,
  };
}

function clone<T>(x: T): T {
  return structuredClone(x);
}

/** What a fold gives: segments closed for good, the unit's newest segment still growing, and the memory to go on from. */
export interface FoldResult {
  closed: Segment[];
  open: Segment | null;
  state: CutterState;
}

/**
 * Folds positions (sorted by comparePoints, all after state.prev) into the cutter. `state` is not
 * changed. The rules (docs/decisions.md):
 * - a trip begins at the first moving position, or at ignition on, out of a stop; it holds only once
 *   it has covered minTripM (else it was jitter: its positions stay in the stop);
 * - a stop begins at ignition off, or at the first standing position of minStopS without moving;
 * - a gap of gapS without positions ends a trip at its last position (a stop goes on across gaps);
 * - sparse devices (asset trackers, phones) ignore ignition and also move by displacement.
 */
export function foldPositions(state: CutterState, points: readonly TripPoint[]): FoldResult {
  const s = clone(state);
  const closed: Segment[] = [];
  for (const p of points) step(s, p, closed);
  return { closed, open: openSegment(s), state: s };
}

function step(s: CutterState, p: TripPoint, closed: Segment[]): void {
  const prev = s.prev;
  const moving = isMoving(p, prev);
  const prevMoving = s.prevMoving;
  const gap = prev !== null && (p.t - prev.t) / 1000 > (p.sparse ? TRIP_RULES.sparseGapS : TRIP_RULES.gapS);

  if (gap) {
    if (s.current?.kind === 'trip') {
      // The trip ends at its last position; what follows starts afresh.
      const trip = s.candidate ? merge(s.current, s.candidate) : s.current;
      closed.push(toSegment(trip, trip.last, false));
      s.current = null;
      s.candidate = null;
    } else if (s.candidate) {
      // An unconfirmed trip (from a stop or from nothing) before a gap was jitter.
      const cand = s.candidate;
      s.current = s.current ? merge(s.current, cand) : { ...cand, kind: 'stop' };
      s.candidate = null;
    }
  }

  // The interval from the previous position belongs to the run that holds it.
  const tail = s.candidate ?? s.current;
  if (tail && prev && tail.last.id === prev.id) addInterval(tail, p, prevMoving, moving);

  // A trip candidate that has gone far enough holds: what it came out of ends where it began.
  if (s.candidate?.kind === 'trip' && s.candidate.hav >= TRIP_RULES.minTripM) confirm(s, closed);

  s.prev = p;
  s.prevMoving = moving;
  const cur = s.current;
  const cand = s.candidate;
  const ign = ignition(p);

  if (!cur && !cand) {
    if (startsTrip(p, prev, moving)) startTrip(s, p, prev, moving, closed);
    else s.current = open('stop', p, moving);
    return;
  }
  if (cand?.kind === 'trip') {
    const standing = !moving && p.t - (cand.standSince ?? p.t) >= TRIP_RULES.minStopS * 1000;
    if (ign === false || standing) {
      // Jitter: the would-be trip and this position stay in the stop (or make one).
      const stop = cur ? merge(cur, cand) : { ...cand, kind: 'stop' as const };
      append(stop, p, moving);
      s.current = stop;
      s.candidate = null;
    } else {
      append(cand, p, moving);
    }
    return;
  }
  if (cand?.kind === 'stop' && cur) {
    if (moving) {
      // Moving again before the stop held: the pause stays in the trip.
      const trip = merge(cur, cand);
      append(trip, p, moving);
      s.current = trip;
      s.candidate = null;
      return;
    }
    append(cand, p, moving);
    if (ign === false || p.t - cand.first.t >= TRIP_RULES.minStopS * 1000) confirm(s, closed);
    return;
  }
  if (cur?.kind === 'trip') {
    if (ign === false) {
      closed.push(toSegment(cur, p, false));
      s.current = open('stop', p, moving);
    } else if (!moving) {
      s.candidate = open('stop', p, moving);
    } else {
      append(cur, p, moving);
    }
    return;
  }
  if (cur?.kind === 'stop') {
    if (startsTrip(p, prev, moving)) startTrip(s, p, prev, moving, closed);
    else append(cur, p, moving);
  }
}

/** Out of a stop (or nothing): movement, or the ignition coming on. */
function startsTrip(p: TripPoint, prev: TripPoint | null, moving: boolean): boolean {
  if (moving) return true;
  return ignition(p) === true && (prev === null || ignition(prev) !== true);
}

function startTrip(s: CutterState, p: TripPoint, prev: TripPoint | null, moving: boolean, closed: Segment[]): void {
  const cand = open('trip', p, moving);
  // A sparse device's report away from the last one: the leg that showed the move is the trip's.
  if (p.sparse && moving && prev) cand.hav = metres(prev, p);
  s.candidate = cand;
  if (cand.hav >= TRIP_RULES.minTripM) confirm(s, closed);
}

/** The candidate holds: the current segment closes where the candidate began. */
function confirm(s: CutterState, closed: Segment[]): void {
  const cand = s.candidate;
  if (!cand) return;
  if (s.current) closed.push(toSegment(s.current, cand.first, false));
  s.current = cand;
  s.candidate = null;
}

/** The unit's newest segment as it stands (a pending change shown as part of it). */
function openSegment(s: CutterState): Segment | null {
  if (s.current) {
    const acc = s.candidate ? merge(s.current, s.candidate) : s.current;
    return toSegment(acc, acc.last, true);
  }
  if (s.candidate) return toSegment(s.candidate, s.candidate.last, true);
  return null;
}

/** A stored segment, as far as the restart needs it. */
export interface StoredStart {
  startTime: number;
}

/**
 * Where to cut a unit again when a position older than its newest arrives (`late`: its device
 * time): at the start of the segment before the last one that starts before it (index into
 * `segments`, sorted by start), or -1 for the unit's whole history. Every position of that segment
 * is older than `late`, so the change that began it was decided without it, and at a segment start
 * the cutter holds nothing but the segment, so a fresh fold from there gives what one fold of
 * everything gives.
 */
export function restartIndex(segments: readonly StoredStart[], late: number): number {
  let x = -1;
  for (let i = 0; i < segments.length; i++) if ((segments[i] as StoredStart).startTime < late) x = i;
  return x - 1;
}
