import type { DrivingEventKind } from './driving-events.ts';

/**
 * The driver performance score (issue 16; docs/decisions.md "Issue 16 — perf"):
 *
 *   score = clamp(100 − Σ weight(category) × events(category) per 100 km, 0, 100), rounded
 *
 * over any stretch of driving (a trip, a week of a driver or of a vehicle): events and kilometres
 * are summed first, then the rate is taken, so a week is distance-weighted, not an average of its
 * trips' scores. Categories and weights (penalty points per event per 100 km):
 *   harsh braking 3, harsh acceleration 2, harsh cornering 2, speeding 4, over-revving 1, idling 1.
 * Speeding counts the larger of the device's over-speeding events and the track's speeding spans
 * (both see the same episodes on a unit that reports both; the larger never double counts).
 * Short stretches are not scored (null): below MIN_TRIP_KM (3 km) a trip, below MIN_PERIOD_KM a week or
 * a league period — one harsh brake in 800 m would otherwise read as 375 per 100 km.
 */

export const SCORE_CATEGORIES = ['braking', 'acceleration', 'cornering', 'speeding', 'revving', 'idling'] as const;
export type ScoreCategory = (typeof SCORE_CATEGORIES)[number];

export const CATEGORY_WEIGHTS: Readonly<Record<ScoreCategory, number>> = {
  braking: 3, acceleration: 2, cornering: 2, speeding: 4, revving: 1, idling: 1,
};

/** Kilometres below which a trip gets no score of its own (its events still count in its week). */
export const MIN_TRIP_KM = 3;
/** Kilometres below which a week (or a league period) gets no score. */
export const MIN_PERIOD_KM = 20;

export type EventCounts = Record<DrivingEventKind, number>;
export type CategoryCounts = Record<ScoreCategory, number>;

export const noCounts = (): EventCounts => ({ acceleration: 0, braking: 0, cornering: 0, overspeed: 0, speeding: 0, idling: 0, revving: 0 });

/** Stored event kinds folded into the score's categories (speeding: the larger of the two sources). */
export function categoriesOf(c: EventCounts): CategoryCounts {
  return {
    braking: c.braking, acceleration: c.acceleration, cornering: c.cornering,
    speeding: Math.max(c.overspeed, c.speeding), revving: c.revving, idling: c.idling,
  };
}

export interface Score {
  /** 0–100; null when the distance is too short to judge. */
  score: number | null;
  /** Events per 100 km by category (0 when no distance). */
  per100km: CategoryCounts;
  /** The category costing the most points (null: none cost any). */
  worst: ScoreCategory | null;
}

/** The score of a stretch of `km` kilometres with these event counts; `minKm` per what is scored. */
export function scoreOf(km: number, counts: EventCounts, minKm: number): Score {
  const cats = categoriesOf(counts);
  const per100km = { ...cats };
  let penalty = 0;
  let worst: ScoreCategory | null = null;
  let worstPoints = 0;
  for (const c of SCORE_CATEGORIES) {
    per100km[c] = km > 0 ? Math.round((cats[c] / km) * 100 * 10) / 10 : 0;
    const points = km > 0 ? CATEGORY_WEIGHTS[c] * (cats[c] / km) * 100 : 0;
    penalty += points;
    if (points > worstPoints) { worstPoints = points; worst = c; }
  }
  if (km <= 0) worst = SCORE_CATEGORIES.find((c) => cats[c] > 0) ?? null;
  const score = km < minKm ? null : Math.max(0, Math.min(100, Math.round(100 - penalty)));
  return { score, per100km, worst };
}

export type ScoreBand = 'excellent' | 'good' | 'fair' | 'poor';

/** The band a score reads as (the page's colour and text): 90+ excellent, 75+ good, 60+ fair, below poor. */
export function scoreBand(score: number): ScoreBand {
  if (score >= 90) return 'excellent';
  if (score >= 75) return 'good';
  if (score >= 60) return 'fair';
  return 'poor';
}

/** Adds event counts (b into a copy of a). */
export function addCounts(a: EventCounts, b: Partial<EventCounts>): EventCounts {
  const out = { ...a };
  for (const [k, v] of Object.entries(b) as Array<[DrivingEventKind, number]>) out[k] += v;
  return out;
}
