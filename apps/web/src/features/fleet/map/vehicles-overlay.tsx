import { useQueryClient } from '@tanstack/react-query';
import type { GeoJSONSource, MapGeoJSONFeature, MapMouseEvent } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from '../../../shared/map/map-context.ts';
import { removeFromMap } from '../../../shared/map/map-layers.ts';
import { usePanelFailure } from '../../../shared/ui/panel-boundary.tsx';
import { subscribeVehicles } from '../hooks/vehicle-stream.ts';
import { type Vehicle, type VehicleFilter, vehiclesInFilter } from '../hooks/vehicle-rows.ts';
import { createAlarmPulse } from './alarm-pulse.ts';
import { clusterRadius } from './fleet-start.ts';
import { cameraMs } from './motion.ts';
import { redrawEveryMs } from './redraw.ts';
import { SELECTION_MARKER_LAYER } from './selection-overlay.tsx';
import { buildVehicleFeatures, diffVehicleFeatures, type VehicleFeature } from './vehicle-features.ts';
import { installVehicleImages } from './vehicle-images.ts';
import { CLUSTER_MAX_ZOOM, LAYER, VEHICLE_SOURCE, vehicleLayers, vehicleSource } from './vehicle-layers.ts';

/** Vehicles sharing one spot that no zoom can separate, for the page to list. */
export interface Crowd {
  x: number;
  y: number;
  unitIds: number[];
}

interface VehiclesOverlayProps {
  siteId: number;
  filter: VehicleFilter;
  /** A phone-sized map (tighter clusters, labels a zoom earlier), taken when the overlay mounts. */
  phone: boolean;
  onPick(unitId: number): void;
  onCrowd(crowd: Crowd): void;
}

/** Finger-sized slack around a click. */
const HIT_PX = 8;
/** Stale-ness depends on the clock, not only on updates. */
const RESYNC_MS = 60_000;
const MAX_LEAVES = 200;

/**
 * The site's vehicles as clustered markers with heading arrows and registration labels. Renders
 * nothing: it owns the 'vehicles' source and its layers, and follows the cached vehicles outside
 * React, sending the map only what changed.
 */
export function VehiclesOverlay({ siteId, filter, phone, onPick, onCrowd }: VehiclesOverlayProps) {
  const map = useMap();
  const queryClient = useQueryClient();
  const fail = usePanelFailure();
  const handlers = useRef({ onPick, onCrowd });
  handlers.current = { onPick, onCrowd };
  const filterRef = useRef(filter);
  // Read once: a change would mean a new source and layers, re-added above the selection's.
  const small = useRef(phone).current;
  const syncRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    installVehicleImages(map);
    map.addSource(VEHICLE_SOURCE, vehicleSource(clusterRadius(small)));
    const layers = vehicleLayers(small);
    for (const layer of layers) map.addLayer(layer);
    const source = map.getSource<GeoJSONSource>(VEHICLE_SOURCE);
    const pulse = createAlarmPulse(map, LAYER.markers);
    let vehicles: Vehicle[] = [];
    let shown = new Map<number, VehicleFeature>();
    // Features of vehicle objects already seen (untouched vehicles keep their object across updates).
    let cache = new WeakMap<Vehicle, VehicleFeature | null>();

    // One change at a time goes to the map's worker: while it works (re-clustering a large fleet
    // takes a while on a slow machine) later changes gather here and go as one diff when it is done,
    // so a fleet that moves faster than the worker keeps up instead of queueing work. A large fleet
    // is also redrawn at most once a second (see redrawEveryMs).
    let inFlight = false;
    let behind = false;
    let stopped = false;
    let lastSent = 0;
    let wait: number | null = null;
    const later = (ms: number) => {
      if (wait === null) {
        wait = window.setTimeout(() => {
          wait = null;
          if (!stopped) sync();
        }, ms);
      }
    };
    const sync = (now = false) => {
      const early = redrawEveryMs(vehicles.length) - (performance.now() - lastSent);
      if (inFlight || (!now && early > 0)) {
        behind = true;
        if (!inFlight) later(early);
        return;
      }
      behind = false;
      const features = buildVehicleFeatures(vehiclesInFilter(vehicles, filterRef.current), Date.now(), cache);
      const diff = diffVehicleFeatures(shown, features);
      if (diff && source) {
        shown = new Map(features.map((f) => [f.properties.unitid, f]));
        inFlight = true;
        lastSent = performance.now();
        source
          .updateData(diff)
          .catch((error: unknown) => console.warn('Vehicle positions not drawn:', error))
          .finally(() => {
            inFlight = false;
            // After a frame, so the tiles the change asked for are requested before the next change.
            if (behind && !stopped) window.requestAnimationFrame(() => !stopped && sync());
          });
      }
      pulse.set(features.filter((f) => f.properties.alarm === 1));
    };
    // The clock moves vehicles into stale-ness without an update: rebuild every feature now and then.
    const resyncAll = () => {
      cache = new WeakMap();
      sync();
    };
    // A new filter is drawn at once, whatever the cadence.
    syncRef.current = () => sync(true);
    const unsubscribe = subscribeVehicles(queryClient, siteId, (next) => {
      vehicles = next;
      sync();
    }, fail);
    const resync = window.setInterval(resyncAll, RESYNC_MS);

    const openCluster = async (hit: MapGeoJSONFeature, e: MapMouseEvent) => {
      if (!source) return;
      const clusterId = Number(hit.properties.cluster_id);
      const zoom = await source.getClusterExpansionZoom(clusterId);
      if (zoom <= CLUSTER_MAX_ZOOM && zoom <= map.getMaxZoom()) {
        const [lon, lat] = hit.geometry.type === 'Point' ? hit.geometry.coordinates : [e.lngLat.lng, e.lngLat.lat];
        map.easeTo({ center: [lon ?? e.lngLat.lng, lat ?? e.lngLat.lat], zoom, duration: cameraMs() });
        return;
      }
      // Same spot (or already at the deepest cluster zoom): zooming cannot part them, so list them.
      const leaves = await source.getClusterLeaves(clusterId, MAX_LEAVES, 0);
      const unitIds = leaves.map((l) => Number(l.properties?.unitid)).filter(Number.isFinite);
      handlers.current.onCrowd({ x: e.point.x, y: e.point.y, unitIds });
    };

    const onClick = (e: MapMouseEvent) => {
      const { x, y } = e.point;
      const hits = map.queryRenderedFeatures(
        [
          [x - HIT_PX, y - HIT_PX],
          [x + HIT_PX, y + HIT_PX],
        ],
        { layers: [SELECTION_MARKER_LAYER, LAYER.clusters, LAYER.markers].filter((id) => map.getLayer(id)) },
      );
      const hit = hits[0];
      if (!hit) return;
      if (hit.properties.cluster_id !== undefined) {
        openCluster(hit, e).catch((error: unknown) => console.warn('Cluster not opened:', error));
      } else {
        handlers.current.onPick(Number(hit.properties.unitid));
      }
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', onClick);
    for (const id of [LAYER.markers, LAYER.clusters]) {
      map.on('mouseenter', id, pointer);
      map.on('mouseleave', id, plain);
    }

    return () => {
      stopped = true;
      if (wait !== null) window.clearTimeout(wait);
      syncRef.current = null;
      unsubscribe();
      window.clearInterval(resync);
      pulse.stop();
      map.off('click', onClick);
      for (const id of [LAYER.markers, LAYER.clusters]) {
        map.off('mouseenter', id, pointer);
        map.off('mouseleave', id, plain);
      }
      removeFromMap(
        map,
        layers.map((l) => l.id),
        VEHICLE_SOURCE,
      );
    };
  }, [map, queryClient, siteId, fail, small]);

  useEffect(() => {
    filterRef.current = filter;
    syncRef.current?.();
  }, [filter]);

  return null;
}
