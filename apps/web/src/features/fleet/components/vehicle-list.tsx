import { vehicleIconState } from '@fleet/shared/rules/vehicle-icon';
import { ActionIcon } from '@mantine/core';
import { IconBug, IconChevronRight } from '@tabler/icons-react';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { debugPath } from '../../../shared/routing/unit-links.ts';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import classes from './vehicle-list.module.css';
import { VehicleMarkerIcon } from './vehicle-marker-icon.tsx';
import { VehicleStatus } from './vehicle-status.tsx';

interface RowProps {
  vehicle: Vehicle;
  selected: boolean;
  now: number;
  onSelect(unitId: number): void;
  onDetails(unitId: number): void;
}

/** One vehicle: pick it (selects it on the map too), open its details, or open its debugger. */
const VehicleRow = memo(function VehicleRow({ vehicle: v, selected, now, onSelect, onDetails }: RowProps) {
  const { t } = useTranslation();
  const state = vehicleIconState(v, now);
  return (
    <li className={classes.row} data-selected={selected || undefined} data-state={state} data-unit={v.unitid}>
      <button type="button" className={classes.pick} aria-pressed={selected} onClick={() => onSelect(v.unitid)}>
        <VehicleMarkerIcon vehicle={v} state={state} size={34} />
        <span className={classes.text}>
          <span className={classes.line}>
            <span className={classes.registration}>{v.registration}</span>
            <span className={classes.time}>
              {v.updated ? <RelativeTime value={v.updated} now={new Date(now)} /> : t('fleet.never')}
            </span>
          </span>
          <span className={classes.line}>
            <VehicleStatus vehicle={v} state={state} />
            <span className={classes.driver}>{v.drivername || t('fleet.noDriver')}</span>
          </span>
        </span>
      </button>
      <ActionIcon
        variant="subtle"
        color="gray"
        c="dark.6"
        onClick={() => onDetails(v.unitid)}
        aria-label={t('fleet.detailsFor', { registration: v.registration })}
        title={t('fleet.details')}
      >
        <IconChevronRight size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        component={Link}
        to={debugPath(v.unitid)}
        variant="subtle"
        color="gray"
        c="dark.6"
        aria-label={t('fleet.debugVehicle', { registration: v.registration })}
        title={t('fleet.debug')}
      >
        <IconBug size={16} aria-hidden />
      </ActionIcon>
    </li>
  );
});

interface VehicleListProps {
  vehicles: Vehicle[];
  selectedId: number | null;
  now: number;
  onSelect(unitId: number): void;
  onDetails(unitId: number): void;
}

/** The dense vehicle list beside the map; a vehicle picked on the map scrolls into view here. */
export function VehicleList({ vehicles, selectedId, now, onSelect, onDetails }: VehicleListProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (selectedId === null) return;
    list.current?.querySelector(`[data-unit="${selectedId}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  return (
    <ul ref={list} className={classes.list} aria-label={t('fleet.listLabel')}>
      {vehicles.map((v) => (
        <VehicleRow
          key={v.unitid}
          vehicle={v}
          selected={v.unitid === selectedId}
          now={now}
          onSelect={onSelect}
          onDetails={onDetails}
        />
      ))}
    </ul>
  );
}
