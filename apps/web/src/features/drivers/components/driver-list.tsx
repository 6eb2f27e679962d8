import { IconClockExclamation } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import type { DriverRow } from '../hooks/driver-rows.ts';
import classes from './drivers.module.css';

/** Above this many rows only the visible ones are drawn. */
const VIRTUAL_FROM = 200;
const ROW_HEIGHT = 44;

const DriverItem = memo(function DriverItem({ driver: d, now, style, position }: {
  driver: DriverRow; now: number; style?: CSSProperties; position?: { index: number; size: number };
}) {
  const { t } = useTranslation();
  return (
    <li
      className={classes.row}
      style={style}
      data-driver={d.id}
      data-stale={d.stale || undefined}
      aria-posinset={position ? position.index + 1 : undefined}
      aria-setsize={position?.size}
    >
      <span className={classes.name}>{d.name}</span>
      {d.stale && (
        <span className={classes.stale} title={t('drivers.outOfDateHint')}>
          <IconClockExclamation size={12} aria-hidden />
          {t('drivers.outOfDate')}
        </span>
      )}
      <span className={classes.time}>
        {d.updated ? <RelativeTime value={d.updated} now={new Date(now)} /> : t('drivers.never')}
      </span>
    </li>
  );
});

/** The drivers, one compact row each; a long list draws only what is in view. */
export function DriverList({ rows, now }: { rows: DriverRow[]; now: number }) {
  const { t } = useTranslation();
  const scroll = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUAL_FROM;
  const rowsInView = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroll.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  return (
    // The list scrolls: it is a named, focusable region so a keyboard can scroll it (WCAG 2.1.1).
    <div ref={scroll} className={classes.scroll} role="region" aria-label={t('drivers.scrollLabel')} tabIndex={0}>
      {virtual ? (
        <ul className={classes.list} data-virtual aria-label={t('drivers.listLabel')} style={{ height: rowsInView.getTotalSize() }}>
          {rowsInView.getVirtualItems().map((item) => {
            const d = rows[item.index];
            return d ? (
              <DriverItem
                key={d.id}
                driver={d}
                now={now}
                style={{ transform: `translateY(${item.start}px)` }}
                position={{ index: item.index, size: rows.length }}
              />
            ) : null;
          })}
        </ul>
      ) : (
        <ul className={classes.list} aria-label={t('drivers.listLabel')}>
          {rows.map((d) => (
            <DriverItem key={d.id} driver={d} now={now} />
          ))}
        </ul>
      )}
    </div>
  );
}
