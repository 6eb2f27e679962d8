import { useCallback, useEffect, useState } from 'react';
import { resetFleetView } from '../model/fleet-view.ts';
import type { FocusRequest } from '../map/vehicle-camera.tsx';
import type { Crowd } from '../map/vehicles-overlay.tsx';

/**
 * Which vehicle is selected, followed, shown in detail or brought into view, and the crowd being
 * picked from. `routeUnit` (fleet/:aid/:uid) opens with that vehicle selected and followed, in the
 * all-vehicles view so it is surely shown. Callbacks are stable, so the map does not re-render.
 */
export function useFleetSelection(routeUnit: number | null, clearSearch: () => void) {
  const [selectedId, setSelectedId] = useState<number | null>(routeUnit);
  const [followId, setFollowId] = useState<number | null>(routeUnit);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [crowd, setCrowd] = useState<Crowd | null>(null);

  useEffect(() => {
    if (routeUnit === null) return;
    setSelectedId(routeUnit);
    setFollowId(routeUnit);
    resetFleetView();
    clearSearch();
  }, [routeUnit, clearSearch]);

  /** Picked on the map: select it; following another vehicle stops. */
  const pickOnMap = useCallback((unitId: number) => {
    setSelectedId(unitId);
    setFollowId((f) => (f === unitId ? f : null));
    setCrowd(null);
  }, []);

  /** Picked in the list (or a crowd): select it and bring it into view. */
  const pickInList = useCallback((unitId: number) => {
    setSelectedId(unitId);
    setFollowId((f) => (f === unitId ? f : null));
    setFocus((f) => ({ unitId, seq: (f?.seq ?? 0) + 1 }));
    setCrowd(null);
  }, []);

  const openDetails = useCallback((unitId: number) => {
    setSelectedId(unitId);
    setDetailsOpen(true);
  }, []);

  const follow = useCallback((unitId: number, on: boolean) => {
    setFollowId(on ? unitId : null);
  }, []);

  const clear = useCallback(() => {
    setSelectedId(null);
    setFollowId(null);
    setDetailsOpen(false);
  }, []);

  return {
    selectedId,
    followId,
    detailsOpen,
    focus,
    crowd,
    pickOnMap,
    pickInList,
    openDetails,
    closeDetails: useCallback(() => setDetailsOpen(false), []),
    follow,
    endFollow: useCallback(() => setFollowId(null), []),
    setCrowd,
    closeCrowd: useCallback(() => setCrowd(null), []),
    clear,
  };
}
