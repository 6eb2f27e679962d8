import { Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconMapPinOff, IconSearch, IconTruck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWindowWidth } from '../../../shared/device/use-window-width.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { TableSkeleton } from '../../../shared/ui/table-skeleton.tsx';
import { vehiclesQuery } from '../api/fleet-api.ts';
import { VEHICLE_COLUMNS, VehicleTable } from '../components/vehicle-table.tsx';
import { filterAndSortVehicles, type SortKey, type SortState } from '../hooks/vehicle-rows.ts';

const COMPACT_BELOW = 640;

/** Fleet overview: for now the site's vehicles as a searchable, sortable table (the map comes later). */
export default function FleetPage() {
  const { t } = useTranslation();
  const siteId = useSessionUser()?.siteid ?? null;
  const query = useQuery({ ...vehiclesQuery(siteId ?? 0), enabled: siteId !== null });
  const compact = useWindowWidth() < COMPACT_BELOW;
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>({ key: 'registration', direction: 'asc' });
  const rows = useMemo(
    () => filterAndSortVehicles(query.data ?? [], search, sort),
    [query.data, search, sort],
  );

  const onSort = (key: SortKey) =>
    setSort((s) => ({ key, direction: s.key === key && s.direction === 'asc' ? 'desc' : 'asc' }));
  const total = query.data?.length;
  const count = total === undefined ? undefined : t('fleet.count', { count: total });
  const columns = (compact ? ['registration', 'status'] : VEHICLE_COLUMNS).map((c) =>
    t(`fleet.columns.${c as SortKey}`),
  );

  return (
    <Stack gap="sm">
      <PageHeader title={t('fleet.title')} count={count} description={t('fleet.mapLater')} />
      {siteId === null ? (
        <EmptyState icon={<IconMapPinOff size={22} />} title={t('shell.noSite')} hint={t('fleet.noSite')} />
      ) : (
        <Paper withBorder radius="sm">
          <Stack gap={0}>
            <Group p="xs" gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                aria-label={t('fleet.search')}
                placeholder={t('fleet.searchPlaceholder')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                type="search"
                maw={360}
                disabled={!total}
              />
              {compact && (
                <NativeSelect
                  aria-label={t('fleet.sortLabel')}
                  value={sort.key}
                  onChange={(e) => setSort({ key: e.currentTarget.value as SortKey, direction: 'asc' })}
                  data={VEHICLE_COLUMNS.map((c) => ({ value: c, label: t(`fleet.columns.${c}`) }))}
                  disabled={!total}
                />
              )}
            </Group>
            {query.isPending && <TableSkeleton columns={columns} label={t('fleet.title')} />}
            {query.isError && (
              <Stack p="sm">
                <ErrorState error={query.error} onRetry={() => void query.refetch()} />
              </Stack>
            )}
            {total === 0 && (
              <EmptyState
                icon={<IconTruck size={22} />}
                title={t('fleet.empty')}
                hint={t('fleet.emptyHint')}
              />
            )}
            {total !== undefined && total > 0 && rows.length === 0 && (
              <Text p="md" size="sm" c="dimmed" role="status">
                {t('fleet.noMatch', { query: search.trim() })}
              </Text>
            )}
            {rows.length > 0 && (
              <VehicleTable vehicles={rows} sort={sort} onSort={onSort} compact={compact} />
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
