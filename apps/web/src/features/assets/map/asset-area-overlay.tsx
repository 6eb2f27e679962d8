import type { Asset, Poi } from '@fleet/shared';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from '../../../shared/map/map-context.ts';
import { removeFromMap } from '../../../shared/map/map-layers.ts';
import { STATE_COLOUR } from '../../../shared/vehicles/vehicle-states.ts';
import { POI_COLOURS, poiLabelAnchor, poiRing } from '../../poi/index.ts';
import { areaFit, assetWhereInPlace } from '../model/asset-area.ts';
import { hasPlace } from '../model/asset-view.ts';
import { assetLabelId } from './asset-images.ts';

export const AREA_SOURCE = 'asset-area';
const LAYERS = { fill: 'asset-area-fill', inside: 'asset-area-line', outside: 'asset-area-outside', label: 'asset-area-label' } as const;
/** Outside its place the area turns the alert colour and dashed, so it differs by more than colour. */
const OUTSIDE_DASH: [number, number] = [3, 2];
const EMPTY = { type: 'FeatureCollection' as const, features: [] };

/** The area and its name label as GeoJSON, flagged `outside` when the asset's last position is not in it. */
export function areaFeatures(asset: Pick<Asset, 'lat' | 'lon'>, place: Poi) {
  const ring = poiRing(place);
  const at = poiLabelAnchor(place);
  if (!ring) return EMPTY;
  const outside = assetWhereInPlace(asset, place) === 'outside';
  const props = { id: place.id, name: place.name, outside, label: assetLabelId(place.name) };
  return {
    type: 'FeatureCollection' as const,
    features: [
      { type: 'Feature' as const, id: place.id, geometry: { type: 'Polygon' as const, coordinates: [ring] }, properties: props },
      ...(at ? [{ type: 'Feature' as const, id: place.id, geometry: { type: 'Point' as const, coordinates: at }, properties: props }] : []),
    ],
  };
}

/**
 * The selected asset's allowed place (saved, or chosen in its editor and not yet saved) as a
 * translucent area with its name, under the markers: in the place colour, or the alert colour and
 * dashed when the asset is outside it. Decoration: the details say the same in words. Also moves the
 * camera when the selection or the shown place changes: fits the area and the asset, or, without a
 * place, brings the asset into view at the same zoom. Renders nothing.
 */
export function AssetAreaOverlay({ asset, place }: { asset: Asset | null; place: Poi | null }) {
  const map = useMap();

  useEffect(() => {
    map.addSource(AREA_SOURCE, { type: 'geojson', data: EMPTY });
    map.addLayer({
      id: LAYERS.fill, type: 'fill', source: AREA_SOURCE, filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': ['case', ['get', 'outside'], STATE_COLOUR.alarm, POI_COLOURS.place], 'fill-opacity': 0.14 },
    });
    map.addLayer({
      id: LAYERS.inside, type: 'line', source: AREA_SOURCE, filter: ['all', ['==', ['geometry-type'], 'Polygon'], ['!', ['get', 'outside']]],
      paint: { 'line-color': POI_COLOURS.place, 'line-width': 2.5 },
    });
    map.addLayer({
      id: LAYERS.outside, type: 'line', source: AREA_SOURCE, filter: ['all', ['==', ['geometry-type'], 'Polygon'], ['get', 'outside']],
      paint: { 'line-color': STATE_COLOUR.alarm, 'line-width': 2.5, 'line-dasharray': OUTSIDE_DASH },
    });
    // The name label's image is drawn by the assets overlay's image drawer (asset-label:<text>).
    map.addLayer({
      id: LAYERS.label, type: 'symbol', source: AREA_SOURCE, filter: ['==', ['geometry-type'], 'Point'],
      layout: { 'icon-image': ['get', 'label'], 'icon-anchor': 'center', 'icon-padding': 4 },
    });
    return () => removeFromMap(map, Object.values(LAYERS), AREA_SOURCE);
  }, [map]);

  useEffect(() => {
    (map.getSource(AREA_SOURCE) as GeoJSONSource | undefined)?.setData(asset && place ? areaFeatures(asset, place) : EMPTY);
  }, [map, asset, place]);

  // The camera moves when the selection or its shown place changes, not on every refresh of the list
  // (each refresh brings new objects: the effect keys on the ids and reads the latest through refs).
  const latest = useRef({ asset, place });
  latest.current = { asset, place };
  const uid = asset?.unitid ?? null;
  const placeId = place?.id ?? null;
  useEffect(() => {
    const { asset: a, place: p } = latest.current;
    if (!a) return;
    const box = p ? areaFit(a, p) : null;
    if (box) map.fitBounds(box, { padding: { top: 70, bottom: 90, left: 70, right: 70 }, maxZoom: 16, duration: 400 });
    else if (hasPlace(a)) map.easeTo({ center: [a.lon as number, a.lat as number], duration: 400 });
  }, [map, uid, placeId]);
  return null;
}
