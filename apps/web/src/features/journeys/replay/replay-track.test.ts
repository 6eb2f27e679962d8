import type { Segment, TrackPoints } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { bandLimitsKmh, bandOf, buildTrack, indexAt, nearestIndex, numberStops, positionAt, speedRuns } from './replay-track.ts';

const T0 = Date.UTC(2026, 10, 23, 8, 0, 0);

function points(n: number, opts: { step?: number; speed?: (i: number) => number } = {}): TrackPoints {
  const step = opts.step ?? 1000;
  const ix = Array.from({ length: n }, (_, i) => i);
  return {
    id: ix.map((i) => String(1000 + i)),
    t: ix.map((i) => T0 + i * step),
    lat: ix.map((i) => 53.8 + i * 0.0001),
    lon: ix.map((i) => -1.55 + i * 0.0002),
    speed: ix.map((i) => opts.speed?.(i) ?? 40),
    angle: ix.map(() => 90),
    ign: ix.map((i) => (i % 3 === 2 ? null : 1)),
  };
}

describe('buildTrack', () => {
  it('keeps the answer as typed arrays, ignition null as -1', () => {
    const track = buildTrack(points(4));
    expect(track.size).toBe(4);
    expect(Array.from(track.t)).toEqual([T0, T0 + 1000, T0 + 2000, T0 + 3000]);
    expect(Array.from(track.ign)).toEqual([1, 1, -1, 1]);
    expect(track.ids).toEqual(['1000', '1001', '1002', '1003']);
  });

  it('puts points that arrive out of time order in order, ids with them', () => {
    const p = points(3);
    p.t = [T0 + 2000, T0, T0 + 1000];
    const track = buildTrack(p);
    expect(Array.from(track.t)).toEqual([T0, T0 + 1000, T0 + 2000]);
    expect(track.ids).toEqual(['1001', '1002', '1000']);
    expect(track.lat[0]).toBeCloseTo(53.8001, 6);
  });
});

describe('indexAt', () => {
  const track = buildTrack(points(86_400));

  it('finds the last point at or before a time, clamped at both ends', () => {
    expect(indexAt(track, T0 - 5000)).toBe(0);
    expect(indexAt(track, T0)).toBe(0);
    expect(indexAt(track, T0 + 999)).toBe(0);
    expect(indexAt(track, T0 + 1000)).toBe(1);
    expect(indexAt(track, T0 + 43_200_500)).toBe(43_200);
    expect(indexAt(track, T0 + 10 ** 9)).toBe(86_399);
  });

  it('answers -1 for an empty track', () => {
    expect(indexAt(buildTrack(points(0)), T0)).toBe(-1);
  });
});

describe('positionAt', () => {
  it('glides between close points and waits at the earlier one across a long gap', () => {
    const p = points(3);
    p.t = [T0, T0 + 10_000, T0 + 10_000 + 5 * 60_000];
    const track = buildTrack(p);
    const mid = positionAt(track, T0 + 5000);
    expect(mid?.index).toBe(0);
    expect(mid?.lat).toBeCloseTo(53.80005, 6);
    const inGap = positionAt(track, T0 + 10_000 + 60_000);
    expect(inGap?.index).toBe(1);
    expect(inGap?.lat).toBeCloseTo(53.8001, 6);
  });
});

describe('nearestIndex', () => {
  it('finds the point closest to a clicked place', () => {
    const track = buildTrack(points(100));
    expect(nearestIndex(track, 53.8 + 42 * 0.0001 + 0.00001, -1.55 + 42 * 0.0002)).toBe(42);
  });
});

describe('speed colours', () => {
  it('bands speeds by the site unit: 60 km/h is 30–50 mph but 50–80 km/h', () => {
    expect(bandOf(60, bandLimitsKmh('imperial'))).toBe(2);
    expect(bandOf(60, bandLimitsKmh('metric'))).toBe(2);
    expect(bandOf(0, bandLimitsKmh('metric'))).toBe(0);
    expect(bandOf(49.9, bandLimitsKmh('metric'))).toBe(1);
    expect(bandOf(50, bandLimitsKmh('metric'))).toBe(2);
    expect(bandOf(200, bandLimitsKmh('imperial'))).toBe(4);
  });

  it('cuts the line into runs of one band that join end to end, and breaks it at a long gap', () => {
    const p = points(10, { speed: (i) => (i < 5 ? 5 : 90) });
    p.t = p.t.map((t, i) => (i >= 8 ? t + 20 * 60_000 : t));
    const runs = speedRuns(buildTrack(p), bandLimitsKmh('metric'));
    expect(runs.features.map((f) => [f.properties.band, f.geometry.coordinates.length])).toEqual([
      [0, 5],
      [3, 4],
      [3, 2],
    ]);
    const [a, b] = runs.features;
    expect(b?.geometry.coordinates[0]).toEqual(a?.geometry.coordinates.at(-1));
  });

  it('draws a place repeated while standing once', () => {
    const p = points(6);
    p.lat = [53.8, 53.8, 53.8, 53.8, 53.9, 54];
    p.lon = [-1.5, -1.5, -1.5, -1.5, -1.5, -1.5];
    const runs = speedRuns(buildTrack(p), bandLimitsKmh('metric'));
    expect(runs.features.map((f) => f.geometry.coordinates.length)).toEqual([3]);
  });

  it('turns a day of 1 Hz points into far fewer features than points', () => {
    const runs = speedRuns(buildTrack(points(86_400, { speed: (i) => 30 + 40 * Math.sin(i / 300) })), bandLimitsKmh('metric'));
    expect(runs.features.length).toBeLessThan(2000);
    expect(runs.features.reduce((n, f) => n + f.geometry.coordinates.length, 0)).toBeGreaterThanOrEqual(86_400);
  });
});

describe('numberStops', () => {
  it('numbers the stops in time order and leaves trips out', () => {
    const seg = (id: number, kind: 'trip' | 'stop', start: number): Segment =>
      ({ id, kind, start: new Date(start).toISOString(), end: new Date(start + 600_000).toISOString() }) as Segment;
    const stops = numberStops([seg(1, 'stop', T0 + 7_200_000), seg(2, 'trip', T0), seg(3, 'stop', T0 + 3_600_000)]);
    expect(stops.map((s) => [s.number, s.segment.id, s.from])).toEqual([
      [1, 3, T0 + 3_600_000],
      [2, 1, T0 + 7_200_000],
    ]);
  });
});
