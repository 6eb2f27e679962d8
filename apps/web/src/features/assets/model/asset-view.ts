import type { Asset } from '@fleet/shared';
import { STALE_AFTER_MS, type VehicleIconState } from '@fleet/shared/rules/vehicle-icon';

/**
 * The icon of the catalogue an asset shows (docs/decisions.md, issue 16 — assets): the Shield Icon
 * when it is guarded by rules of its own (allowed hours or place), the Asset Icon otherwise (it
 * keeps to the site's working hours, anywhere).
 */
export function assetIcon(a: Pick<Asset, 'guarded'>): 'shield' | 'asset' {
  return a.guarded ? 'shield' : 'asset';
}

/**
 * Its state by colour and shape, as the fleet shows vehicles: an open Asset Movement alert above
 * all (alarm), no ping for 24 hours (stale), moving (driving, green) or standing (stopped).
 */
export function assetState(a: Pick<Asset, 'alert' | 'updated' | 'moving'>, now: number): VehicleIconState {
  if (a.alert) return 'alarm';
  const at = a.updated ? Date.parse(a.updated) : Number.NaN;
  if (!Number.isFinite(at) || now - at > STALE_AFTER_MS) return 'stale';
  return a.moving ? 'driving' : 'stopped';
}

/** '64 %', '3.55 V', '64 % · 3.55 V'; null when the tracker reports no battery. */
export function batteryText(a: Pick<Asset, 'batterypercent' | 'batteryvolts'>): string | null {
  const parts = [
    a.batterypercent !== null ? `${a.batterypercent} %` : null,
    a.batteryvolts !== null ? `${a.batteryvolts.toFixed(2)} V` : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join(' · ') : null;
}

/** Whether an asset matches what was typed: its name, place text or allowed place, in any case. */
export function matchesSearch(a: Pick<Asset, 'registration' | 'loc' | 'poiname'>, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [a.registration, a.loc, a.poiname ?? ''].some((s) => s.toLowerCase().includes(q));
}

/** Assets with an open alert first, then by name: the one in trouble is at the top. */
export function sortAssets<T extends Pick<Asset, 'alert' | 'registration'>>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => Number(b.alert !== null) - Number(a.alert !== null) || a.registration.localeCompare(b.registration));
}

/** Whether a position can go on the map (the server's null, or 0,0, means none). */
export function hasPlace(a: Pick<Asset, 'lat' | 'lon'>): a is { lat: number; lon: number } {
  return a.lat !== null && a.lon !== null && Number.isFinite(a.lat) && Number.isFinite(a.lon) && !(a.lat === 0 && a.lon === 0);
}

/** Where the map first looks: every placed asset in view (a lone one at street level); undefined: the default view. */
export function assetsStart(list: ReadonlyArray<Pick<Asset, 'lat' | 'lon'>>):
  { bounds: [[number, number], [number, number]]; padding: { top: number; bottom: number; left: number; right: number }; maxZoom: number } | undefined {
  const placed = list.filter(hasPlace);
  if (placed.length === 0) return undefined;
  const lons = placed.map((a) => a.lon);
  const lats = placed.map((a) => a.lat);
  return {
    bounds: [[Math.min(...lons), Math.min(...lats)], [Math.max(...lons), Math.max(...lats)]],
    padding: { top: 70, bottom: 90, left: 70, right: 70 }, maxZoom: 14,
  };
}
