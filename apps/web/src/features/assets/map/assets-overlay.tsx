import type { Asset } from '@fleet/shared';
import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from '../../../shared/map/map-context.ts';
import { addImageDrawer } from '../../../shared/map/map-images.ts';
import { removeFromMap } from '../../../shared/map/map-layers.ts';
import { renderDrawing, renderLabel } from '../../../shared/vehicles/drawing-canvas.ts';
import { MARKER_SIZE, vehicleMarker } from '../../../shared/vehicles/vehicle-look.ts';
import { assetIcon, assetState, hasPlace } from '../model/asset-view.ts';
import { assetImageFor, assetLabelId, assetMarkerId } from './asset-images.ts';

const SOURCE = 'assets';
const LAYERS = { ring: 'assets-selected', markers: 'assets-markers', labels: 'assets-labels' } as const;
const RING = '#1f2933';

function featuresOf(assets: readonly Asset[], selected: number | null, now: number) {
  return {
    type: 'FeatureCollection' as const,
    features: assets.filter(hasPlace).map((a, i) => {
      const state = assetState(a, now);
      return {
        type: 'Feature' as const,
        id: a.unitid,
        geometry: { type: 'Point' as const, coordinates: [a.lon as number, a.lat as number] },
        properties: {
          id: a.unitid, image: assetMarkerId(assetIcon(a), state), label: assetLabelId(a.registration),
          // Drawn in this order (the highest on top: an alarm above the rest); labels placed the other
          // way round, so the marker on top keeps its own label where two overlap.
          selected: a.unitid === selected, order: (state === 'alarm' ? 100_000 : 0) + i,
        },
      };
    }),
  };
}

/**
 * The site's assets on the map: each as its catalogue icon (Asset Icon, Shield Icon when guarded) in
 * a disc ringed in its state colour, with its name under it; the selected one ringed. Clicking one
 * selects it. Also draws the name labels of AssetAreaOverlay's places. Renders nothing: owns the 'assets' source and its layers.
 */
export function AssetsOverlay({ assets, selected, onSelect }: { assets: readonly Asset[]; selected: number | null; onSelect: (id: number) => void }) {
  const map = useMap();
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    const off = addImageDrawer(map, (id, ratio) => {
      const image = assetImageFor(id);
      if (!image) return null;
      return image.kind === 'marker' ? renderDrawing(vehicleMarker(image.icon, null, image.state), ratio) : renderLabel(image.text, ratio);
    });
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({
      id: LAYERS.ring, type: 'circle', source: SOURCE, filter: ['==', ['get', 'selected'], true],
      paint: { 'circle-radius': MARKER_SIZE / 2 + 3, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': RING, 'circle-stroke-width': 3 },
    });
    map.addLayer({
      id: LAYERS.markers, type: 'symbol', source: SOURCE,
      layout: { 'icon-image': ['get', 'image'], 'icon-allow-overlap': true, 'icon-ignore-placement': true, 'symbol-sort-key': ['get', 'order'] },
    });
    map.addLayer({
      id: LAYERS.labels, type: 'symbol', source: SOURCE,
      layout: { 'icon-image': ['get', 'label'], 'icon-anchor': 'top', 'icon-offset': [0, MARKER_SIZE / 2 - 1], 'icon-padding': 1, 'symbol-sort-key': ['-', 0, ['get', 'order']] },
    });
    const click = (e: MapLayerMouseEvent) => {
      const id = Number(e.features?.[0]?.properties?.id);
      if (Number.isInteger(id)) select.current(id);
    };
    const enter = () => { map.getCanvas().style.cursor = 'pointer'; };
    const leave = () => { map.getCanvas().style.cursor = ''; };
    map.on('click', LAYERS.markers, click);
    map.on('mouseenter', LAYERS.markers, enter);
    map.on('mouseleave', LAYERS.markers, leave);
    return () => {
      map.off('click', LAYERS.markers, click);
      map.off('mouseenter', LAYERS.markers, enter);
      map.off('mouseleave', LAYERS.markers, leave);
      off();
      removeFromMap(map, Object.values(LAYERS), SOURCE);
    };
  }, [map]);

  useEffect(() => {
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(featuresOf(assets, selected, Date.now()));
  }, [map, assets, selected]);
  // The camera follows the selection in AssetAreaOverlay (the asset, or its allowed place and the asset).
  return null;
}
