import type { TimesheetShift, TimesheetShiftRecord } from '@fleet/shared';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { type Correction, useCorrection } from '../api/corrections.ts';
import { shortTime } from '../model/audit-text.ts';
import { checkShiftForm } from '../model/shift-form.ts';
import { toLocalInput } from '../model/week.ts';

interface ShiftEditModalProps {
  record: TimesheetShiftRecord;
  shift: TimesheetShift | null;
  timeZone: string;
  onClose(): void;
}

/**
 * The office's correction of a shift: start, end (the site's clock), break minutes and notes. Only
 * what changed is sent, one call each (each is its own audit line); the first refusal stops and
 * is shown here.
 */
export function ShiftEditModal({ record, shift, timeZone, onClose }: ShiftEditModalProps) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const correction = useCorrection();
  // A phone gets the whole screen: the fields and the keyboard need it.
  const phone = useMediaQuery('(max-width: 36em)');
  const breakNow = shift ? Math.round(shift.breakS / 60) : 0;
  const [start, setStart] = useState(toLocalInput(record.start, timeZone));
  const [end, setEnd] = useState(toLocalInput(record.end, timeZone));
  const [breakMin, setBreakMin] = useState(String(breakNow));
  const [notes, setNotes] = useState(record.notes);
  const [problem, setProblem] = useState<string | null>(null);

  const { startIso, endIso, breakValue, errors, valid } = checkShiftForm(start, end, breakMin, timeZone, t);

  const save = async () => {
    if (!valid || !startIso || !endIso || breakValue === null) return;
    const changes: Correction[] = [];
    // Compared as typed (to the minute): the field cannot show the data's seconds, which stay unless changed.
    const startChange: Correction | null = start !== toLocalInput(record.start, timeZone) ? { call: 'updateshift', body: { w: 'start', id: record.id, nt: startIso } } : null;
    const endChange: Correction | null = end !== toLocalInput(record.end, timeZone) ? { call: 'updateshift', body: { w: 'end', id: record.id, nt: endIso } } : null;
    // Each step must leave a shift that ends after it starts: a shift moved past its old end takes its end first.
    const endFirst = startIso >= new Date(record.end).toISOString();
    for (const c of endFirst ? [endChange, startChange] : [startChange, endChange]) if (c) changes.push(c);
    if (breakValue !== breakNow) changes.push({ call: 'updateshift', body: { w: 'break', id: record.id, nt: breakValue * 60 } });
    if (notes.trim() !== record.notes) changes.push({ call: 'updateshiftnotes', body: { shift: record.id, notes: notes.trim() } });
    setProblem(null);
    try {
      for (const c of changes) await correction.mutateAsync(c);
      onClose();
    } catch (e) {
      setProblem(errorText(e));
    }
  };

  return (
    <Modal opened fullScreen={phone} onClose={onClose} title={t('timesheets.edit.title')} size="md" closeButtonProps={{ 'aria-label': t('timesheets.close') }}>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <Stack gap="sm">
          {record.dataStart && record.dataEnd && (
            <Text size="sm" c="dark.6">
              {t('timesheets.edit.dataSays', { start: shortTime(record.dataStart, timeZone), end: shortTime(record.dataEnd, timeZone) })}
            </Text>
          )}
          <TextInput type="datetime-local" label={t('timesheets.edit.start')} value={start} onChange={(e) => setStart(e.currentTarget.value)} error={errors.start} required />
          <TextInput type="datetime-local" label={t('timesheets.edit.end')} value={end} onChange={(e) => setEnd(e.currentTarget.value)} error={errors.end} required />
          <TextInput
            type="number" inputMode="numeric" min={0} max={720} label={t('timesheets.edit.breakMinutes')} value={breakMin}
            onChange={(e) => setBreakMin(e.currentTarget.value)} error={errors.break} description={t('timesheets.edit.breakHint')}
          />
          <Textarea label={t('timesheets.edit.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={1000} autosize minRows={2} />
          <Text size="xs" c="dark.6">{t('timesheets.edit.audited')}</Text>
          {problem && <Alert color="red" variant="light" role="alert" c="red.9">{problem}</Alert>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>{t('timesheets.cancel')}</Button>
            <Button type="submit" loading={correction.isPending} disabled={!valid}>{t('timesheets.edit.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
