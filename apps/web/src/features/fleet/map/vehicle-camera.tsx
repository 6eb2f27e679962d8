import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMap } from '../../../shared/map/map-context.ts';
import { usePanelFailure } from '../../../shared/ui/panel-boundary.tsx';
import { vehiclePosition } from '../../../shared/vehicles/position.ts';
import { subscribeVehicles } from '../hooks/vehicle-stream.ts';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import { cameraMs } from './motion.ts';
import { boundsOf } from './vehicle-features.ts';

/** A request to bring one vehicle into view (a list click); `seq` makes a repeat click count. */
export interface FocusRequest {
  unitId: number;
  seq: number;
}

interface VehicleCameraProps {
  siteId: number;
  followId: number | null;
  focus: FocusRequest | null;
  /** The user moved the map by hand while following. */
  onFollowEnd(): void;
}

const FOLLOW_ZOOM = 15;
const FOCUS_ZOOM = 12;
const FIT_MAX_ZOOM = 13;

/**
 * Only drawable positions (vehiclePosition) ever reach the camera: MapLibre throws on a latitude beyond ±90.
 * Moves the camera, never React: fits the fleet on first data, keeps a followed vehicle centred as
 * it moves, and brings a vehicle picked in the list into view. Dragging the map ends following.
 */
export function VehicleCamera({ siteId, followId, focus, onFollowEnd }: VehicleCameraProps) {
  const map = useMap();
  const queryClient = useQueryClient();
  const fail = usePanelFailure();
  const vehicles = useRef<Vehicle[]>([]);
  const followRef = useRef(followId);
  followRef.current = followId;
  const endFollow = useRef(onFollowEnd);
  endFollow.current = onFollowEnd;

  useEffect(() => {
    let placed = false;
    let followedAt = '';
    const unsubscribe = subscribeVehicles(queryClient, siteId, (next) => {
      vehicles.current = next;
      const followed = vehiclePosition(next.find((v) => v.unitid === followRef.current));
      if (followed) {
        // Only when it moved: every batch re-centring would fight the user's zooming.
        const at = `${followRef.current}@${followed.join()}`;
        if (at === followedAt) return;
        followedAt = at;
        if (placed) map.easeTo({ center: followed, duration: cameraMs(600) });
        else map.jumpTo({ center: followed, zoom: Math.max(map.getZoom(), FOLLOW_ZOOM) });
        placed = true;
        return;
      }
      if (placed) return;
      const bounds = boundsOf(next);
      if (!bounds) return;
      placed = true;
      map.fitBounds(bounds, { padding: 48, maxZoom: FIT_MAX_ZOOM, duration: 0 });
    }, fail);
    const onDragStart = () => {
      if (followRef.current !== null) endFollow.current();
    };
    map.on('dragstart', onDragStart);
    return () => {
      unsubscribe();
      map.off('dragstart', onDragStart);
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

  return null;
}
