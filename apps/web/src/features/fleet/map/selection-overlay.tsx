import { useQueryClient } from '@tanstack/react-query';
import type { GeoJSONSource, LayerSpecification } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from '../../../shared/map/map-context.ts';
import { removeFromMap } from '../../../shared/map/map-layers.ts';
import { usePanelFailure } from '../../../shared/ui/panel-boundary.tsx';
import { MARKER_SIZE } from '../../../shared/vehicles/vehicle-look.ts';
import { subscribeVehicles } from '../hooks/vehicle-stream.ts';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import { vehicleFeature } from './vehicle-features.ts';
import { installVehicleImages } from './vehicle-images.ts';
import { SELECTED_STATE, VEHICLE_SOURCE } from './vehicle-layers.ts';

const SOURCE = 'vehicle-selection';
export const SELECTION_MARKER_LAYER = 'selection-marker';

const layers: LayerSpecification[] = [
  {
    id: 'selection-halo',
    type: 'circle',
    source: SOURCE,
    paint: {
      'circle-radius': MARKER_SIZE / 2 + 5,
      'circle-color': '#ffffff',
      'circle-opacity': 0.7,
      'circle-stroke-color': '#1f2933',
      'circle-stroke-width': 3,
    },
  },
  {
    id: 'selection-heading',
    type: 'symbol',
    source: SOURCE,
    filter: ['!=', ['get', 'heading'], ''],
    layout: {
      'icon-image': ['get', 'heading'],
      'icon-rotate': ['get', 'direction'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  },
  {
    id: SELECTION_MARKER_LAYER,
    type: 'symbol',
    source: SOURCE,
    layout: {
      'icon-image': ['get', 'image'],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  },
  {
    id: 'selection-label',
    type: 'symbol',
    source: SOURCE,
    layout: {
      'icon-image': ['get', 'label'],
      'icon-anchor': 'top',
      'icon-offset': [0, MARKER_SIZE / 2 + 4],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  },
];

/**
 * The selected vehicle, ringed and drawn above everything else (even when its neighbours are
 * clustered), with its registration always shown. Renders nothing; owns its own small source, and
 * marks the vehicle 'selected' in the vehicles source so its label there is hidden (drawn once).
 */
export function SelectionOverlay({ siteId, selectedId }: { siteId: number; selectedId: number | null }) {
  const map = useMap();
  const queryClient = useQueryClient();
  const fail = usePanelFailure();
  const selectedRef = useRef(selectedId);
  const syncRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    installVehicleImages(map);
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    for (const layer of layers) map.addLayer(layer);
    const source = map.getSource<GeoJSONSource>(SOURCE);
    let vehicles: Vehicle[] = [];
    let shownKey = '';
    const sync = () => {
      const v = vehicles.find((x) => x.unitid === selectedRef.current);
      const feature = v ? vehicleFeature(v, Date.now()) : null;
      const key = feature ? JSON.stringify(feature) : '';
      if (key === shownKey) return;
      shownKey = key;
      void source?.setData({ type: 'FeatureCollection', features: feature ? [feature] : [] });
    };
    syncRef.current = sync;
    const unsubscribe = subscribeVehicles(queryClient, siteId, (next) => {
      vehicles = next;
      sync();
    }, fail);
    return () => {
      syncRef.current = null;
      unsubscribe();
      removeFromMap(
        map,
        layers.map((l) => l.id),
        SOURCE,
      );
    };
  }, [map, queryClient, siteId, fail]);

  useEffect(() => {
    selectedRef.current = selectedId;
    syncRef.current?.();
    if (selectedId === null || !map.getSource(VEHICLE_SOURCE)) return;
    const target = { source: VEHICLE_SOURCE, id: selectedId };
    map.setFeatureState(target, { [SELECTED_STATE]: true });
    return () => {
      if (map.getSource(VEHICLE_SOURCE)) map.removeFeatureState(target, SELECTED_STATE);
    };
  }, [map, selectedId]);

  return null;
}
