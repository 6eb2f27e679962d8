import { describe, expect, it } from 'vitest';
import { categoriesOf, MIN_PERIOD_KM, MIN_TRIP_KM, noCounts, scoreBand, scoreOf } from './driving-score.ts';

const counts = (c: Partial<ReturnType<typeof noCounts>>) => ({ ...noCounts(), ...c });

describe('the score', () => {
  it('is 100 for a clean drive and takes weight × events per 100 km off', () => {
    expect(scoreOf(80, noCounts(), MIN_TRIP_KM)).toEqual({ score: 100, per100km: categoriesOf(noCounts()), worst: null });
    // 200 km, 2 harsh brakes (1 per 100 km × 3), 4 speeding spans (2 × 4), 1 idling (0.5 × 1): 100 − 3 − 8 − 0.5.
    const s = scoreOf(200, counts({ braking: 2, speeding: 4, idling: 1 }), MIN_PERIOD_KM);
    expect(s.score).toBe(89);
    expect(s.per100km).toMatchObject({ braking: 1, speeding: 2, idling: 0.5 });
    expect(s.worst).toBe('speeding');
  });

  it('counts speeding once when the device and the track both see it (the larger of the two)', () => {
    expect(categoriesOf(counts({ overspeed: 3, speeding: 2 })).speeding).toBe(3);
    expect(scoreOf(100, counts({ overspeed: 1, speeding: 1 }), MIN_TRIP_KM).score).toBe(96);
  });

  it('does not score a trip shorter than the minimum, but still names its worst category', () => {
    const s = scoreOf(0.8, counts({ braking: 1 }), MIN_TRIP_KM);
    expect(s.score).toBeNull();
    expect(s.worst).toBe('braking');
    expect(scoreOf(0, counts({ idling: 1 }), MIN_TRIP_KM).worst).toBe('idling');
  });

  it('never goes below 0', () => {
    expect(scoreOf(10, counts({ braking: 10 }), MIN_TRIP_KM).score).toBe(0);
  });

  it('reads as a band', () => {
    expect([95, 90, 89, 75, 74, 60, 59, 0].map(scoreBand)).toEqual(['excellent', 'excellent', 'good', 'good', 'fair', 'fair', 'poor', 'poor']);
  });
});
