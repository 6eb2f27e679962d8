import type { MapStart } from '../../../shared/map/map-view.tsx';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import type { FleetCamera } from '../model/fleet-view.ts';
import { boundsOf } from './vehicle-features.ts';

/** A fit never zooms in past street level, so one vehicle (or a few parked together) keeps its surroundings. */
export const FIT_MAX_ZOOM = 13;

/**
 * Room kept at the map's edges when fitting vehicles, so the overlays there do not cover markers:
 * the zoom buttons (top right), the scale and the places legend (bottom left), the attribution
 * (bottom right), and the selected vehicle's card (top left) when one is open. A phone keeps less
 * at the sides, where every pixel of its narrow map counts, so the fleet is fitted closer.
 */
export function fitPadding(phone: boolean, cardOpen = false): { top: number; right: number; bottom: number; left: number } {
  const top = cardOpen ? (phone ? 120 : 130) : phone ? 36 : 40;
  // The left edge keeps half a registration label's width, so an outermost vehicle is read whole.
  return phone ? { top, right: 60, bottom: 84, left: 40 } : { top, right: 60, bottom: 96, left: 48 };
}

/** How close vehicles must be (in pixels) to merge into a cluster: tighter on a phone so a fitted fleet reads as vehicles. */
export function clusterRadius(phone: boolean): number {
  return phone ? 24 : 40;
}

export interface FleetMapStart {
  /** Where the first frame looks; undefined for the map's default (Great Britain). */
  start?: MapStart;
  /** True when the start already shows the fleet: the camera must not fit it again when data comes. */
  placed: boolean;
}

/**
 * Where the fleet map opens: where the user left it on this site, else the site's own start view
 * (fleetconfig, issue 15), else around the vehicles (their bounds, so the first frame is already
 * right), else the default view, placed later when vehicles with a position arrive. Null while the
 * vehicles are still loading (the page shows that instead).
 */
export function fleetMapStart(
  vehicles: readonly Vehicle[] | undefined,
  loading: boolean,
  saved: FleetCamera | null,
  phone: boolean,
  siteView: { lat: number; lon: number; zoom: number } | null = null,
): FleetMapStart | null {
  if (saved) return { start: { center: saved.center, zoom: saved.zoom }, placed: true };
  if (siteView) return { start: { center: [siteView.lon, siteView.lat], zoom: siteView.zoom }, placed: true };
  if (!vehicles) return loading ? null : { placed: false };
  const bounds = boundsOf(vehicles);
  if (!bounds) return { placed: false };
  return { start: { bounds, padding: fitPadding(phone), maxZoom: FIT_MAX_ZOOM }, placed: true };
}
