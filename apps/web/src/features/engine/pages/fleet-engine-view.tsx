import { Group, Stack, Switch, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEngine, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useNow } from '../../../shared/ui/relative-time.tsx';
import { TableSkeleton } from '../../../shared/ui/table-skeleton.tsx';
import { fleetEngineQuery } from '../api/engine-api.ts';
import { FmsCards } from '../components/fms-cards.tsx';
import { FmsTable } from '../components/fms-table.tsx';
import { DEFAULT_SORT, nextSort, reporting, searchVehicles, sortVehicles } from '../model/fms-table.ts';

/** Under this width the table becomes a card per vehicle. */
const CARDS_QUERY = '(max-width: 600px)';

/** fleetfmsv: every vehicle's latest engine data side by side, sortable, searchable, live. */
export function FleetEngineView() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const siteId = user?.siteid ?? 0;
  const query = useQuery({ ...fleetEngineQuery(siteId), enabled: siteId > 0 });
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [all, setAll] = useState(false);
  const now = useNow();
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const data = query.data;
  const shown = useMemo(
    () => (data ? sortVehicles(searchVehicles(all ? data.vehicles : reporting(data.vehicles), search), sort) : []),
    [data, search, sort, all],
  );
  const count = data
    ? shown.length === data.vehicles.length ? t('engine.count', { count: data.vehicles.length }) : t('engine.countOf', { shown: shown.length, count: data.vehicles.length })
    : undefined;

  return (
    <Stack gap="sm">
      <PageHeader title={t('engine.title')} count={count} description={t('engine.about')} />
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label={t('engine.search')}
          placeholder={t('engine.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={360}
          maw="100%"
        />
        <Switch label={t('engine.showAll')} checked={all} onChange={(e) => setAll(e.currentTarget.checked)} mb={8} />
      </Group>
      {query.isPending && <TableSkeleton columns={[t('engine.vehicle'), t('engine.updated')]} rows={6} label={t('engine.loading')} />}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {data && data.vehicles.length === 0 && <EmptyState icon={<IconEngine size={22} />} title={t('engine.emptyTitle')} hint={t('engine.emptyHint')} />}
      {data && data.vehicles.length > 0 && shown.length === 0 && (search.trim() !== ''
        ? <EmptyState icon={<IconSearch size={22} />} title={t('engine.noMatch', { search })} />
        : <EmptyState icon={<IconEngine size={22} />} title={t('engine.noneReporting')} hint={t('engine.noneReportingHint')} />)}
      {data && shown.length > 0 && (cards
        ? <FmsCards vehicles={shown} columns={data.columns} now={now} />
        : <FmsTable vehicles={shown} columns={data.columns} sort={sort} onSort={(c) => setSort((s) => nextSort(s, c))} now={now} />)}
    </Stack>
  );
}
