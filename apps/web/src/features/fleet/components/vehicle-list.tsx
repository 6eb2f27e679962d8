import { vehicleIconState } from '@fleet/shared/rules/vehicle-icon';
import { ActionIcon } from '@mantine/core';
import { IconBug, IconChevronRight } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { debugPath } from '../../../shared/routing/unit-links.ts';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import { lacksValidPosition } from '../../../shared/vehicles/position.ts';
import { registrationText } from '../../../shared/vehicles/vehicle-text.ts';
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
  /** In a virtual list: the row's index and offset, the total (for screen readers), and the measurer. */
  index?: number;
  top?: number;
  of?: number;
  measure?: (el: HTMLLIElement | null) => void;
}

/** One vehicle: pick it (selects it on the map too), open its details, or open its debugger. */
const VehicleRow = memo(function VehicleRow({ vehicle: v, selected, now, onSelect, onDetails, index, top, of, measure }: RowProps) {
  const { t } = useTranslation();
  const state = vehicleIconState(v, now);
  const name = registrationText(v.registration, t('fleet.unnamed', { id: v.unitid }));
  return (
    <li
      className={classes.row}
      data-selected={selected || undefined}
      data-state={state}
      data-unit={v.unitid}
      {...(index !== undefined && {
        ref: measure,
        'data-index': index,
        'aria-posinset': index + 1,
        'aria-setsize': of,
        className: `${classes.row} ${classes.placed}`,
        style: { transform: `translateY(${top ?? 0}px)` },
      })}
    >
      <button type="button" className={classes.pick} aria-pressed={selected} onClick={() => onSelect(v.unitid)}>
        <VehicleMarkerIcon vehicle={v} state={state} size={34} />
        <span className={classes.text}>
          <span className={classes.line}>
            <span className={classes.registration}>{name}</span>
            <span className={classes.time}>
              {v.updated ? <RelativeTime value={v.updated} now={new Date(now)} /> : t('fleet.never')}
            </span>
          </span>
          <span className={classes.line}>
            <VehicleStatus vehicle={v} state={state} />
            <span className={classes.driver}>{v.drivername || t('fleet.noDriver')}</span>
          </span>
          {lacksValidPosition(v) && <span className={classes.note}>{t('fleet.noValidPosition')}</span>}
        </span>
      </button>
      <ActionIcon
        variant="subtle"
        color="gray"
        c="dark.6"
        onClick={() => onDetails(v.unitid)}
        aria-label={t('fleet.detailsFor', { registration: name })}
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
        aria-label={t('fleet.debugVehicle', { registration: name })}
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
  /** The element the list scrolls in. */
  scrollRef: RefObject<HTMLElement | null>;
}

/**
 * From this many rows only those in view (and a few around them) are in the page. Below it every
 * row is, so the browser's find-in-page and a screen reader's list navigation see the whole fleet.
 */
export const VIRTUAL_FROM = 150;
/** A row's height before it is measured (two lines of text and a badge). */
const ROW_ESTIMATE_PX = 58;

/** The dense vehicle list beside the map; a vehicle picked on the map scrolls into view here. */
export function VehicleList(props: VehicleListProps) {
  return props.vehicles.length >= VIRTUAL_FROM ? <VirtualVehicleList {...props} /> : <WholeVehicleList {...props} />;
}

function WholeVehicleList({ vehicles, selectedId, now, onSelect, onDetails }: VehicleListProps) {
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

/** A large fleet: rows are placed by offset and only those near the view are rendered. */
function VirtualVehicleList({ vehicles, selectedId, now, onSelect, onDetails, scrollRef }: VehicleListProps) {
  const { t } = useTranslation();
  const virtualizer = useVirtualizer({
    count: vehicles.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    getItemKey: (i) => vehicles[i]?.unitid ?? i,
    overscan: 6,
    // Rendering in the scroll event itself would block scrolling while a live update renders.
    useFlushSync: false,
  });

  const selectedIndex = selectedId === null ? -1 : vehicles.findIndex((v) => v.unitid === selectedId);
  // Only when the selection changes, not when live updates move the selected vehicle in the order.
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedId]);

  return (
    <ul className={`${classes.list} ${classes.virtual}`} style={{ height: virtualizer.getTotalSize() }} aria-label={t('fleet.listLabel')}>
      {virtualizer.getVirtualItems().map((item) => {
        const v = vehicles[item.index];
        if (!v) return null;
        return (
          <VehicleRow
            key={v.unitid}
            vehicle={v}
            selected={v.unitid === selectedId}
            now={now}
            onSelect={onSelect}
            onDetails={onDetails}
            index={item.index}
            top={item.start}
            of={vehicles.length}
            measure={virtualizer.measureElement}
          />
        );
      })}
    </ul>
  );
}
