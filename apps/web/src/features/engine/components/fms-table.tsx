import type { FmsColumn, FmsVehicle } from '@fleet/shared';
import { Anchor, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconClockExclamation } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnitSystem } from '../../../shared/format/use-units.ts';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import { displayUnit, isStale, readingNumber, type Sort, valueOf } from '../model/fms-table.ts';
import classes from './engine.module.css';

export const vehiclePath = (unitid: number) => `/tabs/tabs/fleetfmsv/${unitid}`;

function SortHeader({ column, label, unit, sort, onSort, numeric }: {
  column: string; label: string; unit?: string; sort: Sort; onSort(c: string): void; numeric?: boolean;
}) {
  const { t } = useTranslation();
  const active = sort.column === column;
  const Icon = !active ? IconArrowsSort : sort.descending ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined} className={numeric ? classes.num : undefined}>
      <UnstyledButton className={classes.sort} onClick={() => onSort(column)} title={t('engine.sortBy', { column: label })}>
        <span>
          {label}
          {unit ? <span className={classes.unit}>{unit}</span> : null}
        </span>
        <Icon size={14} aria-hidden className={active ? undefined : classes.sortIdle} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** One vehicle's row; memoised so a live update re-renders only the rows whose vehicle changed. */
const Row = memo(function Row({ v, columns, now }: { v: FmsVehicle; columns: FmsColumn[]; now: Date }) {
  const { t } = useTranslation();
  const system = useUnitSystem();
  const stale = isStale(v, now);
  return (
    <Table.Tr data-unit={v.unitid}>
      <Table.Td>
        <Anchor component={Link} to={vehiclePath(v.unitid)} fw={600} size="sm">
          {v.registration}
        </Anchor>
      </Table.Td>
      <Table.Td className={classes.num}>
        {v.updated ? (
          <Text span size="sm" className={stale ? classes.stale : undefined}>
            {stale && <IconClockExclamation size={14} aria-label={t('engine.staleIcon')} style={{ verticalAlign: '-2px', marginRight: 4 }} />}
            <RelativeTime value={v.updated} now={now} />
          </Text>
        ) : (
          <Text span size="sm" c="dimmed">{t('engine.never')}</Text>
        )}
      </Table.Td>
      {columns.map((c) => {
        const r = valueOf(v, c.key);
        return (
          <Table.Td key={c.key} className={`${classes.num} ${stale ? classes.stale : ''}`} title={r && stale && v.updated ? t('engine.staleValue') : undefined}>
            {r ? readingNumber(r, system) : <Text span c="dimmed" aria-label={t('engine.notReported')}>–</Text>}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
});

/** The fleet's engine data side by side: a column per value the fleet reports, units in the headings. */
export function FmsTable({ vehicles, columns, sort, onSort, now }: {
  vehicles: FmsVehicle[]; columns: FmsColumn[]; sort: Sort; onSort(c: string): void; now: Date;
}) {
  const { t } = useTranslation();
  const system = useUnitSystem();
  return (
    <div className={classes.scroll} tabIndex={0} role="region" aria-label={t('engine.tableRegion')}>
      <Table className={classes.table} highlightOnHover verticalSpacing={4} horizontalSpacing="sm" aria-label={t('engine.title')}>
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="registration" label={t('engine.vehicle')} sort={sort} onSort={onSort} />
            <SortHeader column="updated" label={t('engine.updated')} sort={sort} onSort={onSort} numeric />
            {columns.map((c) => (
              <SortHeader key={c.key} column={c.key} label={c.name} unit={displayUnit(c.unit, system)} sort={sort} onSort={onSort} numeric />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vehicles.map((v) => (
            <Row key={v.unitid} v={v} columns={columns} now={now} />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
