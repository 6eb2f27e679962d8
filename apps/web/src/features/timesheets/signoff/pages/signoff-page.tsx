import '../../../../shared/styles/all.ts';
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isAdmin, type TimesheetListEntry, weekCommencingOf } from '@fleet/shared';
import { IconChevronLeft, IconChevronRight, IconLock, IconSignature, IconUsersGroup } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDay } from '../../../../shared/format/day.ts';
import { useSessionUser } from '../../../../shared/session/session-store.ts';
import { useSiteToday } from '../../../../shared/site/site-time-zone.ts';
import { EmptyState } from '../../../../shared/ui/empty-state.tsx';
import { ErrorState, useErrorMessage } from '../../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { TableSkeleton } from '../../../../shared/ui/table-skeleton.tsx';
import { downloadSignoffPdf, reopenTimesheet, sheetIdOf, signOffTimesheets, signoffWeekQuery, uploadSignature } from '../api/signoff-api.ts';
import { signoffKeys } from '../api/signoff-keys.ts';
import { SignoffDialog } from '../components/signoff-dialog.tsx';
import { SignoffTable } from '../components/signoff-table.tsx';
import { canSignOff, hasNextWeek, otherWeek, sheetState } from '../model/signoff-state.ts';
import { uuidV4 } from '../../../../shared/device/uuid.ts';

/**
 * tracksectimesheetsignoff[?wc=YYYY-MM-DD]: the site's drivers of a week and where each sheet stands;
 * pick open sheets, sign once and sign them off (each locked, its PDF stored); download every
 * signed-off version; administrators reopen a sheet as a new version.
 */
export default function SignoffPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const message = useErrorMessage();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = /^\d{4}-\d{2}-\d{2}$/.test(params.get('wc') ?? '') ? params.get('wc') : null;
  const siteId = user?.siteid ?? null;
  const allowed = user?.tracksec === 1;
  const current = weekCommencingOf(useSiteToday());
  const query = useQuery({ ...signoffWeekQuery(siteId ?? 0, asked), enabled: siteId !== null && allowed });
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [signing, setSigning] = useState(false);
  const [reopening, setReopening] = useState<TimesheetListEntry | null>(null);
  const week = query.data;
  const weekText = week ? t('timesheetSignoff.weekOf', { day: formatDay(week.wc), zone: week.timezone }) : '';

  const refresh = () => client.invalidateQueries({ queryKey: signoffKeys.all() });
  const sign = useMutation({
    mutationFn: async ({ signature, name, driverSignature }: { signature: Blob; name: string; driverSignature: Blob | null }) => {
      if (!week) throw new Error('no week');
      const chosen = week.timesheets.filter((e) => picked.has(e.driver.id) && canSignOff(sheetState(e, week.signoffs)));
      const ids = [];
      for (const e of chosen) ids.push(e.id ?? (await sheetIdOf(e.driver.id, week.wc)));
      const soid = await uploadSignature(signature, uuidV4());
      // A driver who signs on the office's screen (one sheet only): their signature goes in as idss.
      const idss = driverSignature && ids.length === 1 ? [await uploadSignature(driverSignature, uuidV4())] : undefined;
      return signOffTimesheets({ ids, soid, wcnumber: week.wc, cname: name, ...(idss ? { idss } : {}) });
    },
    onSuccess: (a) => {
      notifications.show({ color: 'teal', message: t('timesheetSignoff.done', { count: a.signoffs.length }) });
      setPicked(new Set());
      setSigning(false);
    },
    onSettled: () => void refresh(),
  });
  const reopen = useMutation({
    mutationFn: (id: number) => reopenTimesheet(id),
    onSuccess: (a) => {
      notifications.show({ color: 'teal', message: t('timesheetSignoff.reopened', { version: a.version }) });
      setReopening(null);
    },
    onSettled: () => void refresh(),
  });
  const download = (id: number) => {
    downloadSignoffPdf(id).catch((e: unknown) => notifications.show({ color: 'red', message: message(e) }));
  };
  const go = (wc: string) => {
    setPicked(new Set());
    setParams(new URLSearchParams({ wc }));
  };

  if (!allowed) {
    return (
      <Stack p="md">
        <PageHeader title={t('timesheetSignoff.title')} />
        <EmptyState icon={<IconLock size={22} />} title={t('timesheetSignoff.noTracksec')} hint={t('timesheetSignoff.noTracksecHint')} />
      </Stack>
    );
  }
  const chosenNames = week?.timesheets.filter((e) => picked.has(e.driver.id)).map((e) => e.driver.name) ?? [];
  return (
    <Stack p="md" gap="sm">
      <PageHeader
        title={t('timesheetSignoff.title')}
        count={week ? t('timesheetSignoff.count', { count: week.timesheets.length }) : undefined}
        description={weekText || t('timesheetSignoff.loading')}
        actions={week && (
          <>
            <Button variant="default" leftSection={<IconChevronLeft size={16} aria-hidden />} onClick={() => go(otherWeek(week.wc, -1))}>{t('timesheetSignoff.previous')}</Button>
            <Button variant="default" rightSection={<IconChevronRight size={16} aria-hidden />} onClick={() => go(otherWeek(week.wc, 1))} disabled={!hasNextWeek(week.wc, current)}>{t('timesheetSignoff.next')}</Button>
            <Button component={Link} to={`/tabs/tabs/tracksectimesheets/${week.wc}`} variant="subtle" color="dark">{t('timesheetSignoff.openWeek')}</Button>
          </>
        )}
      />
      <Paper withBorder p="sm">
        {query.isPending && siteId !== null ? <TableSkeleton rows={6} label={t('timesheetSignoff.loading')} columns={['', t('timesheetSignoff.col.driver'), t('timesheetSignoff.col.shifts'), t('timesheetSignoff.col.worked'), t('timesheetSignoff.col.state')]} /> : null}
        {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
        {siteId === null ? <EmptyState icon={<IconUsersGroup size={22} />} title={t('timesheetSignoff.noSite')} /> : null}
        {week && week.timesheets.length === 0 && (
          <EmptyState icon={<IconUsersGroup size={22} />} title={t('timesheetSignoff.noDrivers')} hint={t('timesheetSignoff.noDriversHint')} />
        )}
        {week && week.timesheets.length > 0 && (
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" aria-live="polite">{t('timesheetSignoff.picked', { count: picked.size })}</Text>
              <Button leftSection={<IconSignature size={18} aria-hidden />} disabled={picked.size === 0} onClick={() => { sign.reset(); setSigning(true); }} data-testid="signoff-open">
                {t('timesheetSignoff.signOff', { count: picked.size })}
              </Button>
            </Group>
            <SignoffTable
              timesheets={week.timesheets} signoffs={week.signoffs} picked={picked}
              onPick={(id, on) => setPicked((p) => { const n = new Set(p); if (on) n.add(id); else n.delete(id); return n; })}
              onPickAll={(on) => setPicked(on ? new Set(week.timesheets.filter((e) => canSignOff(sheetState(e, week.signoffs))).map((e) => e.driver.id)) : new Set())}
              onDownload={download}
              onReopen={isAdmin(user?.usertype) ? setReopening : undefined}
            />
          </Stack>
        )}
      </Paper>
      {signing && (
        <SignoffDialog opened drivers={chosenNames} weekText={weekText} defaultName={user?.name ?? ''} busy={sign.isPending}
          error={sign.error} onClose={() => setSigning(false)} onSign={(signature, name, driverSignature) => sign.mutate({ signature, name, driverSignature })} />
      )}
      <Modal opened={reopening !== null} onClose={() => setReopening(null)} title={t('timesheetSignoff.reopenTitle')}>
        <Stack gap="sm">
          <Text size="sm">{t('timesheetSignoff.reopenText', { name: reopening?.driver.name ?? '', version: reopening?.version ?? 1, next: (reopening?.version ?? 1) + 1 })}</Text>
          {reopen.isError && <Text c="red.8" size="sm" role="alert">{message(reopen.error)}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setReopening(null)}>{t('timesheetSignoff.cancel')}</Button>
            <Button color="dark" loading={reopen.isPending} onClick={() => reopening?.id != null && reopen.mutate(reopening.id)}>{t('timesheetSignoff.reopen')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
