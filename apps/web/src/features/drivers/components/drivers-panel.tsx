import { Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconSteeringWheel } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { useNow } from '../../../shared/ui/relative-time.tsx';
import { driversQuery } from '../api/drivers-api.ts';
import { countStale, type DriverSort, type DriverVehicle, driverRows, vehicleOfDriver, vehiclesByDriver } from '../hooks/driver-rows.ts';
import { DriverList, type DriverListRow } from './driver-list.tsx';
import { DriversSkeleton } from './drivers-skeleton.tsx';
import classes from './drivers.module.css';

interface DriversPanelProps {
  siteId: number;
  /** The site's vehicles (the fleet page's answer): a driver's row names the vehicle they are in. */
  vehicles: readonly DriverVehicle[] | undefined;
  /** The vehicle selected on the fleet page (its driver's row shows pressed). */
  selectedId: number | null;
  /** Choosing a driver in a vehicle selects that vehicle. */
  onSelectVehicle(unitId: number): void;
}

/**
 * The site's drivers with their last update and the vehicle each is in; out-of-date ones (over 24
 * hours, spec 9) first by default. Choosing a driver selects their vehicle; a driver in none says so.
 */
export function DriversPanel({ siteId, vehicles, selectedId, onSelectVehicle }: DriversPanelProps) {
  const { t } = useTranslation();
  const query = useQuery(driversQuery(siteId));
  const now = useNow().getTime();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<DriverSort>('attention');
  const all = query.data;
  const byName = useMemo(() => vehiclesByDriver(vehicles ?? []), [vehicles]);
  const rows = useMemo<DriverListRow[]>(
    () => driverRows(all ?? [], search, sort, now).map((driver) => ({ driver, vehicle: vehicleOfDriver(byName, driver.name) })),
    [all, search, sort, now, byName],
  );
  // The header counts every out-of-date driver, whatever the search shows.
  const stale = useMemo(() => countStale(driverRows(all ?? [], '', 'name', now)), [all, now]);
  const disabled = !all?.length;

  return (
    <div className={classes.panel}>
      <Stack gap={6} p="xs">
        <Group gap={6} wrap="nowrap">
          <TextInput
            aria-label={t('drivers.search')}
            placeholder={t('drivers.searchPlaceholder')}
            leftSection={<IconSearch size={14} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
            size="xs"
            disabled={disabled}
            style={{ flex: 1 }}
          />
          <NativeSelect
            aria-label={t('drivers.sortLabel')}
            value={sort}
            onChange={(e) => setSort(e.currentTarget.value === 'name' ? 'name' : 'attention')}
            data={[
              { value: 'attention', label: t('drivers.sortAttention') },
              { value: 'name', label: t('drivers.sortName') },
            ]}
            size="xs"
            disabled={disabled}
            maw={150}
          />
        </Group>
        {all && all.length > 0 && (
          <Text className={classes.summary} role="status">
            {t('drivers.count', { count: all.length })}
            {stale > 0 && ` · ${t('drivers.staleCount', { count: stale })}`}
          </Text>
        )}
      </Stack>
      {query.isPending && <DriversSkeleton label={t('drivers.loading')} />}
      {query.isError && (
        <Stack p="sm">
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        </Stack>
      )}
      {all?.length === 0 && (
        <EmptyState icon={<IconSteeringWheel size={22} />} title={t('drivers.empty')} hint={t('drivers.emptyHint')} />
      )}
      {all && all.length > 0 && rows.length === 0 && (
        <Text p="md" size="sm" c="gray.7" role="status">
          {t('drivers.noMatch', { query: search.trim() })}
        </Text>
      )}
      {rows.length > 0 && <DriverList rows={rows} now={now} selectedId={selectedId} onSelectVehicle={onSelectVehicle} />}
    </div>
  );
}
