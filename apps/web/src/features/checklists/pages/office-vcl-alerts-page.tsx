import { Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChecklist, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { PanelBoundary } from '../../../shared/ui/panel-boundary.tsx';
import { useNow } from '../../../shared/ui/relative-time.tsx';
import { TableSkeleton } from '../../../shared/ui/table-skeleton.tsx';
import { vclAlertsQuery } from '../api/office-checklists-api.ts';
import { VCL_COLUMNS, VclAlertCards, VclAlertsTable } from '../components/office-vcl-rows.tsx';
import { useVclLive } from '../hooks/office-vcl-live.ts';
import { newestFirst, searchVclAlerts } from '../model/office-vcl-alerts.ts';

/** Under this width the table becomes stacked cards (as the other alert lists do). */
const CARDS_QUERY = '(max-width: 600px)';

/**
 * alerts/vcl: the site's check lists with a fault not dealt with, newest first, live over the
 * socket; search by registration or driver; a row opens the check list (vclviewer).
 */
export default function VclAlertsPage({ back }: { back?: React.ReactNode }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const siteId = user?.siteid ?? null;
  const query = useQuery(vclAlertsQuery(siteId));
  useVclLive(user?.token, siteId);
  const [search, setSearch] = useState('');
  const now = useNow();
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const all = query.data;
  const shown = useMemo(() => (all ? newestFirst(searchVclAlerts(all, search)) : []), [all, search]);
  const title = t('dashboard.category.vcl');
  const View = cards ? VclAlertCards : VclAlertsTable;

  return (
    <Stack gap="sm">
      <PageHeader
        title={title}
        count={all ? t('vclOffice.list.count', { count: all.length }) : undefined}
        description={t('vclOffice.list.about')}
      />
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {all && all.length > 0 && (
        <Group gap="sm" role="search" aria-label={t('vclOffice.list.searchLabel')}>
          <TextInput
            type="search"
            label={t('vclOffice.list.search')}
            placeholder={t('vclOffice.list.searchPlaceholder')}
            leftSection={<IconSearch size={14} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', xs: 300 }}
          />
        </Group>
      )}
      {all && shown.length !== all.length && (
        <Text size="sm" c="dark.6" aria-live="polite">
          {t('vclOffice.list.shownOf', { shown: shown.length, count: all.length })}
        </Text>
      )}
      <Paper withBorder radius="sm">
        {query.isPending && (
          <TableSkeleton columns={VCL_COLUMNS.map((c) => t(`vclOffice.list.columns.${c}`))} label={title} rows={5} />
        )}
        {all?.length === 0 && (
          <EmptyState icon={<IconChecklist size={22} />} title={t('vclOffice.list.empty')} hint={t('vclOffice.list.emptyHint')} />
        )}
        {all && all.length > 0 && shown.length === 0 && (
          <EmptyState icon={<IconSearch size={22} />} title={t('vclOffice.list.noneMatch')} hint={t('vclOffice.list.noneMatchHint')} />
        )}
        {shown.length > 0 && (
          <PanelBoundary name={title}>
            <View alerts={shown} now={now} />
          </PanelBoundary>
        )}
      </Paper>
      {back}
    </Stack>
  );
}
