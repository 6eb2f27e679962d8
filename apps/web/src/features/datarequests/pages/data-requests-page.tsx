import { Button, Stack } from '@mantine/core';
import { IconFileOff, IconRefresh } from '@tabler/icons-react';
import { DATA_REQUEST_MAX_DAYS } from '@fleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSiteTimeZone, useSiteToday } from '../../../shared/site/site-time-zone.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { LoadingMessage } from '../../../shared/ui/loading-message.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { dataRequestsQuery } from '../api/datarequests-api.ts';
import { RequestCard } from '../components/request-card.tsx';
import { RequestForm } from '../components/request-form.tsx';

/** amazondatarequest: an administrator asks for all of the site's data for a range, follows it, downloads it. */
export default function DataRequestsPage() {
  const { t } = useTranslation();
  const siteId = useSessionUser()?.siteid ?? null;
  const { timeZone } = useSiteTimeZone();
  const today = useSiteToday();
  const query = useQuery({ ...dataRequestsQuery(siteId ?? 0), enabled: siteId !== null });
  const requests = query.data?.requests;

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={t('dataRequests.title')}
        description={t('dataRequests.description', { hours: query.data?.keepHours ?? 72 })}
        actions={
          <Button variant="default" size="compact-sm" leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void query.refetch()} loading={query.isFetching && !query.isPending}>
            {t('dataRequests.refresh')}
          </Button>
        }
      />
      {siteId === null ? <EmptyState icon={<IconFileOff size={22} />} title={t('dataRequests.noSite')} /> : (
        <>
          <RequestForm siteId={siteId} today={today} maxDays={query.data?.maxDays ?? DATA_REQUEST_MAX_DAYS} />
          {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
          {query.isPending && <LoadingMessage message={t('dataRequests.loading')} />}
          {requests?.length === 0 && <EmptyState icon={<IconFileOff size={22} />} title={t('dataRequests.empty')} hint={t('dataRequests.emptyHint')} />}
          <section aria-label={t('dataRequests.listLabel')}>
            <Stack gap="sm">
              {requests?.map((r) => <RequestCard key={r.id} request={r} siteId={siteId} timeZone={timeZone} />)}
            </Stack>
          </section>
        </>
      )}
    </Stack>
  );
}
