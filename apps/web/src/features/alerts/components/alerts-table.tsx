import { Anchor, Button, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconX } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useNow } from '../../../shared/ui/relative-time.tsx';
import type { AlertRecord } from '../api/alerts-api.ts';
import type { BuiltAlertList } from '../hooks/alert-categories.ts';
import { openIds, SORT_COLUMNS, type Sort, type SortColumn, type VehicleGroup } from '../hooks/alert-filters.ts';
import { alertState } from '../hooks/alert-rows.ts';
import { AlertClearButton } from './alert-clear-button.tsx';
import { AlertReplayLink } from './alert-replay-link.tsx';
import { AlertStateBadge, AlertTime, useAlertWhat } from './alert-text.tsx';
import { CATEGORY_LOOK } from './category-look.ts';
import classes from './alerts-table.module.css';
import type { PanicToAcknowledge } from './panic-ack-modal.tsx';

export const ALERT_COLUMNS = SORT_COLUMNS;

export interface AlertsViewProps {
  list: BuiltAlertList;
  /** The alerts shown (filtered and sorted), or by vehicle when grouped. */
  alerts: AlertRecord[];
  groups: VehicleGroup<AlertRecord>[] | null;
  sort: Sort;
  onSort(column: SortColumn): void;
  selectedId: number | null;
  /** The link of one record's detail panel (keeps the open/all choice). */
  detailHref(aid: number): string;
  onAcknowledge(panic: PanicToAcknowledge): void;
  /** Asks to clear a vehicle's open alerts shown (null where the list cannot be cleared in bulk). */
  onClearGroup: ((group: VehicleGroup<AlertRecord>) => void) | null;
}

function SortHeader({ column, sort, onSort }: { column: SortColumn; sort: Sort; onSort(c: SortColumn): void }) {
  const { t } = useTranslation();
  const active = sort.column === column;
  const Icon = !active ? IconArrowsSort : sort.descending ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}>
      <UnstyledButton className={classes.sort} onClick={() => onSort(column)} title={t('alertList.sortBy', { column: t(`alertList.columns.${column}`) })}>
        {t(`alertList.columns.${column}`)}
        <Icon size={14} aria-hidden className={active ? undefined : classes.sortIdle} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** A vehicle's alerts, with 'Clear 3 alerts for YK21 ABC' when some are open. */
export function GroupClear({ group, onClear, touch = false }: { group: VehicleGroup<AlertRecord>; onClear(g: VehicleGroup<AlertRecord>): void; touch?: boolean }) {
  const { t } = useTranslation();
  const count = openIds(group.alerts).length;
  if (count === 0) return null;
  return (
    <Button size="compact-sm" variant="default" mih={touch ? 44 : undefined} leftSection={<IconX size={14} aria-hidden />} onClick={() => onClear(group)}>
      {t('alertList.clearGroup', { count, vehicle: group.vehicle })}
    </Button>
  );
}

/** One category's records in dense rows: sortable columns, a click opens the record, open rows can be cleared. */
export function AlertsTable({ list, alerts, groups, sort, onSort, selectedId, detailHref, onAcknowledge, onClearGroup }: AlertsViewProps) {
  const { t } = useTranslation();
  const now = useNow();
  const what = useAlertWhat();
  const navigate = useNavigate();
  const row = (a: AlertRecord) => {
    const selected = a.aid === selectedId;
    return (
      <Table.Tr
        key={a.aid}
        data-selected={selected || undefined}
        className={classes.row}
        onClick={(e) => {
          // Buttons and links in the row do their own thing.
          if ((e.target as HTMLElement).closest('a,button')) return;
          void navigate(detailHref(a.aid));
        }}
      >
        <Table.Td>
          <Anchor component={Link} to={detailHref(a.aid)} fw={600} size="sm" c="dark.8" aria-current={selected ? 'true' : undefined}>
            {a.vehicle}
          </Anchor>
        </Table.Td>
        <Table.Td className={classes.what}>{what(a)}</Table.Td>
        <Table.Td>
          <Text size="sm" lineClamp={2}>
            {a.loc}
          </Text>
        </Table.Td>
        <Table.Td className={classes.when}>
          <AlertTime value={a.updated} now={now} />
        </Table.Td>
        <Table.Td>
          <AlertStateBadge alert={a} color={CATEGORY_LOOK[list].color} />
        </Table.Td>
        <Table.Td ta="right">
          <Group gap="sm" justify="flex-end" wrap="nowrap">
            {list !== 'servicing' && <AlertReplayLink unitid={a.uid} time={a.updated} vehicle={a.vehicle} />}
            {alertState(a).open && <AlertClearButton list={list} alert={a} onAcknowledge={onAcknowledge} />}
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table stickyHeader highlightOnHover aria-label={t(`dashboard.category.${list}`)} className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            {ALERT_COLUMNS.map((c) => (
              <SortHeader key={c} column={c} sort={sort} onSort={onSort} />
            ))}
            <Table.Th>
              <VisuallyHidden>{t('alertList.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups
            ? groups.map((g) => (
                <Fragment key={g.uid}>
                  <Table.Tr className={classes.groupRow}>
                    <Table.Th scope="colgroup" colSpan={6}>
                      <Group justify="space-between" gap="xs">
                        <Text fw={700} size="sm">
                          {g.vehicle}{' '}
                          <Text span size="xs" c="dark.6" fw={500}>
                            {t('alertList.groupCount', { count: g.alerts.length })}
                          </Text>
                        </Text>
                        {onClearGroup && <GroupClear group={g} onClear={onClearGroup} />}
                      </Group>
                    </Table.Th>
                  </Table.Tr>
                  {g.alerts.map(row)}
                </Fragment>
              ))
            : alerts.map(row)}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
