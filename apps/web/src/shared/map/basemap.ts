import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
// Natural Earth land at 1:50m from world-atlas: ~170 kB gzipped, fetched only when a map opens.
// (1:10m is ~775 kB gzipped for detail nobody sees at street zoom, where the basemap is all land.)
import landUrl from 'world-atlas/land-50m.json?url';

export const BASEMAP_COLOURS = { water: '#c6dbe9', land: '#f3f1ec', coast: '#9fb8cb' } as const;

export const LAND_SOURCE = 'basemap-land';
/** The bundled map's layers: hidden while a street map is shown, shown again when it goes. */
export const BUNDLED_LAYERS = ['basemap-water', 'basemap-land', 'basemap-coast'] as const;

/**
 * The bundled basemap: water as the background, land polygons filled in once they have loaded. Its
 * credit rides on its source, so the attribution drops it while a street map hides it.
 */
export function bundledBasemapStyle(attribution: string): StyleSpecification {
  return {
    version: 8,
    name: 'Bundled low-detail basemap',
    sources: {
      [LAND_SOURCE]: {
        type: 'geojson',
        data: { type: 'FeatureCollection', features: [] },
        // Coarse data: tiles past zoom 9 are over-zoomed rather than cut again.
        maxzoom: 9,
        tolerance: 0.6,
        attribution,
      },
    },
    layers: [
      { id: 'basemap-water', type: 'background', paint: { 'background-color': BASEMAP_COLOURS.water } },
      { id: 'basemap-land', type: 'fill', source: LAND_SOURCE, paint: { 'fill-color': BASEMAP_COLOURS.land } },
      {
        id: 'basemap-coast',
        type: 'line',
        source: LAND_SOURCE,
        paint: {
          'line-color': BASEMAP_COLOURS.coast,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 10, 1.6],
        },
      },
    ],
  };
}

let land: Promise<FeatureCollection> | null = null;

/** World land as GeoJSON, converted from TopoJSON once per page load. */
export function loadLand(): Promise<FeatureCollection> {
  land ??= Promise.all([
    import('topojson-client'),
    fetch(landUrl).then((r) => {
      if (!r.ok) throw new Error(`The basemap could not load (${r.status}).`);
      return r.json() as Promise<import('topojson-specification').Topology>;
    }),
  ]).then(([topojson, topology]) => {
    const object = topology.objects.land;
    if (!object) throw new Error('The basemap file has no land.');
    const geo = topojson.feature(topology, object);
    return geo.type === 'FeatureCollection' ? geo : { type: 'FeatureCollection', features: [geo] };
  });
  land.catch(() => {
    land = null;
  });
  return land;
}

/** Fills the bundled style's land source; the map stays usable (all water) if that fails. */
export function fillLand(map: MapLibreMap): void {
  loadLand().then(
    (data) => {
      try {
        void map.getSource<GeoJSONSource>(LAND_SOURCE)?.setData(data);
      } catch {
        // The map was closed while the land loaded.
      }
    },
    (error: unknown) => console.warn('Basemap land not loaded:', error),
  );
}
