import { directionImage } from '@fleet/shared/rules/direction';
import { ptoIcon, type VehicleIconState, vehicleIconName, vehicleIconState } from '@fleet/shared/rules/vehicle-icon';
import type { Feature, Point } from 'geojson';
import type { GeoJSONSourceDiff } from 'maplibre-gl';
import { vehiclePosition } from '../../../shared/vehicles/position.ts';
import { headingDegrees, mapLabelText } from '../../../shared/vehicles/vehicle-text.ts';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import { headingImageId, labelImageId, vehicleImageId } from './map-images.ts';

export interface VehicleFeatureProps {
  unitid: number;
  /** Marker image id. */
  image: string;
  /** Heading arrow image id, '' when the vehicle is still (or stale). */
  heading: string;
  label: string;
  direction: number;
  /** 1 for an alarm: counted per cluster, and pulsed. */
  alarm: 0 | 1;
  /** Draw order: alarms on top, then driving, idling, stopped, stale. */
  rank: number;
}

export type VehicleFeature = Feature<Point, VehicleFeatureProps>;

const RANK: Record<VehicleIconState, number> = { alarm: 5, driving: 4, idling: 3, stopped: 2, stale: 1 };

/** A vehicle as a map point, or null when it has no drawable position (see vehiclePosition). */
export function vehicleFeature(v: Vehicle, now: number): VehicleFeature | null {
  const at = vehiclePosition(v);
  if (!at) return null;
  const state = vehicleIconState(v, now);
  const moving = state !== 'stale' && directionImage(v.direction, v.speed) !== 'idle';
  return {
    type: 'Feature',
    id: v.unitid,
    geometry: { type: 'Point', coordinates: at },
    properties: {
      unitid: v.unitid,
      image: vehicleImageId(vehicleIconName(v), ptoIcon(v.unittype, v.ptotrigger1, v.ptotrigger2), state),
      heading: moving ? headingImageId(state) : '',
      label: labelImageId(mapLabelText(v.registration) || `#${v.unitid}`),
      direction: headingDegrees(v.direction),
      alarm: state === 'alarm' ? 1 : 0,
      rank: RANK[state],
    },
  };
}

/**
 * The features for the vehicles (those with a position). With a cache, a vehicle object seen
 * before gives back the same feature object: live updates replace only the vehicles that moved, so
 * a 10,000-vehicle fleet rebuilds a few hundred features a flush, not all of them. The cache must
 * be dropped when `now` moves on far enough to change a state (stale-ness).
 */
export function buildVehicleFeatures(
  vehicles: readonly Vehicle[],
  now: number,
  cache?: WeakMap<Vehicle, VehicleFeature | null>,
): VehicleFeature[] {
  const features: VehicleFeature[] = [];
  for (const v of vehicles) {
    let f = cache?.get(v);
    if (f === undefined) {
      f = vehicleFeature(v, now);
      cache?.set(v, f);
    }
    if (f) features.push(f);
  }
  return features;
}

function sameFeature(a: VehicleFeature, b: VehicleFeature): boolean {
  const [ax, ay] = a.geometry.coordinates;
  const [bx, by] = b.geometry.coordinates;
  if (ax !== bx || ay !== by) return false;
  const pa = a.properties;
  const pb = b.properties;
  return (
    pa.image === pb.image &&
    pa.heading === pb.heading &&
    pa.label === pb.label &&
    pa.direction === pb.direction &&
    pa.alarm === pb.alarm &&
    pa.rank === pb.rank
  );
}

/**
 * What to send the map so it shows `next` when it shows `shown`: removals and the new or changed
 * features (an added feature replaces the one with its id). Null when nothing changed.
 */
export function diffVehicleFeatures(
  shown: ReadonlyMap<number, VehicleFeature>,
  next: readonly VehicleFeature[],
): GeoJSONSourceDiff | null {
  const ids = new Set<number>();
  const add: VehicleFeature[] = [];
  for (const f of next) {
    ids.add(f.properties.unitid);
    const before = shown.get(f.properties.unitid);
    if (before !== f && (!before || !sameFeature(before, f))) add.push(f);
  }
  const remove = [...shown.keys()].filter((id) => !ids.has(id));
  if (add.length === 0 && remove.length === 0) return null;
  return { ...(remove.length > 0 ? { remove } : {}), ...(add.length > 0 ? { add } : {}) };
}

/** [[west, south], [east, north]] around the vehicles with a drawable position, or null. */
export function boundsOf(vehicles: readonly Vehicle[]): [[number, number], [number, number]] | null {
  let box: [[number, number], [number, number]] | null = null;
  for (const v of vehicles) {
    const at = vehiclePosition(v);
    if (!at) continue;
    const [lon, lat] = at;
    box = box
      ? [
          [Math.min(box[0][0], lon), Math.min(box[0][1], lat)],
          [Math.max(box[1][0], lon), Math.max(box[1][1], lat)],
        ]
      : [
          [lon, lat],
          [lon, lat],
        ];
  }
  return box;
}
