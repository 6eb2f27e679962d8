import type { ScheduledReport, ScheduledReportRun } from '@fleet/shared';
import { Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { TableSkeleton } from '../../../shared/ui/table-skeleton.tsx';
import { scheduleRunsQuery } from '../api/schedules-api.ts';
import { shortDay, siteTime } from '../model/schedule-words.ts';
import { OutcomeBadge } from './outcome-badge.tsx';

/** A schedule's runs, newest first: when due, the days covered, the outcome and why. */
export function RunLog({ siteId, schedule }: { siteId: number; schedule: ScheduledReport }) {
  const { t } = useTranslation();
  const runs = useQuery(scheduleRunsQuery(siteId, schedule.id));
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  if (runs.isError) return <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />;
  if (!runs.data) return <TableSkeleton rows={3} label={t('schedules.log.loading')} columns={[t('schedules.log.due'), t('schedules.log.covering'), t('schedules.log.outcome')]} />;
  if (runs.data.runs.length === 0) return <Text>{t('schedules.log.empty')}</Text>;
  const zone = schedule.timezone;
  const covering = (r: ScheduledReportRun) => (r.from === r.to ? shortDay(r.from) : `${shortDay(r.from)} – ${shortDay(r.to)}`);
  const outcome = (r: ScheduledReportRun) => (
    <Stack gap={2}>
      <div><OutcomeBadge status={r.status} /></div>
      <Text size="xs">{t('schedules.log.attempts')}: {r.attempts}</Text>
      {r.sentAt && <Text size="xs">{t('schedules.log.sentAt', { when: siteTime(r.sentAt, zone) })}</Text>}
      {r.nextAttemptAt && <Text size="xs">{t('schedules.log.nextAttempt', { when: siteTime(r.nextAttemptAt, zone) })}</Text>}
      {r.error && <Text size="xs" c="red.9">{r.error}</Text>}
    </Stack>
  );
  if (phone) {
    return (
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('schedules.runsFor', { name: schedule.name })}>
        {runs.data.runs.map((r) => (
          <Paper key={r.id} withBorder p="xs" component="li" data-testid="schedule-run">
            <Text size="sm" fw={600}>{t('schedules.log.due')}: {siteTime(r.dueAt, zone)}</Text>
            <Text size="sm" mb={4}>{t('schedules.log.covering')}: {covering(r)}</Text>
            {outcome(r)}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing={6} aria-label={t('schedules.runsFor', { name: schedule.name })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('schedules.log.due')}</Table.Th>
            <Table.Th scope="col">{t('schedules.log.covering')}</Table.Th>
            <Table.Th scope="col">{t('schedules.log.outcome')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.data.runs.map((r) => (
            <Table.Tr key={r.id} data-testid="schedule-run">
              <Table.Td><Text size="sm">{siteTime(r.dueAt, zone)}</Text></Table.Td>
              <Table.Td><Text size="sm">{covering(r)}</Text></Table.Td>
              <Table.Td>{outcome(r)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
