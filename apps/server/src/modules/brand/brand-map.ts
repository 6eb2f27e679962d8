import { type BrandMap, httpOriginOf } from '@fleet/shared';

/**
 * The public street map taken when neither the brand nor MAP_STYLE_URL names one: OpenFreeMap's
 * 'liberty' style (OpenStreetMap data, no key, no request limits; docs/decisions.md). Its style,
 * TileJSON, tiles, sprites and glyphs are all on one host.
 */
export const PUBLIC_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
export const PUBLIC_STYLE_HOSTS: readonly string[] = ['https://tiles.openfreemap.org'];

/** The installation's map settings (MAP_STYLE_URL, MAP_SATELLITE_STYLE_URL, MAP_HOSTS). */
export interface MapDefaults {
  /** A style URL, 'none' for the bundled basemap only, or undefined for the public style. */
  style?: string;
  satellite?: string;
  hosts: readonly string[];
}
export const NO_MAP_DEFAULTS: MapDefaults = { hosts: [] };

/** The map columns of a brand row. */
export interface BrandMapColumns {
  mapStyleUrl: string | null;
  mapSatelliteStyleUrl: string | null;
  mapHosts: string[];
}

/** The basemaps a brand's maps use: its own, else the installation's, else the public style. */
export function effectiveMap(brand: BrandMapColumns, defaults: MapDefaults): BrandMap {
  const fallback = defaults.style === 'none' ? null : (defaults.style ?? PUBLIC_STYLE_URL);
  return {
    style: brand.mapStyleUrl ?? fallback,
    satellite: brand.mapSatelliteStyleUrl ?? defaults.satellite ?? null,
  };
}

/**
 * The origins a brand's pages may load map data from (the CSP's connect-src and img-src): the
 * origins of the styles in force, the hosts named with them (the brand's own when it names a style,
 * MAP_HOSTS for the installation's), and the public style's known host when that is in force.
 */
export function mapOrigins(brand: BrandMapColumns, defaults: MapDefaults): string[] {
  const map = effectiveMap(brand, defaults);
  const out = new Set<string>();
  for (const url of [map.style, map.satellite]) {
    const origin = url ? httpOriginOf(url) : null;
    if (origin) out.add(origin);
  }
  if (map.style === PUBLIC_STYLE_URL) for (const h of PUBLIC_STYLE_HOSTS) out.add(h);
  const ownStyles = brand.mapStyleUrl !== null || brand.mapSatelliteStyleUrl !== null;
  const installationStyles = brand.mapStyleUrl === null || brand.mapSatelliteStyleUrl === null;
  if (ownStyles) for (const h of brand.mapHosts) out.add(h);
  if (installationStyles) for (const h of defaults.hosts) out.add(h);
  return [...out].sort();
}
