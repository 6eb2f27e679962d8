import { isOutsideWorkingHours, type WorkingHours, workingHoursText } from '@fleet/shared';
import { inCircle, pointInPolygon, type XY } from '@fleet/shared/rules/geo';

// When an asset tracker's movement start raises the Asset Movement alert (issue 16, docs/decisions.md
// "Issue 16 — assets"): only when it moves outside its allowed hours or outside its allowed place.
// Moving inside both is recorded (its location code) and raises nothing.

/** The place an asset may move in: a POI as stored (mode 1 circle: lat/lon/radius m; mode 2 polygon: x lon, y lat). */
export interface AllowedPlace {
  id: number;
  name: string;
  mode: number;
  lat: number | null;
  lon: number | null;
  radius: number | null;
  points: readonly XY[] | null;
}

/** An asset's own rules (units.asset_hours, units.asset_poi_id). */
export interface AssetRules {
  /** When it may move, in the site's zone; null: the site's working hours. */
  hours: WorkingHours | null;
  /** Where it may move; null: anywhere. */
  place: AllowedPlace | null;
}

/** The site's zone and working hours: the hours an asset without its own may move in. */
export interface AssetSiteHours {
  tz: string;
  hours: WorkingHours;
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** Whether the place contains the point; a place without an area (bad shape) contains nothing. */
export function placeContains(place: AllowedPlace, lat: number, lon: number): boolean {
  if (place.mode === 1) {
    if (!finite(place.lat) || !finite(place.lon) || !finite(place.radius) || place.radius <= 0) return false;
    return inCircle({ lat, lon }, { lat: place.lat, lon: place.lon, radiusMetres: place.radius });
  }
  if (place.mode === 2) {
    const points = place.points;
    if (!Array.isArray(points) || points.length < 3 || !points.every((p) => finite(p?.x) && finite(p?.y))) return false;
    return pointInPolygon({ lat, lon }, points);
  }
  return false;
}

/** Whether a POI has an area an asset can be inside (a circle with a radius, a polygon of 3 or more points). */
export function placeHasArea(place: Omit<AllowedPlace, 'id' | 'name'>): boolean {
  if (place.mode === 1) return finite(place.lat) && finite(place.lon) && finite(place.radius) && place.radius > 0;
  return place.mode === 2 && Array.isArray(place.points) && place.points.length >= 3;
}

/**
 * Why a movement start at `timeMs` (device time) and `lat`/`lon` breaks the asset's rules, or null
 * when it is allowed: 'outside allowed hours Mon–Fri 06:00–18:00', 'outside Yard North', or both
 * joined by '; '. Hours are the asset's own, else the site's, judged on the site's local clock
 * (DST-correct, a window whose end is before its start runs over midnight: isOutsideWorkingHours).
 * Without own hours and without the site's (unknown site), hours allow any time.
 */
export function assetMovementBreach(timeMs: number, lat: number, lon: number, rules: AssetRules | undefined, site: AssetSiteHours | undefined): string | null {
  const reasons: string[] = [];
  const hours = rules?.hours ?? site?.hours ?? null;
  if (hours && isOutsideWorkingHours(timeMs, site?.tz ?? 'Europe/London', hours)) reasons.push(`outside allowed hours ${workingHoursText(hours)}`);
  const place = rules?.place ?? null;
  if (place && !placeContains(place, lat, lon)) reasons.push(`outside ${place.name}`);
  return reasons.length ? reasons.join('; ') : null;
}
