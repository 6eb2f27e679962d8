import { describe, expect, it } from 'vitest';
import { GeofenceIndex, type GeofenceRow } from './geofence-index.ts';
import { GeofenceTracker } from './geofence-tracker.ts';

// Two overlapping circles on one site (A west, B east) and one circle on another site.
const a: GeofenceRow = { id: 1, siteId: 10, mode: 1, lat: 53.8, lon: -1.56, radius: 1000 };
const b: GeofenceRow = { id: 2, siteId: 10, mode: 1, lat: 53.8, lon: -1.54, radius: 1000 };
const c: GeofenceRow = { id: 3, siteId: 20, mode: 1, lat: 53.8, lon: -1.56, radius: 1000 };
const WEST = [53.8, -1.565] as const; // in A only
const MIDDLE = [53.8, -1.55] as const; // in A and B
const EAST = [53.8, -1.535] as const; // in B only
const AWAY = [53.9, -1.55] as const; // in neither

function setup() {
  const index = new GeofenceIndex([a, b, c]);
  return { index, tracker: new GeofenceTracker(index) };
}

describe('GeofenceTracker.update', () => {
  it('walks west to east through two overlapping POI', () => {
    const { tracker } = setup();
    const steps: Array<[pos: readonly [number, number], entered: number[], exited: number[]]> = [
      [AWAY, [], []],
      [WEST, [1], []],
      [WEST, [], []],
      [MIDDLE, [2], []],
      [EAST, [], [1]],
      [AWAY, [], [2]],
      [MIDDLE, [1, 2], []],
      [AWAY, [], [1, 2]],
    ];
    steps.forEach(([[lat, lon], entered, exited], i) => {
      expect(tracker.update(7, 10, lat, lon, 1000 * i)).toEqual({ entered, exited });
    });
  });

  it('the first position of a unit enters the POI it is already in', () => {
    const { tracker } = setup();
    expect(tracker.update(7, 10, ...MIDDLE, 0)).toEqual({ entered: [1, 2], exited: [] });
    expect(tracker.insideOf(7)).toEqual([1, 2]);
  });

  it('keeps units apart', () => {
    const { tracker } = setup();
    tracker.update(7, 10, ...WEST, 0);
    expect(tracker.update(8, 10, ...EAST, 0)).toEqual({ entered: [2], exited: [] });
    expect(tracker.insideOf(7)).toEqual([1]);
    expect(tracker.insideOf(99)).toEqual([]);
  });

  it('ignores a position older than the last one, and accepts one at the same time', () => {
    const { tracker } = setup();
    tracker.update(7, 10, ...WEST, 5000);
    expect(tracker.update(7, 10, ...AWAY, 4999)).toEqual({ entered: [], exited: [] });
    expect(tracker.insideOf(7)).toEqual([1]);
    expect(tracker.update(7, 10, ...AWAY, 5000)).toEqual({ entered: [], exited: [1] });
  });

  it('ignores a position without a valid fix', () => {
    const { tracker } = setup();
    tracker.update(7, 10, ...WEST, 0);
    expect(tracker.update(7, 10, Number.NaN, -1.56, 1)).toEqual({ entered: [], exited: [] });
    expect(tracker.update(7, 10, 91, -1.56, 2)).toEqual({ entered: [], exited: [] });
    expect(tracker.insideOf(7)).toEqual([1]);
  });

  it('sees only the POI of the site it is given', () => {
    const { tracker } = setup();
    expect(tracker.update(7, 20, ...WEST, 0)).toEqual({ entered: [3], exited: [] });
    expect(tracker.update(7, 10, ...WEST, 1)).toEqual({ entered: [1], exited: [3] });
  });

  it('after a rebuild, a deleted POI is forgotten without an exit and a new one is entered', () => {
    const { index, tracker } = setup();
    tracker.update(7, 10, ...MIDDLE, 0);
    index.rebuild([a, { ...b, id: 4 }, c]);
    expect(tracker.update(7, 10, ...MIDDLE, 1)).toEqual({ entered: [4], exited: [] });
    expect(tracker.insideOf(7)).toEqual([1, 4]);
  });

  it('restore seeds state without events; forget drops it', () => {
    const { tracker } = setup();
    tracker.restore(7, [2, 1, 2], 100);
    expect(tracker.insideOf(7)).toEqual([1, 2]);
    expect(tracker.update(7, 10, ...MIDDLE, 101)).toEqual({ entered: [], exited: [] });
    expect(tracker.update(7, 10, ...AWAY, 50)).toEqual({ entered: [], exited: [] });
    tracker.forget(7);
    expect(tracker.update(7, 10, ...MIDDLE, 50)).toEqual({ entered: [1, 2], exited: [] });
  });
});
