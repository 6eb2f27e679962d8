import type { TimesheetDay, TimesheetShift, TimesheetShiftRecord, TimesheetSheet } from '@fleet/shared';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/format/day.ts';
import { formatHHmm } from '../../../shared/format/time.ts';
import { shortTime } from '../model/audit-text.ts';
import { hoursMinutes, weekEnd } from '../model/week.ts';
import { AddShiftModal } from './add-shift-modal.tsx';
import { AuditTrail } from './audit-trail.tsx';
import { PrintSheet } from './print-sheet.tsx';
import { RemoveShiftModal } from './remove-shift-modal.tsx';
import { ShiftCard } from './shift-card.tsx';
import { ShiftEditModal } from './shift-edit-modal.tsx';
import classes from './timesheets.module.css';

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dark.6">{label}</Text>
      <Text fw={strong ? 700 : 600} className={classes.figures}>{value}</Text>
    </div>
  );
}

function DayBlock({ day, records, counted, zone, locked, onEdit, onRemove }: {
  day: TimesheetDay; records: TimesheetShiftRecord[]; counted: Map<string, TimesheetShift>; zone: string; locked: boolean;
  onEdit(r: TimesheetShiftRecord): void; onRemove(r: TimesheetShiftRecord): void;
}) {
  const { t } = useTranslation();
  const plan = day.plannedStart && day.plannedEnd
    ? t('timesheets.planned', { start: formatHHmm(day.plannedStart, zone), end: formatHHmm(day.plannedEnd, zone) })
    : t('timesheets.dayOff');
  return (
    <Paper withBorder p="xs" component="section" aria-label={formatDay(day.day)}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <div>
          <Text fw={700} size="sm" component="h4" m={0}>{formatDay(day.day)}</Text>
          <Text size="xs" c="dark.6">{plan}{day.lengthS !== 86_400 ? ` · ${t('timesheets.dayLength', { hours: day.lengthS / 3600 })}` : ''}</Text>
        </div>
        {day.shifts > 0 && (
          <Text size="sm" className={classes.figures}>
            {t('timesheets.dayTotals', { worked: hoursMinutes(day.workedS), overtime: hoursMinutes(day.overtimeS) })}
          </Text>
        )}
      </Group>
      {records.length > 0 && (
        <Stack gap={6} mt={6}>
          {records.map((r) => (
            <ShiftCard key={r.id} record={r} shift={r.removed ? null : counted.get(r.start) ?? null} zone={zone} locked={locked}
              onEdit={() => onEdit(r)} onRemove={() => onRemove(r)} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** A driver's week: totals, the seven days with their shifts and corrections, the audit trail. */
export function SheetView({ sheet }: { sheet: TimesheetSheet }) {
  const { t } = useTranslation();
  const zone = sheet.site.timezone;
  const locked = sheet.lockedAt !== null;
  const [editing, setEditing] = useState<TimesheetShiftRecord | null>(null);
  const [removing, setRemoving] = useState<TimesheetShiftRecord | null>(null);
  const [adding, setAdding] = useState(false);
  const counted = new Map(sheet.week.shifts.map((s) => [s.start, s]));
  const totals = sheet.week.totals;
  const firstDay = sheet.week.days.find((d) => d.shifts === 0 && d.plannedStart)?.day ?? sheet.wc;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Text size="sm" c="dark.6">
            {t('timesheets.weekRange', { from: formatDay(sheet.wc), to: formatDay(weekEnd(sheet.wc)) })}
          </Text>
          <Text size="sm" c="dark.6">{t('timesheets.patternIs', { name: sheet.pattern.name, zone })}</Text>
        </div>
        <Group gap={4}>
          <Badge variant="light" color="gray" c="dark.7">{t('timesheets.version', { version: sheet.version })}</Badge>
          {sheet.dummy && <Badge variant="light" color="grape" c="grape.9">{t('timesheets.byHand')}</Badge>}
        </Group>
      </Group>
      {locked && (
        <Alert color="teal" variant="light" c="teal.9" icon={<IconLock size={18} aria-hidden />}>
          {t('timesheets.lockedNote', { at: shortTime(sheet.lockedAt ?? '', zone) })}
        </Alert>
      )}
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 3, sm: 4, md: 7 }} spacing="xs" verticalSpacing="xs">
          <Figure label={t('timesheets.worked')} value={hoursMinutes(totals.workedS)} strong />
          <Figure label={t('timesheets.plannedTime')} value={hoursMinutes(totals.plannedS)} />
          <Figure label={t('timesheets.driving')} value={hoursMinutes(totals.drivingS)} />
          <Figure label={t('timesheets.idling')} value={hoursMinutes(totals.idleS)} />
          <Figure label={t('timesheets.breaks')} value={hoursMinutes(totals.breakS)} />
          <Figure label={t('timesheets.overtime')} value={hoursMinutes(totals.overtimeS)} strong={totals.overtimeS > 0} />
          <Figure label={t('timesheets.night')} value={hoursMinutes(totals.nightS)} />
        </SimpleGrid>
      </Paper>
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="md">{t('timesheets.days')}</Title>
        <Group gap="xs">
          <Button variant="default" mih={40} leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            {t('timesheets.print.button')}
          </Button>
          <Button mih={40} leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)} disabled={locked}>
            {t('timesheets.add.button')}
          </Button>
        </Group>
      </Group>
      {sheet.week.days.map((d) => (
        <DayBlock key={d.day} day={d} records={sheet.shifts.filter((r) => r.day === d.day)} counted={counted} zone={zone} locked={locked}
          onEdit={setEditing} onRemove={setRemoving} />
      ))}
      <Title order={3} fz="md" mt="xs">{t('timesheets.audit.title')}</Title>
      <AuditTrail sheet={sheet} />
      {editing && (
        <ShiftEditModal record={editing} shift={counted.get(editing.start) ?? null} timeZone={zone} onClose={() => setEditing(null)} />
      )}
      {removing && <RemoveShiftModal record={removing} timeZone={zone} onClose={() => setRemoving(null)} />}
      {adding && <AddShiftModal sheetId={sheet.id} day={firstDay} timeZone={zone} onClose={() => setAdding(false)} />}
      <PrintSheet sheet={sheet} />
    </Stack>
  );
}
