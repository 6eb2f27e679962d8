import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource, LayerSpecification, MapMouseEvent } from 'maplibre-gl';
import { useEffect } from 'react';
import { useMap } from '../../../shared/map/map-context.ts';
import { removeFromMap } from '../../../shared/map/map-layers.ts';
import { clickDraft, draftPreview, finishPolygon, type PoiDraft } from '../model/poi-draft.ts';
import { updateDraft, usePoiState } from '../model/poi-store.ts';
import { POI_COLOURS } from './poi-colours.ts';

const SOURCE = 'poi-draft';
const c = POI_COLOURS.draft;
const layers: LayerSpecification[] = [
  { id: 'poi-draft-fill', type: 'fill', source: SOURCE, filter: ['==', '$type', 'Polygon'], paint: { 'fill-color': c, 'fill-opacity': 0.2 } },
  { id: 'poi-draft-line', type: 'line', source: SOURCE, filter: ['!=', '$type', 'Point'], paint: { 'line-color': c, 'line-width': 2 } },
  {
    id: 'poi-draft-vertex',
    type: 'circle',
    source: SOURCE,
    filter: ['==', '$type', 'Point'],
    paint: { 'circle-radius': 5, 'circle-color': '#ffffff', 'circle-stroke-color': c, 'circle-stroke-width': 2 },
  },
];

function previewData(draft: PoiDraft | null): FeatureCollection {
  if (!draft) return { type: 'FeatureCollection', features: [] };
  const { ring, line, vertices } = draftPreview(draft);
  return {
    type: 'FeatureCollection',
    features: [
      ...(ring ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'Polygon' as const, coordinates: [ring] } }] : []),
      ...(line.length > 1 ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: line } }] : []),
      ...vertices.map((v) => ({ type: 'Feature' as const, properties: {}, geometry: { type: 'Point' as const, coordinates: v } })),
    ],
  };
}

/**
 * The place being drawn: map clicks set a circle's centre or add a polygon's vertices, a
 * double-click finishes a polygon, and the outline is previewed. Renders nothing.
 */
export function PoiDraftOverlay() {
  const map = useMap();
  const { draft } = usePoiState();
  const drawing = draft !== null;

  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: previewData(null) });
    for (const layer of layers) map.addLayer(layer);
    return () => removeFromMap(map, layers.map((l) => l.id), SOURCE);
  }, [map]);

  useEffect(() => {
    void map.getSource<GeoJSONSource>(SOURCE)?.setData(previewData(draft));
  }, [map, draft]);

  useEffect(() => {
    if (!drawing) return;
    const onClick = (e: MapMouseEvent) => updateDraft((d) => clickDraft(d, { lat: e.lngLat.lat, lon: e.lngLat.lng }));
    const onDoubleClick = (e: MapMouseEvent) => {
      e.preventDefault();
      updateDraft(finishPolygon);
    };
    const canvas = map.getCanvas();
    map.doubleClickZoom.disable();
    canvas.style.cursor = 'crosshair';
    map.on('click', onClick);
    map.on('dblclick', onDoubleClick);
    return () => {
      map.off('click', onClick);
      map.off('dblclick', onDoubleClick);
      canvas.style.cursor = '';
      map.doubleClickZoom.enable();
    };
  }, [map, drawing]);

  return null;
}
