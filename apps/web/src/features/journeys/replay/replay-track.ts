import { KM_PER_MILE, type UnitSystem } from '@fleet/shared';
import type { Segment, TrackPoints } from '@fleet/shared';

/**
 * A day's track made ready for scrubbing: typed arrays, built once per answer, so moving the slider
 * is a binary search and a few array reads, never a walk over the answer.
 */
export interface ReplayTrack {
  size: number;
  ids: readonly string[];
  /** Epoch ms, ascending. */
  t: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  /** km/h */
  speed: Float32Array;
  angle: Float32Array;
  /** 1 on, 0 off, -1 not reported. */
  ign: Int8Array;
}

/** The answer's parallel arrays as typed arrays, sorted by time (the server sends them so; a stray one is put right). */
export function buildTrack(points: TrackPoints): ReplayTrack {
  const size = Math.min(points.t.length, points.lat.length, points.lon.length);
  let order: number[] | null = null;
  for (let i = 1; i < size; i++) {
    if ((points.t[i] ?? 0) < (points.t[i - 1] ?? 0)) {
      order = Array.from({ length: size }, (_, k) => k).sort((a, b) => (points.t[a] ?? 0) - (points.t[b] ?? 0));
      break;
    }
  }
  const at = (k: number) => (order ? (order[k] ?? k) : k);
  const track: ReplayTrack = {
    size,
    ids: order ? order.map((k) => points.id[k] ?? '') : points.id.slice(0, size),
    t: new Float64Array(size),
    lat: new Float64Array(size),
    lon: new Float64Array(size),
    speed: new Float32Array(size),
    angle: new Float32Array(size),
    ign: new Int8Array(size),
  };
  for (let k = 0; k < size; k++) {
    const i = at(k);
    track.t[k] = points.t[i] ?? 0;
    track.lat[k] = points.lat[i] ?? 0;
    track.lon[k] = points.lon[i] ?? 0;
    track.speed[k] = points.speed[i] ?? 0;
    track.angle[k] = points.angle[i] ?? 0;
    const ign = points.ign[i];
    track.ign[k] = ign === 1 ? 1 : ign === 0 ? 0 : -1;
  }
  return track;
}

/** The last point at or before `time` (the first point before the track starts); -1 for an empty track. */
export function indexAt(track: ReplayTrack, time: number): number {
  const { t, size } = track;
  if (size === 0) return -1;
  if (time <= (t[0] ?? 0)) return 0;
  let lo = 0;
  let hi = size - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((t[mid] ?? 0) <= time) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Gaps longer than this between two points are not bridged: the vehicle waits at the earlier one. */
const BRIDGE_MS = 60_000;

export interface ReplayPosition {
  index: number;
  lat: number;
  lon: number;
  angle: number;
  speed: number;
}

/** Where the vehicle was at `time`: between two close points it glides, so playback is smooth at any rate. */
export function positionAt(track: ReplayTrack, time: number): ReplayPosition | null {
  const i = indexAt(track, time);
  if (i < 0) return null;
  const j = i + 1;
  const t0 = track.t[i] ?? 0;
  const base = { index: i, angle: track.angle[i] ?? 0, speed: track.speed[i] ?? 0 };
  if (j >= track.size || time <= t0) return { ...base, lat: track.lat[i] ?? 0, lon: track.lon[i] ?? 0 };
  const t1 = track.t[j] ?? t0;
  if (t1 - t0 > BRIDGE_MS || t1 === t0) return { ...base, lat: track.lat[i] ?? 0, lon: track.lon[i] ?? 0 };
  const f = (time - t0) / (t1 - t0);
  return {
    ...base,
    lat: (track.lat[i] ?? 0) + ((track.lat[j] ?? 0) - (track.lat[i] ?? 0)) * f,
    lon: (track.lon[i] ?? 0) + ((track.lon[j] ?? 0) - (track.lon[i] ?? 0)) * f,
  };
}

/** The point nearest to a place (a click on the track), by screen-like distance (longitude shrunk by latitude). */
export function nearestIndex(track: ReplayTrack, lat: number, lon: number): number {
  const k = Math.cos((lat * Math.PI) / 180);
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < track.size; i++) {
    const dy = (track.lat[i] ?? 0) - lat;
    const dx = ((track.lon[i] ?? 0) - lon) * k;
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** Speed band limits in the site's own unit (mph or km/h): round numbers a reader knows from road signs. */
export const BAND_LIMITS: Record<UnitSystem, readonly number[]> = { imperial: [5, 30, 50, 70], metric: [10, 50, 80, 110] };
/** Slow to fast: violet, blue, green, orange, red (the legend names each, so colour is never alone). */
export const BAND_COLOURS = ['#7048e8', '#1971c2', '#2f9e44', '#e8590c', '#c92a2a'] as const;

/** The band limits in km/h, the unit of the track's speeds. */
export function bandLimitsKmh(system: UnitSystem): number[] {
  return BAND_LIMITS[system].map((v) => (system === 'imperial' ? v * KM_PER_MILE : v));
}

export function bandOf(kmh: number, limitsKmh: readonly number[]): number {
  let b = 0;
  while (b < limitsKmh.length && kmh >= (limitsKmh[b] ?? Infinity)) b++;
  return b;
}

interface LineFeature {
  type: 'Feature';
  properties: { band: number };
  geometry: { type: 'LineString'; coordinates: [number, number][] };
}

/**
 * The track as runs of one speed band each (one feature per run, one line layer colouring by band):
 * a day of 1 Hz points becomes a few thousand features, where a per-point gradient would need an
 * expression with 86,400 stops. Points further apart than a GPS gap are not joined; a place repeated
 * while standing is drawn once.
 */
export function speedRuns(track: ReplayTrack, limitsKmh: readonly number[]): { type: 'FeatureCollection'; features: LineFeature[] } {
  const features: LineFeature[] = [];
  let run: [number, number][] = [];
  let band = -1;
  const close = () => {
    if (run.length > 1) features.push({ type: 'Feature', properties: { band }, geometry: { type: 'LineString', coordinates: run } });
  };
  for (let i = 0; i < track.size; i++) {
    const here: [number, number] = [track.lon[i] ?? 0, track.lat[i] ?? 0];
    const b = bandOf(track.speed[i] ?? 0, limitsKmh);
    const gap = i > 0 && (track.t[i] ?? 0) - (track.t[i - 1] ?? 0) > 10 * 60_000;
    if (gap) {
      close();
      run = [here];
      band = b;
      continue;
    }
    if (b !== band) {
      close();
      // The new run starts where the last one ended, so the line has no holes.
      run = run.length > 0 ? [run[run.length - 1] as [number, number], here] : [here];
      band = b;
      continue;
    }
    // A standing vehicle reports the same place again and again (an hour is 3,600 points at 1 Hz):
    // the line needs it once.
    const prev = run[run.length - 1];
    if (prev && prev[0] === here[0] && prev[1] === here[1]) continue;
    run.push(here);
  }
  close();
  return { type: 'FeatureCollection', features };
}

export interface ReplayStop {
  number: number;
  segment: Segment;
  /** Epoch ms of its start and end, clipped to the track. */
  from: number;
  to: number;
}

/** The day's stops, numbered in time order (1, 2, …), each with its time span. */
export function numberStops(segments: readonly Segment[]): ReplayStop[] {
  return segments
    .filter((s) => s.kind === 'stop')
    .map((segment) => ({ segment, from: Date.parse(segment.start), to: Date.parse(segment.end) }))
    .sort((a, b) => a.from - b.from)
    .map((s, i) => ({ ...s, number: i + 1 }));
}
