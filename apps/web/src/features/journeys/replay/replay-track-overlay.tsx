import type { GeoJSONSource, LayerSpecification, MapLayerMouseEvent, MapSourceDataEvent } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from '../../../shared/map/map-context.ts';
import { addImageDrawer } from '../../../shared/map/map-images.ts';
import { removeFromMap } from '../../../shared/map/map-layers.ts';
import { renderDrawing } from '../../../shared/vehicles/drawing-canvas.ts';
import { stopPin, stopPinImageId, stopPinNumber } from './replay-stop-pin.ts';
import { BAND_COLOURS, nearestIndex, type ReplayStop, type ReplayTrack, speedRuns } from './replay-track.ts';

const TRACK = 'replay-track';
const STOPS = 'replay-stops';
const PICKED = 'replay-picked';
const TRACK_LINE_LAYER = 'replay-track-line';
/** A wide, nearly clear line over the track: a click a finger's width off the line still finds it. */
const TRACK_HIT_LAYER = 'replay-track-hit';

const bandColour: unknown[] = ['match', ['get', 'band']];
BAND_COLOURS.forEach((c, i) => bandColour.push(i, c));
bandColour.push(BAND_COLOURS[0]);

const LAYERS: LayerSpecification[] = [
  {
    id: 'replay-track-casing',
    type: 'line',
    source: TRACK,
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#ffffff', 'line-width': ['interpolate', ['linear'], ['zoom'], 8, 4, 16, 9], 'line-opacity': 0.9 },
  },
  {
    id: TRACK_LINE_LAYER,
    type: 'line',
    source: TRACK,
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: {
      'line-color': bandColour as never,
      'line-width': ['interpolate', ['linear'], ['zoom'], 8, 2.5, 16, 6],
    },
  },
  {
    id: TRACK_HIT_LAYER,
    type: 'line',
    source: TRACK,
    // The same layout as the two lines above, so MapLibre builds one bucket for all three.
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#000000', 'line-width': 22, 'line-opacity': 0.01 },
  },
  {
    id: 'replay-picked',
    type: 'circle',
    source: PICKED,
    paint: { 'circle-radius': 7, 'circle-color': '#ffffff', 'circle-stroke-color': '#1f2933', 'circle-stroke-width': 3 },
  },
  {
    id: 'replay-stop-pins',
    type: 'symbol',
    source: STOPS,
    layout: {
      'icon-image': ['get', 'image'],
      'icon-anchor': 'bottom',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
      'symbol-sort-key': ['get', 'n'],
    },
  },
];

interface TrackOverlayProps {
  track: ReplayTrack;
  stops: readonly ReplayStop[];
  limitsKmh: readonly number[];
  /** The point the user clicked (index into the track), ringed on the line; null for none. */
  picked: number | null;
  onPick(index: number): void;
  /** Called once, when the track has been drawn the first time (the cover comes off; the benchmark's figure). */
  onDrawn?(): void;
  /** Tighter padding around the day on a phone. */
  phone: boolean;
}

/** The track's bounding box, [[west, south], [east, north]]. */
function bounds(track: ReplayTrack): [[number, number], [number, number]] {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < track.size; i++) {
    const lon = track.lon[i] ?? 0;
    const lat = track.lat[i] ?? 0;
    if (lon < w) w = lon;
    if (lon > e) e = lon;
    if (lat < s) s = lat;
    if (lat > n) n = lat;
  }
  return [[w, s], [e, n]];
}

/** The day's track coloured by speed, its numbered stops, and the clicked point. Renders nothing. */
export function ReplayTrackOverlay({ track, stops, limitsKmh, picked, onPick, onDrawn, phone }: TrackOverlayProps) {
  const map = useMap();
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const drawnRef = useRef(onDrawn);
  const phoneRef = useRef(phone);

  // The map was made while the answer was on its way; it jumps to the day under the loading cover.
  useEffect(() => {
    if (track.size > 0) map.fitBounds(bounds(track), { padding: phoneRef.current ? 28 : 56, maxZoom: 16, animate: false });
  }, [map, track]);

  useEffect(() => {
    const offImages = addImageDrawer(map, (id, ratio) => {
      const n = stopPinNumber(id);
      return n === null ? null : renderDrawing(stopPin(n), ratio);
    });
    performance.mark('replay:map-ready');
    map.addSource(TRACK, { type: 'geojson', data: speedRuns(track, limitsKmh), tolerance: 0.5 });
    map.addSource(STOPS, {
      type: 'geojson',
      data: {
        type: 'FeatureCollection',
        features: stops.map((s) => ({
          type: 'Feature',
          properties: { n: s.number, image: stopPinImageId(s.number) },
          geometry: { type: 'Point', coordinates: [s.segment.startLon, s.segment.startLat] },
        })),
      },
    });
    map.addSource(PICKED, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    for (const layer of LAYERS) map.addLayer(layer);
    performance.mark('replay:layers-added');
    // Drawn: the first frame after the track's tiles are in (the basemap may still be filling in).
    const onData = (e: MapSourceDataEvent) => {
      if (e.sourceId !== TRACK || !map.getSource(TRACK) || !map.isSourceLoaded(TRACK)) return;
      map.off('sourcedata', onData);
      map.once('render', () => drawnRef.current?.());
      map.triggerRepaint();
    };
    map.on('sourcedata', onData);
    const click = (e: MapLayerMouseEvent) => pickRef.current(nearestIndex(track, e.lngLat.lat, e.lngLat.lng));
    const enter = () => (map.getCanvas().style.cursor = 'pointer');
    const leave = () => (map.getCanvas().style.cursor = '');
    map.on('click', TRACK_HIT_LAYER, click);
    map.on('mouseenter', TRACK_HIT_LAYER, enter);
    map.on('mouseleave', TRACK_HIT_LAYER, leave);
    return () => {
      map.off('sourcedata', onData);
      map.off('click', TRACK_HIT_LAYER, click);
      map.off('mouseenter', TRACK_HIT_LAYER, enter);
      map.off('mouseleave', TRACK_HIT_LAYER, leave);
      offImages();
      removeFromMap(map, LAYERS.map((l) => l.id));
      removeFromMap(map, [], TRACK);
      removeFromMap(map, [], STOPS);
      removeFromMap(map, [], PICKED);
    };
  }, [map, track, stops, limitsKmh]);

  useEffect(() => {
    const source = map.getSource<GeoJSONSource>(PICKED);
    const features =
      picked === null || picked < 0
        ? []
        : [{ type: 'Feature' as const, properties: {}, geometry: { type: 'Point' as const, coordinates: [track.lon[picked] ?? 0, track.lat[picked] ?? 0] } }];
    void source?.setData({ type: 'FeatureCollection', features });
  }, [map, track, picked]);

  return null;
}
