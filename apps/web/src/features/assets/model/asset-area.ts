import { type BBox, circleBBox, inCircle, parseCentre, type Poi, pointInPolygon, polygonBBox } from '@fleet/shared';
import { hasPlace } from './asset-view.ts';

// The selected asset's allowed place on the assets map (docs/decisions.md, issue 16 — assets):
// which place is shown, whether the asset's last position is inside it (the same containment as the
// Asset Movement rule on the server: inCircle, pointInPolygon) and where the camera goes.

/** The place of that id among the site's places with an area; null: anywhere (or a place no longer offered). */
export function shownPlace(places: readonly Poi[], poiId: number | null): Poi | null {
  return poiId === null ? null : (places.find((p) => p.id === poiId) ?? null);
}

/** Whether the point is inside the place; null when the place's stored shape has no area. */
export function placeContainsPoint(place: Poi, lat: number, lon: number): boolean | null {
  if (place.mode === 1) {
    const centre = parseCentre(place.gp);
    if (!centre || !place.radius || place.radius <= 0) return null;
    return inCircle({ lat, lon }, { ...centre, radiusMetres: place.radius });
  }
  const points = place.geo?.points ?? [];
  return points.length >= 3 ? pointInPolygon({ lat, lon }, points) : null;
}

/** 'inside' or 'outside' its place by the asset's last position; null without a position or an area. */
export function assetWhereInPlace(asset: { lat: number | null; lon: number | null }, place: Poi): 'inside' | 'outside' | null {
  if (!hasPlace(asset)) return null;
  const inside = placeContainsPoint(place, asset.lat, asset.lon);
  return inside === null ? null : inside ? 'inside' : 'outside';
}

/** [[west, south], [east, north]] around the place's area and the asset's last position (when it has one); null: no area. */
export function areaFit(asset: { lat: number | null; lon: number | null }, place: Poi): [[number, number], [number, number]] | null {
  let box: BBox | null;
  if (place.mode === 1) {
    const centre = parseCentre(place.gp);
    if (!centre || !place.radius || place.radius <= 0) return null;
    box = circleBBox({ ...centre, radiusMetres: place.radius });
  } else {
    const points = place.geo?.points ?? [];
    if (points.length < 3) return null;
    box = polygonBBox(points);
  }
  if (!box) return null;
  if (hasPlace(asset)) {
    box = {
      minLat: Math.min(box.minLat, asset.lat), maxLat: Math.max(box.maxLat, asset.lat),
      minLon: Math.min(box.minLon, asset.lon), maxLon: Math.max(box.maxLon, asset.lon),
    };
  }
  return [[box.minLon, box.minLat], [box.maxLon, box.maxLat]];
}
