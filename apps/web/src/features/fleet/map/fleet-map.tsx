import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView } from '../../../shared/map/map-view.tsx';
import { PoiMapControls } from '../../poi/index.ts';
import type { VehicleFilter } from '../hooks/vehicle-rows.ts';
import { SelectionOverlay } from './selection-overlay.tsx';
import { type FocusRequest, VehicleCamera } from './vehicle-camera.tsx';
import { type Crowd, VehiclesOverlay } from './vehicles-overlay.tsx';

interface FleetMapProps {
  siteId: number;
  filter: VehicleFilter;
  selectedId: number | null;
  followId: number | null;
  focus: FocusRequest | null;
  onPick(unitId: number): void;
  onCrowd(crowd: Crowd): void;
  onFollowEnd(): void;
  /** Other features' overlays (places), drawn under the vehicles; keep the element stable. */
  overlays?: ReactNode;
}

/**
 * The fleet map. Memoised: its props change only when the user selects, follows or filters, so a
 * live update re-renders the list but never this tree (the overlays take updates from the cache).
 */
export const FleetMap = memo(function FleetMap(props: FleetMapProps) {
  const { t } = useTranslation();
  const { siteId, filter, selectedId, followId, focus, onPick, onCrowd, onFollowEnd, overlays } = props;
  return (
    <MapView label={t('fleet.mapLabel')} legend={<PoiMapControls />}>
      {overlays}
      <VehiclesOverlay siteId={siteId} filter={filter} onPick={onPick} onCrowd={onCrowd} />
      <SelectionOverlay siteId={siteId} selectedId={selectedId} />
      <VehicleCamera siteId={siteId} followId={followId} focus={focus} onFollowEnd={onFollowEnd} />
    </MapView>
  );
});
