import { NO_SPEED_TEXT_UNIT_TYPE } from '@fleet/shared/rules/vehicle-status';
import { ActionIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type KeyboardEvent,
  memo,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocationText } from '../../../shared/format/location-text.ts';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import { lacksValidPosition } from '../../../shared/vehicles/position.ts';
import { StateMark } from '../../../shared/vehicles/state-mark.tsx';
import { stateLabelKey, vehicleState } from '../../../shared/vehicles/vehicle-states.ts';
import { useUnits } from '../../../shared/format/use-units.ts';
import { registrationText } from '../../../shared/vehicles/vehicle-text.ts';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import type { ListLayout, OptionalColumn } from '../model/list-prefs.ts';
import { nextRovingIndex } from '../model/roving.ts';
import classes from './vehicle-list.module.css';
import { VehicleMarkerIcon } from './vehicle-marker-icon.tsx';
import { VehicleStatus } from './vehicle-status.tsx';

interface RowProps {
  vehicle: Vehicle;
  selected: boolean;
  /** The row holding the list's one tab stop. */
  active: boolean;
  now: number;
  layout: ListLayout;
  columns: readonly OptionalColumn[];
  onSelect(unitId: number): void;
  onDetails(unitId: number): void;
  /** In a virtual list: the row's index and offset, the total (for screen readers), and the measurer. */
  index?: number;
  top?: number;
  of?: number;
  measure?: (el: HTMLLIElement | null) => void;
}

/** One vehicle: pick it (selects it on the map too) or open its details. */
const VehicleRow = memo(function VehicleRow(props: RowProps) {
  const { vehicle: v, selected, active, now, layout, columns, onSelect, onDetails, index, top, of, measure } = props;
  const { t } = useTranslation();
  const locationText = useLocationText();
  const state = vehicleState(v, now);
  const name = registrationText(v.registration, t('fleet.unnamed', { id: v.unitid }));
  const tab = active ? 0 : -1;
  const units = useUnits();
  const updated = v.updated ? <RelativeTime value={v.updated} now={new Date(now)} /> : t('fleet.never');
  return (
    <li
      className={classes.row}
      data-selected={selected || undefined}
      data-state={state}
      data-unit={v.unitid}
      data-layout={layout}
      {...(index !== undefined && {
        ref: measure,
        'data-index': index,
        'aria-posinset': index + 1,
        'aria-setsize': of,
        className: `${classes.row} ${classes.placed}`,
        style: { transform: `translateY(${top ?? 0}px)` },
      })}
    >
      {layout === 'compact' ? (
        <button type="button" className={classes.pickCompact} aria-pressed={selected} tabIndex={tab} data-pick onClick={() => onSelect(v.unitid)}>
          <span className={classes.cellMark} title={t(stateLabelKey(state))}>
            <StateMark state={state} size={16} />
            <span className={classes.srOnly}>{t(stateLabelKey(state))}</span>
          </span>
          <span className={classes.registration}>{name}</span>
          <span className={classes.cellNumber}>
            {v.unittype === NO_SPEED_TEXT_UNIT_TYPE ? '—' : units.speed(v.speed)}
          </span>
          {columns.includes('location') && <span className={classes.cellText}>{locationText(v.loc) || '—'}</span>}
          {columns.includes('updated') && <span className={classes.cellText}>{updated}</span>}
          {columns.includes('driver') && <span className={classes.cellText}>{v.drivername || t('fleet.noDriver')}</span>}
        </button>
      ) : (
        <button type="button" className={classes.pick} aria-pressed={selected} tabIndex={tab} data-pick onClick={() => onSelect(v.unitid)}>
          <VehicleMarkerIcon vehicle={v} state={state} size={34} />
          <span className={classes.text}>
            <span className={classes.line}>
              <span className={classes.registration}>{name}</span>
              <span className={classes.time}>{updated}</span>
            </span>
            <span className={classes.line}>
              <VehicleStatus vehicle={v} state={state} />
              <span className={classes.driver}>{v.drivername || t('fleet.noDriver')}</span>
            </span>
            {lacksValidPosition(v) && <span className={classes.note}>{t('fleet.noValidPosition')}</span>}
          </span>
        </button>
      )}
      <ActionIcon
        variant="subtle"
        color="gray"
        c="dark.6"
        size={layout === 'compact' ? 'sm' : 'md'}
        tabIndex={-1}
        data-details
        onClick={() => onDetails(v.unitid)}
        aria-label={t('fleet.detailsFor', { registration: name })}
        title={t('fleet.details')}
      >
        <IconChevronRight size={16} aria-hidden />
      </ActionIcon>
    </li>
  );
});

/** What the page can ask of the list: move keyboard focus into it (the skip link). */
export interface VehicleListHandle {
  focus(): void;
}

interface VehicleListProps {
  vehicles: Vehicle[];
  selectedId: number | null;
  now: number;
  layout: ListLayout;
  columns: readonly OptionalColumn[];
  onSelect(unitId: number): void;
  onDetails(unitId: number): void;
  /** The element the list scrolls in. */
  scrollRef: RefObject<HTMLElement | null>;
  handle?: RefObject<VehicleListHandle | null>;
}

/**
 * From this many rows only those in view (and a few around them) are in the page. Below it every
 * row is, so the browser's find-in-page and a screen reader's list navigation see the whole fleet.
 */
export const VIRTUAL_FROM = 150;
/** A row's height before it is measured: two lines of text and a badge, or one compact line. */
const ROW_ESTIMATE_PX: Record<ListLayout, number> = { cards: 58, compact: 36 };

/** The CSS grid of a compact row (and its header): mark, vehicle, speed, then the optional columns, details. */
export function compactGrid(columns: readonly OptionalColumn[]): CSSProperties {
  const widths: Record<OptionalColumn, string> = {
    location: 'minmax(60px, 1.3fr)',
    updated: '62px',
    driver: 'minmax(56px, 1fr)',
  };
  const template = ['18px', 'minmax(64px, 1fr)', '58px', ...columns.map((c) => widths[c])].join(' ');
  return { '--compact-cols': template } as CSSProperties;
}

/**
 * The dense vehicle list beside the map; a vehicle picked on the map scrolls into view here. One tab
 * stop (roving tabindex): the arrow keys, Home, End, Page Up and Page Down move between vehicles,
 * Enter or Space selects, the right arrow reaches a row's details button and the left arrow comes back.
 */
export function VehicleList(props: VehicleListProps) {
  const virtual = props.vehicles.length >= VIRTUAL_FROM;
  return virtual ? <VirtualVehicleList key={props.layout} {...props} /> : <WholeVehicleList {...props} />;
}

/** The list's one tab stop and the keys that move it; `reveal` brings a row into the page and view. */
function useRoving(
  { vehicles, selectedId, handle }: VehicleListProps,
  list: RefObject<HTMLUListElement | null>,
  reveal: (index: number) => void,
) {
  const [activeId, setActiveId] = useState<number | null>(null);
  const want = useRef<{ id: number; tries: number } | null>(null);
  // The row holding the tab stop: the one last moved to if still listed, else the selected one, else the first.
  const activeIndex = (() => {
    const at = activeId === null ? -1 : vehicles.findIndex((v) => v.unitid === activeId);
    if (at >= 0) return at;
    const sel = selectedId === null ? -1 : vehicles.findIndex((v) => v.unitid === selectedId);
    return sel >= 0 ? sel : 0;
  })();
  const active = vehicles[activeIndex]?.unitid ?? null;

  // A selection made elsewhere (the map) moves the tab stop to it.
  useEffect(() => {
    if (selectedId !== null) setActiveId(selectedId);
  }, [selectedId]);

  const focusRow = useCallback(() => {
    const w = want.current;
    if (!w) return;
    const button = list.current?.querySelector<HTMLElement>(`[data-unit="${w.id}"] [data-pick]`);
    if (button) {
      button.focus({ preventScroll: false });
      want.current = null;
    } else if (w.tries < 20) {
      w.tries += 1;
      requestAnimationFrame(focusRow);
    } else {
      want.current = null;
    }
  }, [list]);

  const moveTo = useCallback(
    (index: number) => {
      const v = vehicles[index];
      if (!v) return;
      setActiveId(v.unitid);
      want.current = { id: v.unitid, tries: 0 };
      reveal(index);
      // At once when the row is in the page; a virtual list's row far away comes a frame or two later.
      focusRow();
    },
    [vehicles, reveal, focusRow],
  );

  useImperativeHandle(handle, () => ({ focus: () => moveTo(activeIndex) }), [moveTo, activeIndex]);

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const target = e.target as HTMLElement;
    const row = target.closest<HTMLElement>('[data-unit]');
    if (!row) return;
    if (e.key === 'ArrowRight' && target.hasAttribute('data-pick')) {
      row.querySelector<HTMLElement>('[data-details]')?.focus();
      e.preventDefault();
      return;
    }
    if (e.key === 'ArrowLeft' && target.hasAttribute('data-details')) {
      row.querySelector<HTMLElement>('[data-pick]')?.focus();
      e.preventDefault();
      return;
    }
    const from = vehicles.findIndex((v) => v.unitid === Number(row.dataset.unit));
    const page = Math.max(1, Math.floor((list.current?.parentElement?.clientHeight ?? 400) / 40) - 1);
    const next = nextRovingIndex(e.key, from, vehicles.length, page);
    if (next === null) return;
    e.preventDefault();
    moveTo(next);
  };

  return { active, onKeyDown };
}

function WholeVehicleList(props: VehicleListProps) {
  const { vehicles, selectedId, now, layout, columns, onSelect, onDetails } = props;
  const { t } = useTranslation();
  const hint = useId();
  const list = useRef<HTMLUListElement>(null);
  const reveal = useCallback((index: number) => {
    list.current?.querySelectorAll('[data-unit]')[index]?.scrollIntoView({ block: 'nearest' });
  }, []);
  const { active, onKeyDown } = useRoving(props, list, reveal);

  useEffect(() => {
    if (selectedId === null) return;
    list.current?.querySelector(`[data-unit="${selectedId}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  return (
    <>
      <ul
        ref={list}
        className={classes.list}
        aria-label={t('fleet.listLabel')}
        aria-describedby={hint}
        onKeyDown={onKeyDown}
        style={layout === 'compact' ? compactGrid(columns) : undefined}
      >
        {vehicles.map((v) => (
          <VehicleRow
            key={v.unitid}
            vehicle={v}
            selected={v.unitid === selectedId}
            active={v.unitid === active}
            now={now}
            layout={layout}
            columns={columns}
            onSelect={onSelect}
            onDetails={onDetails}
          />
        ))}
      </ul>
      <span id={hint} className={classes.srOnly}>
        {t('fleet.triage.listHint')}
      </span>
    </>
  );
}

/** A large fleet: rows are placed by offset and only those near the view are rendered. */
function VirtualVehicleList(props: VehicleListProps) {
  const { vehicles, selectedId, now, layout, columns, onSelect, onDetails, scrollRef } = props;
  const { t } = useTranslation();
  const hint = useId();
  const list = useRef<HTMLUListElement>(null);
  const virtualizer = useVirtualizer({
    count: vehicles.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX[layout],
    getItemKey: (i) => vehicles[i]?.unitid ?? i,
    overscan: 6,
    // Rendering in the scroll event itself would block scrolling while a live update renders.
    useFlushSync: false,
  });
  const reveal = useCallback((index: number) => virtualizer.scrollToIndex(index, { align: 'auto' }), [virtualizer]);
  const { active, onKeyDown } = useRoving(props, list, reveal);

  const selectedIndex = selectedId === null ? -1 : vehicles.findIndex((v) => v.unitid === selectedId);
  // Only when the selection changes, not when live updates move the selected vehicle in the order.
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedId]);

  const items = virtualizer.getVirtualItems();
  // The row with the tab stop is always in the page, even scrolled far away, so Tab can reach the list.
  const activeIndex = active === null ? -1 : vehicles.findIndex((v) => v.unitid === active);
  const shown = items.some((i) => i.index === activeIndex) || activeIndex < 0 ? items : [...items, virtualizer.measurementsCache[activeIndex]];

  return (
    <>
      <ul
        ref={list}
        className={`${classes.list} ${classes.virtual}`}
        style={{ height: virtualizer.getTotalSize(), ...(layout === 'compact' ? compactGrid(columns) : {}) }}
        aria-label={t('fleet.listLabel')}
        aria-describedby={hint}
        onKeyDown={onKeyDown}
      >
        {shown.map((item) => {
          if (!item) return null;
          const v = vehicles[item.index];
          if (!v) return null;
          return (
            <VehicleRow
              key={v.unitid}
              vehicle={v}
              selected={v.unitid === selectedId}
              active={v.unitid === active}
              now={now}
              layout={layout}
              columns={columns}
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
      <span id={hint} className={classes.srOnly}>
        {t('fleet.triage.listHint')}
      </span>
    </>
  );
}
