import type { GeoJSONSource, LayerSpecification } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from '../../../shared/map/map-context.ts';
import { addImageDrawer } from '../../../shared/map/map-images.ts';
import { removeFromMap } from '../../../shared/map/map-layers.ts';
import { renderLabel } from '../../../shared/vehicles/drawing-canvas.ts';
import { usePoiList } from '../api/poi-list.ts';
import { poiBounds, poiFeatures, poiLabelFeatures, poiLabelFor } from '../model/poi-shapes.ts';
import { usePoiState } from '../model/poi-store.ts';
import { GEOFENCE_DASH, POI_COLOURS } from './poi-colours.ts';

const SOURCE = 'poi';
const LABELS = 'poi-labels';
/** Names appear from street-level zoom (about 4 km across a laptop screen), where places have room. */
export const POI_LABEL_MINZOOM = 13;
const isGeofence = ['==', ['get', 'geofence'], true] as const;
const colour = ['case', isGeofence, POI_COLOURS.geofence, POI_COLOURS.place] as unknown as string;

const layers: LayerSpecification[] = [
  { id: 'poi-fill', type: 'fill', source: SOURCE, paint: { 'fill-color': colour, 'fill-opacity': 0.14 } },
  {
    id: 'poi-outline',
    type: 'line',
    source: SOURCE,
    filter: ['!', isGeofence] as never,
    paint: { 'line-color': POI_COLOURS.place, 'line-width': 2 },
  },
  {
    id: 'poi-geofence-outline',
    type: 'line',
    source: SOURCE,
    filter: isGeofence as never,
    paint: { 'line-color': POI_COLOURS.geofence, 'line-width': 2.5, 'line-dasharray': GEOFENCE_DASH },
  },
  {
    id: 'poi-label',
    type: 'symbol',
    source: LABELS,
    minzoom: POI_LABEL_MINZOOM,
    // A label that would overlap another (or a vehicle's) is left out rather than piled on.
    layout: { 'icon-image': ['get', 'label'], 'icon-anchor': 'center', 'icon-allow-overlap': false, 'icon-padding': 4 },
  },
];

/** Place names as images: the bundled basemap ships no glyphs, so MapLibre cannot set text itself. */
function drawPoiLabel(id: string, ratio: number) {
  const label = poiLabelFor(id);
  return label ? renderLabel(label.name, ratio, label.geofence ? POI_COLOURS.geofence : POI_COLOURS.place) : null;
}

/** The first layer above the basemap, so places sit under every vehicle whenever they are added. */
function firstOverlayLayer(ids: string[]): string | undefined {
  return ids.find((id) => !id.startsWith('basemap-') && !id.startsWith('poi-'));
}

/**
 * The site's places (showonmap) as translucent fills with outlines, geofences dashed and in their
 * own colour, named from street-level zoom. Renders nothing: owns the 'poi' and 'poi-labels'
 * sources and their layers, and flies to a picked place.
 */
export function PoiOverlay({ siteId }: { siteId: number }) {
  const map = useMap();
  const pois = usePoiList(siteId).data;
  const { visible, focus, draft } = usePoiState();
  const editing = draft?.id ?? null;

  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: poiFeatures([]) });
    map.addSource(LABELS, { type: 'geojson', data: poiLabelFeatures([]) });
    const removeDrawer = addImageDrawer(map, drawPoiLabel);
    const before = firstOverlayLayer(map.getStyle().layers.map((l) => l.id));
    for (const layer of layers) map.addLayer(layer, before);
    return () => {
      removeDrawer();
      removeFromMap(map, layers.map((l) => l.id), SOURCE);
      removeFromMap(map, [], LABELS);
    };
  }, [map]);

  useEffect(() => {
    void map.getSource<GeoJSONSource>(SOURCE)?.setData(poiFeatures(pois ?? []));
    void map.getSource<GeoJSONSource>(LABELS)?.setData(poiLabelFeatures(pois ?? []));
  }, [map, pois]);

  // The place being edited shows its handles, not its name, at the same spot.
  useEffect(() => {
    map.setFilter('poi-label', editing === null ? null : ['!=', ['get', 'id'], editing]);
  }, [map, editing]);

  useEffect(() => {
    for (const l of layers) map.setLayoutProperty(l.id, 'visibility', visible ? 'visible' : 'none');
  }, [map, visible]);

  // Read at request time: only a new request moves the camera, not a refetch of the list.
  const latest = useRef(pois);
  latest.current = pois;
  useEffect(() => {
    const target = focus && latest.current?.find((p) => p.id === focus.id);
    const bounds = target ? poiBounds(target) : null;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
    if (bounds) map.fitBounds(bounds, { padding: 80, maxZoom: 16, duration: still ? 0 : 400 });
  }, [map, focus]);

  return null;
}
