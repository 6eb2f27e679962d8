import type { ExpressionSpecification, GeoJSONSourceSpecification, LayerSpecification } from 'maplibre-gl';
import { MARKER_SIZE } from '../../../shared/vehicles/vehicle-look.ts';

export const VEHICLE_SOURCE = 'vehicles';
/** The map's deepest zoom. */
export const MAP_MAX_ZOOM = 18;
/**
 * Vehicles closer than a marker's width stay clustered up to the deepest zoom, so markers never
 * hide each other; a cluster that no zoom can split is listed on click instead.
 */
export const CLUSTER_MAX_ZOOM = MAP_MAX_ZOOM;
/**
 * Registrations show from this zoom (they give way to each other where crowded); a phone's map
 * covers a quarter of the ground, so it shows them one zoom earlier, where its fleet is fitted.
 */
export const LABEL_MIN_ZOOM = 10;
export const labelMinZoom = (phone: boolean): number => (phone ? LABEL_MIN_ZOOM - 1 : LABEL_MIN_ZOOM);

export const LAYER = {
  alarmRing: 'vehicle-alarm-ring',
  heading: 'vehicle-heading',
  markers: 'vehicle-markers',
  labels: 'vehicle-labels',
  clusters: 'vehicle-clusters',
} as const;

/** Feature state of the selected vehicle: the selection overlay draws it (and its label) on top. */
export const SELECTED_STATE = 'selected';

/** `radius`: how close (px) vehicles must be to merge into a cluster (see clusterRadius). */
export const vehicleSource = (radius: number): GeoJSONSourceSpecification => ({
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
  cluster: true,
  clusterMaxZoom: CLUSTER_MAX_ZOOM,
  clusterRadius: radius,
  // Above the cluster zoom, as MapLibre requires.
  maxzoom: CLUSTER_MAX_ZOOM + 1,
  clusterProperties: { alarms: ['+', ['get', 'alarm']] },
});

const single: ExpressionSpecification = ['!', ['has', 'point_count']];
const clustered: ExpressionSpecification = ['has', 'point_count'];

/**
 * Bottom to top: the steady alarm ring (its pulse is HTML over the map, see alarm-pulse.ts), heading
 * arrows, markers, labels, clusters.
 */
export function vehicleLayers(phone = false): LayerSpecification[] {
  const source = VEHICLE_SOURCE;
  return [
    {
      id: LAYER.alarmRing,
      type: 'circle',
      source,
      filter: ['all', single, ['==', ['get', 'alarm'], 1]],
      paint: {
        'circle-color': '#e03131',
        'circle-radius': MARKER_SIZE / 2 + 6,
        'circle-opacity': 0.35,
        'circle-stroke-color': '#e03131',
        'circle-stroke-width': 2,
        'circle-stroke-opacity': 0.6,
      },
    },
    {
      id: LAYER.heading,
      type: 'symbol',
      source,
      filter: ['all', single, ['!=', ['get', 'heading'], '']],
      layout: {
        'icon-image': ['get', 'heading'],
        'icon-rotate': ['get', 'direction'],
        'icon-rotation-alignment': 'map',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
        'symbol-sort-key': ['get', 'rank'],
      },
    },
    {
      id: LAYER.markers,
      type: 'symbol',
      source,
      filter: single,
      layout: {
        'icon-image': ['get', 'image'],
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
        'symbol-sort-key': ['get', 'rank'],
      },
    },
    {
      id: LAYER.labels,
      type: 'symbol',
      source,
      filter: single,
      minzoom: labelMinZoom(phone),
      layout: {
        'icon-image': ['get', 'label'],
        'icon-anchor': 'top',
        'icon-offset': [0, MARKER_SIZE / 2 - 1],
        'icon-padding': 1,
        'symbol-sort-key': ['-', 10, ['get', 'rank']],
      },
      // The selected vehicle's label is the selection overlay's (always shown, under its ring):
      // hidden here, not filtered out, so it still keeps its neighbours' labels off it, and
      // selecting re-cuts no tiles.
      paint: {
        'icon-opacity': ['case', ['boolean', ['feature-state', SELECTED_STATE], false], 0, 1],
      },
    },
    {
      id: LAYER.clusters,
      type: 'symbol',
      source,
      filter: clustered,
      layout: {
        'icon-image': [
          'concat',
          'cluster:',
          ['to-string', ['get', 'point_count']],
          ':',
          ['case', ['>', ['get', 'alarms'], 0], '1', '0'],
        ],
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
  ];
}
