import type { TimesheetShift, TimesheetShiftRecord } from '@fleet/shared';
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dayIn } from '../../../shared/format/day.ts';
import { formatHHmm } from '../../../shared/format/time.ts';
import { shortTime } from '../model/audit-text.ts';
import { hoursMinutes } from '../model/week.ts';
import classes from './timesheets.module.css';

interface ShiftCardProps {
  record: TimesheetShiftRecord;
  /** The shift as counted (null when removed). */
  shift: TimesheetShift | null;
  zone: string;
  locked: boolean;
  onEdit(): void;
  onRemove(): void;
}

/** One shift of a day: its span (and what the data said where the office changed it), its counts, vehicles, notes. */
export function ShiftCard({ record, shift, zone, locked, onEdit, onRemove }: ShiftCardProps) {
  const { t } = useTranslation();
  // An end on another day (a night shift) names its day.
  const sameDay = dayIn(record.end, zone) === dayIn(record.start, zone);
  const span = `${formatHHmm(record.start, zone)} – ${sameDay ? formatHHmm(record.end, zone) : shortTime(record.end, zone)}`;
  const label = t('timesheets.shiftLabel', { span });
  return (
    <Paper withBorder={false} bg={record.removed ? 'gray.1' : 'gray.0'} p="xs" radius="sm" data-testid={`shift-${record.id}`}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={700} className={record.removed ? classes.removed : classes.figures}>{span}</Text>
            {record.source === 'office' && <Badge size="sm" variant="light" color="grape" c="grape.9">{t('timesheets.addedByOffice')}</Badge>}
            {record.corrected && record.source === 'data' && <Badge size="sm" variant="light" color="orange" c="orange.9">{t('timesheets.corrected')}</Badge>}
            {record.removed && <Badge size="sm" variant="light" color="red" c="red.9">{t('timesheets.removed')}</Badge>}
          </Group>
          {record.corrected && record.dataStart && record.dataEnd && (
            <Text size="xs" c="dark.6">
              {t('timesheets.dataWas', { start: formatHHmm(record.dataStart, zone), end: formatHHmm(record.dataEnd, zone) })}
            </Text>
          )}
          {shift && (
            <Text size="sm" className={classes.figures}>
              {t('timesheets.shiftCounts', {
                duration: hoursMinutes(shift.durationS), driving: hoursMinutes(shift.drivingS), idling: hoursMinutes(shift.idleS),
                breaks: hoursMinutes(shift.breakS), other: hoursMinutes(shift.otherS), night: hoursMinutes(shift.nightS),
              })}
            </Text>
          )}
          {shift && shift.breaks.length > 0 && (
            <Text size="xs" c="dark.6">
              {t('timesheets.breakList', { list: shift.breaks.map((b) => `${formatHHmm(b.start, zone)}–${formatHHmm(b.end, zone)}`).join(', ') })}
            </Text>
          )}
          {record.vehicles.length > 0 && (
            <Text size="xs" c="dark.6">{t('timesheets.vehicles', { list: record.vehicles.map((v) => v.registration).join(', ') })}</Text>
          )}
          {record.notes && <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>{record.notes}</Text>}
        </div>
        {!record.removed && !locked && (
          <Group gap={4}>
            <Button size="compact-sm" variant="light" mih={36} leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit} aria-label={t('timesheets.editShift', { shift: label })}>
              {t('timesheets.edit.button')}
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" c="red.9" mih={36} leftSection={<IconTrash size={14} aria-hidden />} onClick={onRemove} aria-label={t('timesheets.removeShift', { shift: label })}>
              {t('timesheets.remove.button')}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
