import { Checkbox } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupVehicle } from '../model/group-draft.ts';
import classes from './groups.module.css';

/** Above this many vehicles only the visible rows are drawn. */
const VIRTUAL_FROM = 200;
const ROW_HEIGHT = 40;

interface ItemProps {
  vehicle: GroupVehicle;
  checked: boolean;
  onToggle(unitId: number): void;
  style?: CSSProperties;
}

const Item = memo(function Item({ vehicle: v, checked, onToggle, style }: ItemProps) {
  const { t } = useTranslation();
  return (
    <li className={classes.row} style={style} data-unit={v.unitid}>
      <label className={classes.label}>
        <Checkbox size="xs" checked={checked} onChange={() => onToggle(v.unitid)} aria-label={v.registration} />
        <span className={classes.registration}>{v.registration}</span>
        <span className={classes.driver}>{v.drivername || t('groups.noDriver')}</span>
      </label>
    </li>
  );
});

/** The vehicles to tick, one compact row each; a long list draws only what is in view. */
export function VehicleChecklist({ vehicles, selected, onToggle }: {
  vehicles: GroupVehicle[];
  selected: ReadonlySet<number>;
  onToggle(unitId: number): void;
}) {
  const { t } = useTranslation();
  const scroll = useRef<HTMLDivElement>(null);
  const virtual = vehicles.length > VIRTUAL_FROM;
  const inView = useVirtualizer({
    count: virtual ? vehicles.length : 0,
    getScrollElement: () => scroll.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  return (
    <div ref={scroll} className={classes.checklist}>
      <ul
        className={classes.list}
        aria-label={t('groups.checklistLabel')}
        data-virtual={virtual || undefined}
        style={virtual ? { height: inView.getTotalSize() } : undefined}
      >
        {virtual
          ? inView.getVirtualItems().map((item) => {
              const v = vehicles[item.index];
              return v ? (
                <Item key={v.unitid} vehicle={v} checked={selected.has(v.unitid)} onToggle={onToggle} style={{ transform: `translateY(${item.start}px)` }} />
              ) : null;
            })
          : vehicles.map((v) => <Item key={v.unitid} vehicle={v} checked={selected.has(v.unitid)} onToggle={onToggle} />)}
      </ul>
    </div>
  );
}
