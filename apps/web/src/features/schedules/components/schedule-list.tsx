import type { ScheduledReport } from '@fleet/shared';
import { ActionIcon, Button, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEdit, IconList, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { siteTime, whenInWords } from '../model/schedule-words.ts';
import { OutcomeBadge } from './outcome-badge.tsx';

interface Props {
  schedules: ScheduledReport[];
  kindName: (what: string) => string;
  /** Absent for a viewer (issue 15): no edit button. */
  onEdit?: (s: ScheduledReport) => void;
  onRuns: (s: ScheduledReport) => void;
  /** Absent for a viewer: no delete button. */
  onDelete?: (s: ScheduledReport) => void;
}

function useLines(kindName: Props['kindName']) {
  const { t } = useTranslation();
  return {
    report: (s: ScheduledReport) => t('schedules.reportLine', { kind: kindName(s.what), range: t(`schedules.ranges.${s.range}`), format: s.format.toUpperCase() }),
    when: (s: ScheduledReport) => whenInWords(s, t),
    next: (s: ScheduledReport) => (s.nextRunAt ? siteTime(s.nextRunAt, s.timezone) : t('schedules.paused')),
    last: (s: ScheduledReport) => (s.lastRun ? <OutcomeBadge status={s.lastRun.status} /> : <Text size="sm" c="dimmed">{t('schedules.never')}</Text>),
  };
}

function Actions({ s, onEdit, onRuns, onDelete, compact }: Omit<Props, 'schedules' | 'kindName'> & { s: ScheduledReport; compact: boolean }) {
  const { t } = useTranslation();
  const items = [
    ...(onEdit ? [{ key: 'edit', text: t('schedules.edit'), label: t('schedules.editFor', { name: s.name }), Icon: IconEdit, color: undefined, on: () => onEdit(s) }] : []),
    { key: 'runs', text: t('schedules.runs'), label: t('schedules.runsFor', { name: s.name }), Icon: IconList, color: undefined, on: () => onRuns(s) },
    ...(onDelete ? [{ key: 'delete', text: t('schedules.delete'), label: t('schedules.deleteFor', { name: s.name }), Icon: IconTrash, color: '#c92a2a', on: () => onDelete(s) }] : []),
  ];
  // A narrow table keeps its actions as icons (named for screen readers and on hover); wide, as words.
  return (
    <Group gap={4} wrap="nowrap">
      {items.map(({ key, text, label, Icon, color, on }) => (compact ? (
        <Tooltip key={key} label={text} withArrow>
          <ActionIcon variant="subtle" size="lg" color={color} onClick={on} aria-label={label}><Icon size={18} aria-hidden /></ActionIcon>
        </Tooltip>
      ) : (
        <Button key={key} size="xs" variant="subtle" color={color} leftSection={<Icon size={16} aria-hidden />} onClick={on} aria-label={label}>{text}</Button>
      )))}
    </Group>
  );
}

/** The site's schedules: a dense table on a wide screen, cards on a phone. */
export function ScheduleList({ schedules, kindName, ...actions }: Props) {
  const { t } = useTranslation();
  const lines = useLines(kindName);
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const compact = useMediaQuery('(max-width: 87.5em)', false, { getInitialValueInEffect: false });
  if (phone) {
    return (
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('schedules.listLabel')}>
        {schedules.map((s) => (
          <Card key={s.id} withBorder padding="sm" component="li" data-testid="schedule">
            <Stack gap={4}>
              <Text component="h2" fw={700}>{s.name}</Text>
              <Text size="sm">{lines.report(s)}</Text>
              <Text size="sm">{lines.when(s)} · {t('schedules.recipientsCount', { count: s.recipients.length })}</Text>
              <Group gap="xs"><Text size="sm">{t('schedules.col.next')}: {lines.next(s)}</Text></Group>
              <Group gap="xs"><Text size="sm">{t('schedules.col.last')}:</Text>{lines.last(s)}</Group>
              <Actions s={s} {...actions} compact={false} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing={6} stickyHeader aria-label={t('schedules.listLabel')}>
        <Table.Thead>
          <Table.Tr>
            {(['name', 'report', 'when', 'next', 'last', 'actions'] as const).map((c) => <Table.Th key={c} scope="col">{t(`schedules.col.${c}`)}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedules.map((s) => (
            <Table.Tr key={s.id} data-testid="schedule">
              <Table.Td><Text fw={600} size="sm">{s.name}</Text><Text size="xs" c="dimmed">{t('schedules.recipientsCount', { count: s.recipients.length })}</Text></Table.Td>
              <Table.Td><Text size="sm">{lines.report(s)}</Text></Table.Td>
              <Table.Td><Text size="sm">{lines.when(s)}</Text></Table.Td>
              <Table.Td><Text size="sm">{lines.next(s)}</Text></Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 120 }}>{lines.last(s)}</Table.Td>
              <Table.Td><Actions s={s} {...actions} compact={compact} /></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
