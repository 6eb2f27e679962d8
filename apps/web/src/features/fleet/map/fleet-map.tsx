import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView } from '../../../shared/map/map-view.tsx';
import { PoiMapControls } from '../../poi/index.ts';
import type { VehicleFilter } from '../hooks/vehicle-rows.ts';
import classes from './fleet-map.module.css';
import type { FleetMapStart } from './fleet-start.ts';
import { SelectionOverlay } from './selection-overlay.tsx';
import { type FitRequest, type FocusRequest, VehicleCamera } from './vehicle-camera.tsx';
import { type Crowd, VehiclesOverlay } from './vehicles-overlay.tsx';

interface FleetMapProps {
  siteId: number;
  /** Where the first frame looks (see fleetMapStart); read when the map is created. */
  opening: FleetMapStart;
  /** A phone-sized map: tighter clusters, closer fits, finger-sized zoom buttons. */
  phone: boolean;
  filter: VehicleFilter;
  selectedId: number | null;
  followId: number | null;
  focus: FocusRequest | null;
  fit: FitRequest | null;
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
  const { siteId, opening, phone, filter, selectedId, followId, focus, fit, onPick, onCrowd, onFollowEnd, overlays } = props;
  return (
    <div className={classes.map} data-phone={phone || undefined}>
      <MapView label={t('fleet.mapLabel')} start={opening.start} legend={<PoiMapControls />}>
        {overlays}
        <VehiclesOverlay siteId={siteId} filter={filter} phone={phone} onPick={onPick} onCrowd={onCrowd} />
        <SelectionOverlay siteId={siteId} selectedId={selectedId} />
        <VehicleCamera
          siteId={siteId}
          placed={opening.placed}
          phone={phone}
          followId={followId}
          focus={focus}
          fit={fit}
          onFollowEnd={onFollowEnd}
        />
      </MapView>
    </div>
  );
});
