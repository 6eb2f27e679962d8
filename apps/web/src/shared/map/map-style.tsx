import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bundledBasemapStyle, fillLand } from './basemap.ts';

/** What a map draws under its overlays, and the credit it shows. */
export interface MapStyleConfig {
  /** A MapLibre style object, or the URL of one (a brand's own tiles, once the CSP allows its host). */
  style: StyleSpecification | string;
  /** Shown in the map's attribution. */
  attribution: string;
  /** Runs once the style has loaded (the bundled basemap fills in its land here). */
  prepare?(map: MapLibreMap): void;
}

const MapStyleContext = createContext<MapStyleConfig | null>(null);

/** Lets a brand (or a test) give every map below it another basemap. */
export function MapStyleProvider({ value, children }: { value: MapStyleConfig; children: ReactNode }) {
  return <MapStyleContext value={value}>{children}</MapStyleContext>;
}

/** The basemap in force: a provider's, else the bundled low-detail one (no external hosts). */
export function useMapStyle(): MapStyleConfig {
  const provided = useContext(MapStyleContext);
  const { t } = useTranslation();
  const attribution = t('map.bundledAttribution');
  return useMemo(
    () => provided ?? { style: bundledBasemapStyle(), attribution, prepare: fillLand },
    [provided, attribution],
  );
}
