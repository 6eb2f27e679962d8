import { IconClockExclamation } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import type { DriverRow, DriverVehicle } from '../hooks/driver-rows.ts';
import classes from './drivers.module.css';

/** Above this many rows only the visible ones are drawn. */
const VIRTUAL_FROM = 200;
const ROW_HEIGHT = 44;

/** A driver row and the vehicle the driver is in now (null: in none). */
export interface DriverListRow {
  driver: DriverRow;
  vehicle: DriverVehicle | null;
}

interface ItemProps {
  row: DriverListRow;
  now: number;
  selected: boolean;
  onSelectVehicle(unitId: number): void;
  style?: CSSProperties;
  position?: { index: number; size: number };
}

/** A driver: choosing the row selects the driver's vehicle (on the map and in the vehicle list). */
const DriverItem = memo(function DriverItem({ row, now, selected, onSelectVehicle, style, position }: ItemProps) {
  const { t } = useTranslation();
  const { driver: d, vehicle } = row;
  return (
    <li
      className={classes.row}
      style={style}
      data-driver={d.id}
      data-stale={d.stale || undefined}
      data-selected={selected || undefined}
      aria-posinset={position ? position.index + 1 : undefined}
      aria-setsize={position?.size}
    >
      <button
        type="button"
        className={classes.pick}
        aria-pressed={vehicle ? selected : undefined}
        aria-disabled={vehicle ? undefined : true}
        title={vehicle ? undefined : t('drivers.noVehicleHint', { name: d.name })}
        onClick={() => {
          if (vehicle) onSelectVehicle(vehicle.unitid);
        }}
      >
        <span className={classes.who}>
          <span className={classes.name}>{d.name}</span>
          <span className={classes.vehicle} data-no-vehicle={vehicle ? undefined : true}>
            {vehicle ? vehicle.registration : t('drivers.noVehicle')}
          </span>
        </span>
        {d.stale && (
          <span className={classes.stale} title={t('drivers.outOfDateHint')}>
            <IconClockExclamation size={12} aria-hidden />
            {t('drivers.outOfDate')}
          </span>
        )}
        <span className={classes.time}>
          {d.updated ? <RelativeTime value={d.updated} now={new Date(now)} /> : t('drivers.never')}
        </span>
      </button>
    </li>
  );
});

interface DriverListProps {
  rows: DriverListRow[];
  now: number;
  selectedId: number | null;
  onSelectVehicle(unitId: number): void;
}

/** The drivers, one compact row each; a long list draws only what is in view. */
export function DriverList({ rows, now, selectedId, onSelectVehicle }: DriverListProps) {
  const { t } = useTranslation();
  const scroll = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUAL_FROM;
  const rowsInView = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroll.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const item = (r: DriverListRow, extra: Pick<ItemProps, 'style' | 'position'> = {}) => (
    <DriverItem
      key={r.driver.id}
      row={r}
      now={now}
      selected={r.vehicle !== null && r.vehicle.unitid === selectedId}
      onSelectVehicle={onSelectVehicle}
      {...extra}
    />
  );

  return (
    // The list scrolls: it is a named, focusable region so a keyboard can scroll it (WCAG 2.1.1).
    <div ref={scroll} className={classes.scroll} role="region" aria-label={t('drivers.scrollLabel')} tabIndex={0}>
      {virtual ? (
        <ul className={classes.list} data-virtual aria-label={t('drivers.listLabel')} style={{ height: rowsInView.getTotalSize() }}>
          {rowsInView.getVirtualItems().map((at) => {
            const r = rows[at.index];
            return r
              ? item(r, { style: { transform: `translateY(${at.start}px)` }, position: { index: at.index, size: rows.length } })
              : null;
          })}
        </ul>
      ) : (
        <ul className={classes.list} aria-label={t('drivers.listLabel')}>
          {rows.map((r) => item(r))}
        </ul>
      )}
    </div>
  );
}
