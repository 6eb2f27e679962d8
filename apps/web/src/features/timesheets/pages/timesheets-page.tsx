import { type TimesheetListEntry, weekCommencingOf } from '@fleet/shared';
import { TABS_PREFIX } from '@fleet/shared/routes/routes';
import { Alert, Button, Drawer, Paper, Skeleton, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconSignature, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatDay } from '../../../shared/format/day.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useSiteToday } from '../../../shared/site/site-time-zone.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState, useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { TableSkeleton } from '../../../shared/ui/table-skeleton.tsx';
import { useCorrection } from '../api/corrections.ts';
import { timesheetQuery } from '../api/get-timesheet.ts';
import { timesheetsQuery } from '../api/get-timesheets.ts';
import { SheetView } from '../components/sheet-view.tsx';
import { TimesheetList } from '../components/timesheet-list.tsx';
import { WeekPicker } from '../components/week-picker.tsx';
import { readWeek } from '../model/week.ts';

const weekPath = (wc: string) => `${TABS_PREFIX}/tracksectimesheets/${wc}`;

/** The driver's week in the drawer (desktop) or filling the screen (phone). */
function SheetDrawer({ driverId, wc, name, onClose }: { driverId: number | null; wc: string; name: string; onClose(): void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useQuery({ ...timesheetQuery(driverId ?? 0, wc), enabled: driverId !== null });
  return (
    <Drawer
      opened={driverId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 760}
      title={t('timesheets.sheetTitle', { name: query.data?.driver.name ?? name })}
      closeButtonProps={{ 'aria-label': t('timesheets.close'), size: 44 }}
    >
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('timesheets.loadingSheet')}>
          <Skeleton height={60} />
          <Skeleton height={300} />
        </Stack>
      ) : (
        <SheetView sheet={query.data} />
      )}
    </Drawer>
  );
}

/**
 * tracksectimesheets[/:wcnumber] (Tracksec): the current site's drivers for a week commencing
 * Monday (the site's current week when none is named), their totals, and each driver's week with
 * the office's corrections in a drawer (?driver=).
 */
export default function TimesheetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorMessage();
  const { wcnumber } = useParams();
  const [params, setParams] = useSearchParams();
  const siteId = useSessionUser()?.siteid ?? null;
  const current = weekCommencingOf(useSiteToday());
  const named = readWeek(wcnumber);
  const badWeek = wcnumber !== undefined && named === null;
  const query = useQuery({ ...timesheetsQuery(siteId ?? 0, named), enabled: siteId !== null });
  const wc = query.data?.wc ?? named ?? current;
  const [search, setSearch] = useState('');
  const create = useCorrection();
  const [createProblem, setCreateProblem] = useState<string | null>(null);

  const driverParam = Number(params.get('driver'));
  const driverId = Number.isInteger(driverParam) && driverParam > 0 ? driverParam : null;
  const open = (id: number | null) => {
    const q = new URLSearchParams(params);
    if (id === null) q.delete('driver');
    else q.set('driver', String(id));
    setParams(q);
  };
  const entries = query.data?.timesheets ?? [];
  const shown = entries.filter((e) => e.driver.name.toLowerCase().includes(search.trim().toLowerCase()));
  const selected = entries.find((e) => e.driver.id === driverId);
  const createByHand = (e: TimesheetListEntry) => {
    setCreateProblem(null);
    create.mutate({ call: 'createdufftimesheet', body: { driver: e.driver.id, wc } }, {
      onSuccess: () => open(e.driver.id),
      onError: (err) => setCreateProblem(errorText(err)),
    });
  };

  return (
    <Stack gap="sm" maw={1400}>
      <PageHeader
        title={t('timesheets.title')}
        count={query.data ? t('timesheets.driverCount', { count: entries.length }) : undefined}
        description={t('timesheets.weekOf', { day: formatDay(wc), zone: query.data?.timezone ?? '' })}
        actions={(
          <Button component={Link} to={`${TABS_PREFIX}/tracksectimesheetsignoff?wc=${wc}`} variant="light" leftSection={<IconSignature size={18} aria-hidden />}>
            {t('timesheets.signOffWeek')}
          </Button>
        )}
      />
      <WeekPicker key={wc} wc={wc} current={current > wc ? current : wc} onWeek={(w) => navigate(weekPath(w))} />
      {badWeek && (
        <Alert color="yellow" variant="light" c="dark.8">{t('timesheets.badWeek', { value: wcnumber })}</Alert>
      )}
      {createProblem && <Alert color="red" variant="light" c="red.9" role="alert" withCloseButton onClose={() => setCreateProblem(null)}>{createProblem}</Alert>}
      <Paper withBorder>
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : !query.data ? (
          <TableSkeleton
            rows={8} label={t('timesheets.loadingList')}
            columns={(['driver', 'shifts', 'worked', 'driving', 'overtime', 'night', 'corrections', 'status'] as const).map((c) => t(`timesheets.${c}`))}
          />
        ) : entries.length === 0 ? (
          <EmptyState icon={<IconUsers size={22} />} title={t('timesheets.noDrivers')} hint={t('timesheets.noDriversHint')} />
        ) : (
          <Stack gap={0}>
            <TextInput
              m="xs" maw={320} leftSection={<IconSearch size={16} aria-hidden />} aria-label={t('timesheets.search')}
              placeholder={t('timesheets.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <TimesheetList entries={shown} onOpen={(e) => open(e.driver.id)} onCreateByHand={createByHand} />
          </Stack>
        )}
      </Paper>
      <SheetDrawer driverId={driverId} wc={wc} name={selected?.driver.name ?? ''} onClose={() => open(null)} />
    </Stack>
  );
}
