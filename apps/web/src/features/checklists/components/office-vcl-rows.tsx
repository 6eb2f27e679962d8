import type { VclAlert } from '@fleet/shared';
import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatFullDate } from '../../../shared/format/time.ts';
import { faultSummary, reportedWhen } from '../model/office-vcl-alerts.ts';
import { vclViewerPath } from '../model/office-paths.ts';
import classes from './office-vcl-list.module.css';

export const VCL_COLUMNS = ['vehicle', 'driver', 'reported', 'faults', 'open'] as const;

/** 'HH:mm' in the site's zone, with the date when not today; the full date on hover. */
export function ReportedTime({ value, now }: { value: string; now: Date }) {
  const when = reportedWhen(value, now);
  return (
    <time dateTime={value} title={formatFullDate(value)}>
      {when.time}
      {when.date && (
        <Text span size="xs" c="dark.6" ml={6}>
          {when.date}
        </Text>
      )}
    </time>
  );
}

/** '3 faults: Tyres, Lights, Mirrors' (+ '2 more'). */
export function useFaultText(): (a: VclAlert) => string {
  const { t } = useTranslation();
  return (a) => {
    const s = faultSummary(a);
    const names = s.names.join(', ');
    const text = t('vclOffice.list.faults', { count: s.count, names });
    return s.more > 0 ? `${text} ${t('vclOffice.list.more', { count: s.more })}` : text;
  };
}

/** The open count, in words beside the icon (not colour alone). */
export function OpenBadge({ open }: { open: number }) {
  const { t } = useTranslation();
  return (
    <Badge color="orange" variant="light" c="dark.8" radius="sm" tt="none"
      leftSection={<IconAlertTriangle size={12} aria-hidden color="var(--mantine-color-orange-9)" />}>
      {t('vclOffice.list.openCount', { count: open })}
    </Badge>
  );
}

interface RowsProps {
  alerts: VclAlert[];
  now: Date;
}

/** Wide screens: one dense row per check list; a click anywhere on it opens the check list. */
export function VclAlertsTable({ alerts, now }: RowsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const faults = useFaultText();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table stickyHeader highlightOnHover aria-label={t('dashboard.category.vcl')}>
        <Table.Thead>
          <Table.Tr>
            {VCL_COLUMNS.map((c) => (
              <Table.Th key={c}>{t(`vclOffice.list.columns.${c}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alerts.map((a) => (
            <Table.Tr
              key={a.id}
              className={classes.row}
              data-testid="vcl-row"
              onClick={(e) => {
                if ((e.target as HTMLElement).closest('a,button')) return;
                void navigate(vclViewerPath(a.id));
              }}
            >
              <Table.Td>
                <Anchor component={Link} to={vclViewerPath(a.id)} fw={600} size="sm" c="dark.8">
                  {a.registration}
                </Anchor>
              </Table.Td>
              <Table.Td>{a.driver}</Table.Td>
              <Table.Td className={classes.when}>
                <ReportedTime value={a.reported} now={now} />
              </Table.Td>
              <Table.Td className={classes.faults}>{faults(a)}</Table.Td>
              <Table.Td>
                <OpenBadge open={a.open} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: each check list a card with its registration as the link. */
export function VclAlertCards({ alerts, now }: RowsProps) {
  const { t } = useTranslation();
  const faults = useFaultText();
  return (
    <Stack component="ul" gap="xs" className={classes.list} aria-label={t('dashboard.category.vcl')}>
      {alerts.map((a) => (
        <Paper component="li" key={a.id} withBorder p="sm" data-testid="vcl-row">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Anchor component={Link} to={vclViewerPath(a.id)} fw={700} c="dark.8" className={classes.open}>
              {a.registration}
            </Anchor>
            <OpenBadge open={a.open} />
          </Group>
          <Text size="sm" mt={4} className={classes.faults}>
            {faults(a)}
          </Text>
          <Group justify="space-between" mt={6} gap="xs">
            <Text size="sm">{a.driver}</Text>
            <Text size="sm" className={classes.when}>
              <ReportedTime value={a.reported} now={now} />
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
