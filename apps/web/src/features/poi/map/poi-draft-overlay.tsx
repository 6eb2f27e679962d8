import type { Feature, FeatureCollection } from 'geojson';
import type { GeoJSONSource, LayerSpecification, MapMouseEvent, MapTouchEvent, Point } from 'maplibre-gl';
import { useEffect } from 'react';
import { useMap } from '../../../shared/map/map-context.ts';
import { removeFromMap } from '../../../shared/map/map-layers.ts';
import { clickDraft, draftPreview, finishPolygon, type PoiDraft } from '../model/poi-draft.ts';
import { draftHandles, dragHandle, type Handle, type HandleKind, handleNear, removeVertex, selectVertex } from '../model/poi-handles.ts';
import { getPoiState, updateDraft, usePoiState } from '../model/poi-store.ts';
import { POI_COLOURS } from './poi-colours.ts';

const SOURCE = 'poi-draft';
/** How far from a handle a press still catches it: a fingertip, more than the drawn dot. */
const REACH_PX = 16;
const c = POI_COLOURS.draft;
const isHandle = ['has', 'handle'] as never;
const handleIs = (kind: HandleKind) => ['==', ['get', 'handle'], kind] as never;
const layers: LayerSpecification[] = [
  { id: 'poi-draft-fill', type: 'fill', source: SOURCE, filter: ['==', '$type', 'Polygon'], paint: { 'fill-color': c, 'fill-opacity': 0.2 } },
  { id: 'poi-draft-line', type: 'line', source: SOURCE, filter: ['!=', '$type', 'Point'], paint: { 'line-color': c, 'line-width': 2 } },
  {
    id: 'poi-draft-midpoint',
    type: 'circle',
    source: SOURCE,
    filter: handleIs('midpoint'),
    paint: { 'circle-radius': 4, 'circle-color': c, 'circle-opacity': 0.55, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5 },
  },
  {
    id: 'poi-draft-vertex',
    type: 'circle',
    source: SOURCE,
    filter: ['all', isHandle, ['!', handleIs('midpoint')]] as never,
    paint: {
      'circle-radius': ['case', ['==', ['get', 'selected'], true], 7, 6] as never,
      'circle-color': ['case', ['any', ['==', ['get', 'selected'], true], ['==', ['get', 'handle'], 'centre']], c, '#ffffff'] as never,
      'circle-stroke-color': ['case', ['==', ['get', 'selected'], true], '#ffffff', c] as never,
      'circle-stroke-width': 2,
    },
  },
];

interface HandleProps {
  handle: HandleKind;
  index: number;
  selected: boolean;
}

function previewData(draft: PoiDraft | null): FeatureCollection {
  if (!draft) return { type: 'FeatureCollection', features: [] };
  const { ring, line } = draftPreview(draft);
  const handles = draftHandles(draft).map(
    (h): Feature => ({
      type: 'Feature',
      properties: { handle: h.kind, index: h.index, selected: h.kind === 'vertex' && h.index === draft.selected } satisfies HandleProps,
      geometry: { type: 'Point', coordinates: h.at },
    }),
  );
  return {
    type: 'FeatureCollection',
    features: [
      ...(ring ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'Polygon' as const, coordinates: [ring] } }] : []),
      ...(line.length > 1 ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: line } }] : []),
      ...handles,
    ],
  };
}

/**
 * The place being drawn: map clicks set a circle's centre or add a polygon's corners, a
 * double-click finishes a polygon, and the outline is previewed with handles to drag: corners,
 * edge midpoints (a new corner), a circle's centre and rim. A double-click on a corner removes it.
 * Renders nothing.
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
    const canvas = map.getCanvas();
    /** The handle under a point, from the draft as it is now (the drawn source may lag an edit). */
    const handleAt = (point: Point): Handle | null => {
      const current = getPoiState().draft;
      return current ? handleNear(draftHandles(current), (at) => map.project(at), point, REACH_PX) : null;
    };
    let dragging: { kind: HandleKind; index: number } | null = null;

    const move = (e: MapMouseEvent | MapTouchEvent) => {
      if (!dragging) return;
      const target = dragging;
      updateDraft((d) => dragHandle(d, target, { lat: e.lngLat.lat, lon: e.lngLat.lng }));
    };
    const end = () => {
      dragging = null;
      canvas.style.cursor = 'crosshair';
      map.off('mousemove', move);
      map.off('touchmove', move);
    };
    const start = (e: MapMouseEvent | MapTouchEvent) => {
      const hit = handleAt(e.point);
      if (!hit || ('points' in e && e.points.length > 1)) return;
      // Stops the map from panning while a handle is dragged.
      e.preventDefault();
      if (hit.kind === 'midpoint') {
        const at = { lat: e.lngLat.lat, lon: e.lngLat.lng };
        updateDraft((d) => dragHandle(d, hit, at));
        dragging = { kind: 'vertex', index: hit.index + 1 };
      } else {
        if (hit.kind === 'vertex') updateDraft((d) => selectVertex(d, hit.index));
        dragging = { kind: hit.kind, index: hit.index };
      }
      canvas.style.cursor = 'grabbing';
      map.on('mousemove', move);
      map.on('touchmove', move);
      map.once(e.type === 'touchstart' ? 'touchend' : 'mouseup', end);
    };
    // A click on a handle was a pick or a drag, not a new corner or centre.
    const onClick = (e: MapMouseEvent) => {
      if (handleAt(e.point)) return;
      updateDraft((d) => clickDraft(selectVertex(d, null), { lat: e.lngLat.lat, lon: e.lngLat.lng }));
    };
    const onDoubleClick = (e: MapMouseEvent) => {
      e.preventDefault();
      const hit = handleAt(e.point);
      if (hit?.kind === 'vertex') updateDraft((d) => (d.closed ? removeVertex(d, hit.index) : finishPolygon(d)));
      else updateDraft(finishPolygon);
    };
    const hover = (e: MapMouseEvent) => {
      if (!dragging) canvas.style.cursor = handleAt(e.point) ? 'grab' : 'crosshair';
    };

    map.doubleClickZoom.disable();
    canvas.style.cursor = 'crosshair';
    map.on('mousedown', start);
    map.on('touchstart', start);
    map.on('mousemove', hover);
    map.on('click', onClick);
    map.on('dblclick', onDoubleClick);
    return () => {
      end();
      map.off('mousedown', start);
      map.off('touchstart', start);
      map.off('mousemove', hover);
      map.off('click', onClick);
      map.off('dblclick', onDoubleClick);
      canvas.style.cursor = '';
      map.doubleClickZoom.enable();
    };
  }, [map, drawing]);

  return null;
}
