import type { TimesheetListEntry } from '@fleet/shared';
import { Anchor, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconFilePlus, IconLock, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hoursMinutes } from '../model/week.ts';

interface TimesheetListProps {
  entries: TimesheetListEntry[];
  onOpen(entry: TimesheetListEntry): void;
  onCreateByHand(entry: TimesheetListEntry): void;
}

/** The week's drivers with their totals; a driver's week opens from its row. */
export function TimesheetList({ entries, onOpen, onCreateByHand }: TimesheetListProps) {
  const { t } = useTranslation();
  const totals = entries.reduce(
    (s, e) => ({ workedS: s.workedS + e.workedS, drivingS: s.drivingS + e.drivingS, overtimeS: s.overtimeS + e.overtimeS, nightS: s.nightS + e.nightS, shifts: s.shifts + e.shifts }),
    { workedS: 0, drivingS: 0, overtimeS: 0, nightS: 0, shifts: 0 },
  );
  const num = { ta: 'right' as const, style: { fontVariantNumeric: 'tabular-nums' } };
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table stickyHeader highlightOnHover verticalSpacing={6} aria-label={t('timesheets.listLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('timesheets.driver')}</Table.Th>
            <Table.Th {...num}>{t('timesheets.shifts')}</Table.Th>
            <Table.Th {...num}>{t('timesheets.worked')}</Table.Th>
            <Table.Th {...num}>{t('timesheets.driving')}</Table.Th>
            <Table.Th {...num}>{t('timesheets.overtime')}</Table.Th>
            <Table.Th {...num}>{t('timesheets.night')}</Table.Th>
            <Table.Th {...num}>{t('timesheets.corrections')}</Table.Th>
            <Table.Th>{t('timesheets.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('timesheets.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.driver.id} data-testid={`timesheet-row-${e.driver.id}`}>
              <Table.Td>
                {/* The name opens the week too: on a phone the row's buttons are off to the right. */}
                <Anchor component="button" type="button" fw={600} c="dark.9" ta="left" onClick={() => onOpen(e)}>{e.driver.name}</Anchor>
              </Table.Td>
              <Table.Td {...num}>{e.shifts}</Table.Td>
              <Table.Td {...num}>{hoursMinutes(e.workedS)}</Table.Td>
              <Table.Td {...num}>{hoursMinutes(e.drivingS)}</Table.Td>
              <Table.Td {...num} fw={e.overtimeS > 0 ? 700 : undefined}>{hoursMinutes(e.overtimeS)}</Table.Td>
              <Table.Td {...num}>{hoursMinutes(e.nightS)}</Table.Td>
              <Table.Td {...num}>{e.corrections}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {e.lockedAt ? (
                    <Badge color="teal" variant="light" c="teal.9" leftSection={<IconLock size={12} aria-hidden />}>
                      {t('timesheets.signedOff', { version: e.version })}
                    </Badge>
                  ) : e.id === null ? (
                    <Text size="sm" c="dark.5">{t('timesheets.notOpened')}</Text>
                  ) : (
                    <Badge color="gray" variant="light" c="dark.7">{t('timesheets.open', { version: e.version })}</Badge>
                  )}
                  {e.driverSignedAt && (
                    <Badge color="blue" variant="light" c="blue.9" leftSection={<IconSignature size={12} aria-hidden />}>
                      {t('timesheets.driverSigned')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {e.id === null && e.shifts === 0 && (
                    <Button size="compact-sm" variant="subtle" mih={32} leftSection={<IconFilePlus size={14} aria-hidden />}
                      aria-label={t('timesheets.createByHandFor', { name: e.driver.name })} onClick={() => onCreateByHand(e)}>
                      {t('timesheets.createByHand')}
                    </Button>
                  )}
                  <Button size="compact-sm" variant="light" mih={32} aria-label={t('timesheets.openFor', { name: e.driver.name })} onClick={() => onOpen(e)}>
                    {t('timesheets.openWeek')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{t('timesheets.allDrivers', { count: entries.length })}</Table.Th>
            <Table.Th {...num}>{totals.shifts}</Table.Th>
            <Table.Th {...num}>{hoursMinutes(totals.workedS)}</Table.Th>
            <Table.Th {...num}>{hoursMinutes(totals.drivingS)}</Table.Th>
            <Table.Th {...num}>{hoursMinutes(totals.overtimeS)}</Table.Th>
            <Table.Th {...num}>{hoursMinutes(totals.nightS)}</Table.Th>
            <Table.Th colSpan={3} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
