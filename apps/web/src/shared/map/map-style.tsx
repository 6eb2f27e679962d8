import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../brand/brand-query.ts';
import { bundledBasemapStyle, fillLand } from './basemap.ts';

/** The map's first style: the bundled basemap, drawn at once and kept as the fallback. */
export interface MapStyleConfig {
  style: StyleSpecification;
  /** Runs once the style has loaded (the bundled basemap fills in its land here). */
  prepare?(map: MapLibreMap): void;
}

/** The basemaps a map offers: the bundled one, and the brand's street and satellite styles (URLs) when it names them. */
export interface Basemaps {
  bundled: MapStyleConfig;
  street: string | null;
  satellite: string | null;
}

/** The basemaps of the host's brand (the brand answer carries them); until it answers, the bundled map only. */
export function useBasemaps(): Basemaps {
  const { t } = useTranslation();
  const attribution = t('map.bundledAttribution');
  const map = useBrand()?.map;
  const street = map?.style ?? null;
  const satellite = street ? (map?.satellite ?? null) : null;
  const bundled = useMemo(() => ({ style: bundledBasemapStyle(attribution), prepare: fillLand }), [attribution]);
  return useMemo(() => ({ bundled, street, satellite }), [bundled, street, satellite]);
}
