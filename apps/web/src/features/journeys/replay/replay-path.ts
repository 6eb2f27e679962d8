import { TABS_PREFIX } from '@fleet/shared';

/** activitymap?v=&d=&t=: a vehicle's day replayed, opening at `at` (epoch ms) when given. */
export function activityMapPath(unitId: number, day?: string, at?: number): string {
  const q = new URLSearchParams({ v: String(unitId) });
  if (day) q.set('d', day);
  if (at !== undefined) q.set('t', String(Math.round(at)));
  return `${TABS_PREFIX}/activitymap?${q.toString()}`;
}
