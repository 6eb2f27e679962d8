import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMap } from '../../../shared/map/map-context.ts';
import { usePanelFailure } from '../../../shared/ui/panel-boundary.tsx';
import { vehiclePosition } from '../../../shared/vehicles/position.ts';
import { subscribeVehicles } from '../hooks/vehicle-stream.ts';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import { rememberFleetCamera } from '../model/fleet-view.ts';
import { FIT_MAX_ZOOM, fitPadding } from './fleet-start.ts';
import { cameraMs } from './motion.ts';
import { boundsOf } from './vehicle-features.ts';

/** A request to bring one vehicle into view (a list click); `seq` makes a repeat click count. */
export interface FocusRequest {
  unitId: number;
  seq: number;
}

/** A request to fit the map to some vehicles (a group picked; null units: all of them). */
export interface FitRequest {
  unitIds: readonly number[] | null;
  /** The selected vehicle's card stays open over the map's top left. */
  cardOpen: boolean;
  seq: number;
}

interface VehicleCameraProps {
  siteId: number;
  /** The map opened already showing the fleet (its bounds, or where the user left it): no fit on first data. */
  placed: boolean;
  phone: boolean;
  followId: number | null;
  focus: FocusRequest | null;
  fit: FitRequest | null;
  /** The user moved the map by hand while following. */
  onFollowEnd(): void;
}

const FOLLOW_ZOOM = 15;
const FOCUS_ZOOM = 12;

/**
 * Only drawable positions (vehiclePosition) ever reach the camera: MapLibre throws on a latitude beyond ±90.
 * Moves the camera, never React: fits the fleet on first data (unless the map opened placed), keeps
 * a followed vehicle centred as it moves, brings a vehicle picked in the list into view, and fits a
 * group when one is picked. Dragging the map ends following. Where the map was left is remembered
 * for the next visit.
 */
export function VehicleCamera(props: VehicleCameraProps) {
  const { siteId, placed: openedPlaced, phone, followId, focus, fit, onFollowEnd } = props;
  const map = useMap();
  const queryClient = useQueryClient();
  const fail = usePanelFailure();
  const vehicles = useRef<Vehicle[]>([]);
  const followRef = useRef(followId);
  followRef.current = followId;
  const endFollow = useRef(onFollowEnd);
  endFollow.current = onFollowEnd;

  const phoneRef = useRef(phone);
  phoneRef.current = phone;
  const placedRef = useRef(openedPlaced);

  useEffect(() => {
    let placed = placedRef.current;
    let followedAt = '';
    let first = true;
    const unsubscribe = subscribeVehicles(queryClient, siteId, (next) => {
      vehicles.current = next;
      const initial = first;
      first = false;
      const followed = vehiclePosition(next.find((v) => v.unitid === followRef.current));
      if (followed) {
        // Only when it moved: every batch re-centring would fight the user's zooming.
        const at = `${followRef.current}@${followed.join()}`;
        if (at === followedAt) return;
        // A vehicle followed from the start (a link to it) is jumped to; later moves glide.
        if (initial) map.jumpTo({ center: followed, zoom: Math.max(map.getZoom(), FOLLOW_ZOOM) });
        else map.easeTo({ center: followed, duration: cameraMs(600) });
        followedAt = at;
        placed = true;
        return;
      }
      if (placed) return;
      const bounds = boundsOf(next);
      if (!bounds) return;
      placed = true;
      map.fitBounds(bounds, { padding: fitPadding(phoneRef.current), maxZoom: FIT_MAX_ZOOM, duration: 0 });
    }, fail);
    const onDragStart = () => {
      if (followRef.current !== null) endFollow.current();
    };
    const onMoveEnd = () => {
      const { lng, lat } = map.getCenter();
      rememberFleetCamera({ siteId, center: [lng, lat], zoom: map.getZoom() });
    };
    map.on('dragstart', onDragStart);
    map.on('moveend', onMoveEnd);
    return () => {
      unsubscribe();
      map.off('dragstart', onDragStart);
      map.off('moveend', onMoveEnd);
    };
  }, [map, queryClient, siteId, fail]);

  useEffect(() => {
    const at = vehiclePosition(vehicles.current.find((v) => v.unitid === followId));
    if (at) map.easeTo({ center: at, zoom: Math.max(map.getZoom(), FOLLOW_ZOOM), duration: cameraMs() });
  }, [map, followId]);

  useEffect(() => {
    if (!focus) return;
    const at = vehiclePosition(vehicles.current.find((v) => v.unitid === focus.unitId));
    if (at) map.easeTo({ center: at, zoom: Math.max(map.getZoom(), FOCUS_ZOOM), duration: cameraMs() });
  }, [map, focus]);

  useEffect(() => {
    if (!fit) return;
    const apply = () => {
      const ids = fit.unitIds === null ? null : new Set(fit.unitIds);
      const bounds = boundsOf(ids ? vehicles.current.filter((v) => ids.has(v.unitid)) : vehicles.current);
      if (!bounds) return;
      const padding = fitPadding(phoneRef.current, fit.cardOpen);
      map.fitBounds(bounds, { padding, maxZoom: FIT_MAX_ZOOM, duration: cameraMs() });
    };
    // On a phone the group is picked in the list, with the map hidden (no size to fit in): the fit
    // waits until the map is shown again.
    const box = map.getContainer();
    const shown = () => box.clientWidth > 0 && box.clientHeight > 0;
    if (shown()) return apply();
    const onResize = () => {
      if (!shown()) return;
      map.off('resize', onResize);
      apply();
    };
    map.on('resize', onResize);
    return () => {
      map.off('resize', onResize);
    };
  }, [map, fit]);

  return null;
}
