import { ActionIcon, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconBug, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { debugPath } from '../../../shared/routing/unit-links.ts';
import { RelativeTime, useNow } from '../../../shared/ui/relative-time.tsx';
import type { SortKey, SortState, Vehicle } from '../hooks/vehicle-rows.ts';
import { VehicleStatus } from './vehicle-status.tsx';
import classes from './vehicle-table.module.css';

export const VEHICLE_COLUMNS: SortKey[] = ['registration', 'driver', 'status', 'updated'];
/** On a phone two columns carry the same four facts (driver under registration, update under status). */
const COMPACT_COLUMNS: SortKey[] = ['registration', 'status'];
/** Height of the shell header; the sticky table header sits just below it. */
const HEADER_OFFSET = 52;

interface VehicleTableProps {
  vehicles: Vehicle[];
  sort: SortState;
  onSort(key: SortKey): void;
  compact: boolean;
}

/** Dense, sortable list of vehicles with a sticky header; each row links to its unit's debugger. */
export function VehicleTable({ vehicles, sort, onSort, compact }: VehicleTableProps) {
  const { t } = useTranslation();
  const now = useNow();
  const columns = compact ? COMPACT_COLUMNS : VEHICLE_COLUMNS;
  const driver = (v: Vehicle) =>
    v.drivername || (
      <Text span c="dimmed" inherit>
        {t('fleet.noDriver')}
      </Text>
    );
  const updated = (v: Vehicle) =>
    v.updated ? (
      <RelativeTime value={v.updated} now={now} />
    ) : (
      <Text span c="dimmed" inherit>
        {t('fleet.never')}
      </Text>
    );
  const cells: Record<SortKey, (v: Vehicle) => ReactNode> = compact
    ? {
        registration: (v) => (
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {v.registration}
            </Text>
            <Text size="xs">{driver(v)}</Text>
          </Stack>
        ),
        status: (v) => (
          <Stack gap={2} align="flex-start">
            <VehicleStatus vehicle={v} />
            <Text size="xs">{updated(v)}</Text>
          </Stack>
        ),
        driver,
        updated,
      }
    : {
        registration: (v) => (
          <Text fw={600} size="sm">
            {v.registration}
          </Text>
        ),
        driver,
        status: (v) => <VehicleStatus vehicle={v} />,
        updated,
      };

  return (
    <Table
      stickyHeader
      stickyHeaderOffset={HEADER_OFFSET}
      highlightOnHover
      className={classes.table}
      aria-label={t('fleet.title')}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((key) => {
            const active = sort.key === key;
            const Icon = !active ? IconSelector : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
            return (
              <Table.Th
                key={key}
                aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                <UnstyledButton className={classes.sort} onClick={() => onSort(key)}>
                  {t(`fleet.columns.${key}`)}
                  <Icon size={14} aria-hidden className={active ? undefined : classes.idle} />
                </UnstyledButton>
              </Table.Th>
            );
          })}
          <Table.Th w={44}>
            <VisuallyHidden>{t('fleet.columns.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {vehicles.map((v) => (
          <Table.Tr key={v.unitid} data-alarm={v.vehiclealarm || undefined}>
            {columns.map((key) => (
              <Table.Td key={key}>{cells[key](v)}</Table.Td>
            ))}
            <Table.Td ta="right">
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
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
