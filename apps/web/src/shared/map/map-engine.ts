import type { UnitSystem } from '@fleet/shared';
// The MapLibre side of MapView, loaded on demand so pages without a map never download it.
import {
  AttributionControl,
  type LngLatBoundsLike,
  Map as MapLibreMap,
  NavigationControl,
  type PaddingOptions,
  ScaleControl,
  setWorkerUrl,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { MapStyleConfig } from './map-style.tsx';

// The worker file sits beside our chunks under /assets, so it loads from 'self' (CSP).
setWorkerUrl(workerUrl);

declare global {
  interface Window {
    /** Set only by browser tests, to watch each map from its creation (camera, repaints). */
    onMapCreatedForTests?: (map: MapLibreMap) => void;
  }
}

/** Great Britain, before any vehicle is known. */
export const UK_VIEW = { center: [-2.6, 54.2] as [number, number], zoom: 5 };

/** Where a map's first frame looks: a place and zoom, or bounds to fit (so there is no jump after load). */
export type MapStart =
  | { center: [number, number]; zoom: number }
  | { bounds: LngLatBoundsLike; padding: PaddingOptions; maxZoom: number };

const scales = new WeakMap<MapLibreMap, ScaleControl>();

/** The scale bar in the site's unit system (miles/feet or kilometres/metres). */
export function setScaleUnit(map: MapLibreMap, system: UnitSystem): void {
  scales.get(map)?.setUnit(system === 'metric' ? 'metric' : 'imperial');
}

export function createMap(container: HTMLElement, config: MapStyleConfig, start: MapStart = UK_VIEW, system: UnitSystem = 'imperial'): MapLibreMap {
  const camera =
    'bounds' in start
      ? { bounds: start.bounds, fitBoundsOptions: { padding: start.padding, maxZoom: start.maxZoom } }
      : { center: start.center, zoom: start.zoom };
  const map = new MapLibreMap({
    container,
    style: config.style,
    ...camera,
    maxZoom: 18,
    attributionControl: false,
    // North stays up: headings read straight off the arrows (and the spec turns animations off).
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    fadeDuration: 0,
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  const scale = new ScaleControl({ unit: system === 'metric' ? 'metric' : 'imperial' });
  scales.set(map, scale);
  map.addControl(scale, 'bottom-left');
  // The credits come from the sources in view (the bundled map's, or the street style's own).
  // On a phone the map's "i" button shows them instead (map-info.tsx).
  map.addControl(new AttributionControl({ compact: true }), 'bottom-right');
  if (config.prepare) map.once('load', () => config.prepare?.(map));
  window.onMapCreatedForTests?.(map);
  return map;
}
