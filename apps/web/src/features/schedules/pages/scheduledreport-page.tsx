import type { ScheduledReport } from '@fleet/shared';
import { Button, Drawer, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendarTime, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useSiteTimeZone } from '../../../shared/site/site-time-zone.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState, useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { TableSkeleton } from '../../../shared/ui/table-skeleton.tsx';
import { reportKindsQuery, schedulesQuery, useDeleteSchedule } from '../api/schedules-api.ts';
import { RunLog } from '../components/run-log.tsx';
import { ScheduleForm } from '../components/schedule-form.tsx';
import { ScheduleList } from '../components/schedule-list.tsx';
import { draftOf, emptyDraft, type ScheduleDraft } from '../model/schedule-draft.ts';
import { useCanChange } from '../../../shared/session/use-can-change.ts';

/** scheduledreport: the current site's scheduled reports; add, edit, delete (asked first), and each one's run log. */
export default function ScheduledReportPage() {
  const canChange = useCanChange();
  const { t } = useTranslation();
  const siteId = useSessionUser()?.siteid ?? null;
  const zone = useSiteTimeZone().timeZone;
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const schedules = useQuery({ ...schedulesQuery(siteId ?? 0), enabled: siteId !== null });
  const kinds = useQuery({ ...reportKindsQuery(siteId ?? 0), enabled: siteId !== null });
  const remove = useDeleteSchedule(siteId ?? 0);
  const errorMessage = useErrorMessage();
  const [editing, setEditing] = useState<ScheduleDraft | null>(null);
  const [runsOf, setRunsOf] = useState<ScheduledReport | null>(null);
  const [deleting, setDeleting] = useState<ScheduledReport | null>(null);
  const kindName = (what: string) => kinds.data?.find((k) => k.what === what)?.name ?? what;
  const columns = (['name', 'report', 'when', 'next', 'last', 'actions'] as const).map((c) => t(`schedules.col.${c}`));

  return (
    <Stack gap="sm">
      <PageHeader
        title={t('schedules.title')}
        count={schedules.data ? t('schedules.count', { count: schedules.data.length }) : undefined}
        description={t('schedules.description', { zone })}
        actions={canChange && <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(emptyDraft())} disabled={!kinds.data}>{t('schedules.add')}</Button>}
      />
      {schedules.isError && <ErrorState error={schedules.error} onRetry={() => void schedules.refetch()} />}
      {kinds.isError && <ErrorState error={kinds.error} onRetry={() => void kinds.refetch()} />}
      {schedules.isPending && siteId !== null && <TableSkeleton columns={columns} rows={4} label={t('schedules.loading')} />}
      {schedules.data?.length === 0 && (
        <EmptyState icon={<IconCalendarTime size={22} />} title={t('schedules.empty')} hint={t('schedules.emptyHint')} />
      )}
      {schedules.data && schedules.data.length > 0 && (
        <ScheduleList schedules={schedules.data} kindName={kindName} onEdit={canChange ? (s) => setEditing(draftOf(s)) : undefined} onRuns={setRunsOf} onDelete={canChange ? setDeleting : undefined} />
      )}

      <Drawer
        opened={editing !== null} onClose={() => setEditing(null)} position="right" size={phone ? '100%' : 'lg'}
        title={editing?.id ? t('schedules.form.editTitle') : t('schedules.form.addTitle')}
      >
        {editing && siteId !== null && kinds.data && (
          <ScheduleForm
            key={editing.id ?? 'new'} siteId={siteId} kinds={kinds.data} initial={editing} onCancel={() => setEditing(null)}
            onSaved={() => { setEditing(null); notifications.show({ message: t('schedules.form.saved'), color: 'green' }); }}
          />
        )}
      </Drawer>

      <Modal opened={runsOf !== null} onClose={() => setRunsOf(null)} size="xl" fullScreen={phone} title={t('schedules.log.title', { name: runsOf?.name ?? '' })}>
        {runsOf && siteId !== null && <RunLog siteId={siteId} schedule={runsOf} />}
        <Group justify="flex-end" mt="sm"><Button variant="default" onClick={() => setRunsOf(null)}>{t('schedules.log.close')}</Button></Group>
      </Modal>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} centered title={t('schedules.deleteTitle')}>
        <Stack>
          <Text>{t('schedules.deleteText', { name: deleting?.name ?? '' })}</Text>
          {remove.error && <Text c="red.9" role="alert">{errorMessage(remove.error)}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>{t('schedules.cancel')}</Button>
            <Button color="red.9" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}>
              {t('schedules.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
