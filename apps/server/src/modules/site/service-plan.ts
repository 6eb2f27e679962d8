import { type UnitSystem, wholeDistanceText } from '@fleet/shared';
import type { ServiceDueRow } from './site.repository.ts';

/** Why a unit is due for service, in words in the site's unit system (the serviceplan call and the dashboard's Servicing list). */
export function dueReasons(r: ServiceDueRow, system: UnitSystem): string {
  const why: string[] = [];
  if (r.due_date && r.due_date <= new Date().toISOString().slice(0, 10)) why.push(`date ${r.due_date} reached`);
  if (r.due_km != null && r.km != null && r.km >= r.due_km) why.push(`${wholeDistanceText(r.km, system)} of ${wholeDistanceText(r.due_km, system)}`);
  if (r.due_hours != null && r.hours != null && r.hours >= r.due_hours) why.push(`${Math.round(r.hours)} of ${r.due_hours} engine hours`);
  return `Service due: ${why.join(', ')}`;
}
