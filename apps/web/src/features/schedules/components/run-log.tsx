import type { ScheduledReport } from '@fleet/shared';
import { Stack, Table, Text } from '@mantine/core';
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
  if (runs.isError) return <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />;
  if (!runs.data) return <TableSkeleton rows={3} label={t('schedules.log.loading')} columns={[t('schedules.log.due'), t('schedules.log.covering'), t('schedules.log.outcome')]} />;
  if (runs.data.runs.length === 0) return <Text>{t('schedules.log.empty')}</Text>;
  const zone = schedule.timezone;
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
              <Table.Td><Text size="sm">{r.from === r.to ? shortDay(r.from) : `${shortDay(r.from)} – ${shortDay(r.to)}`}</Text></Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <OutcomeBadge status={r.status} />
                  <Text size="xs">{t('schedules.log.attempts')}: {r.attempts}</Text>
                  {r.sentAt && <Text size="xs">{t('schedules.log.sentAt', { when: siteTime(r.sentAt, zone) })}</Text>}
                  {r.nextAttemptAt && <Text size="xs">{t('schedules.log.nextAttempt', { when: siteTime(r.nextAttemptAt, zone) })}</Text>}
                  {r.error && <Text size="xs" c="red.9">{r.error}</Text>}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
