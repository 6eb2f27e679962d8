import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { useCorrection } from '../api/corrections.ts';
import { checkShiftForm } from '../model/shift-form.ts';

interface AddShiftModalProps {
  sheetId: number;
  /** The day the form starts on (YYYY-MM-DD, the site's). */
  day: string;
  timeZone: string;
  onClose(): void;
}

/** A shift the data does not have (a vehicle without a tracker, training in the yard), added by the office. */
export function AddShiftModal({ sheetId, day, timeZone, onClose }: AddShiftModalProps) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const correction = useCorrection();
  // A phone gets the whole screen: the fields and the keyboard need it.
  const phone = useMediaQuery('(max-width: 36em)');
  const [start, setStart] = useState(`${day}T07:00`);
  const [end, setEnd] = useState(`${day}T15:00`);
  const [breakMin, setBreakMin] = useState('30');
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { startIso, endIso, breakValue, errors, valid } = checkShiftForm(start, end, breakMin, timeZone, t);

  const save = () => {
    if (!valid || !startIso || !endIso || breakValue === null) return;
    setProblem(null);
    correction.mutate(
      { call: 'addtimesheetshift', body: { id: sheetId, start: startIso, end: endIso, breakS: breakValue * 60, notes: notes.trim() } },
      { onSuccess: onClose, onError: (e) => setProblem(errorText(e)) },
    );
  };

  return (
    <Modal opened fullScreen={phone} onClose={onClose} title={t('timesheets.add.title')} size="md" closeButtonProps={{ 'aria-label': t('timesheets.close') }}>
      <form onSubmit={(e) => { e.preventDefault(); save(); }}>
        <Stack gap="sm">
          <Text size="sm" c="dark.6">{t('timesheets.add.about')}</Text>
          <TextInput type="datetime-local" label={t('timesheets.edit.start')} value={start} onChange={(e) => setStart(e.currentTarget.value)} error={errors.start} required />
          <TextInput type="datetime-local" label={t('timesheets.edit.end')} value={end} onChange={(e) => setEnd(e.currentTarget.value)} error={errors.end} required />
          <TextInput type="number" inputMode="numeric" min={0} max={720} label={t('timesheets.edit.breakMinutes')} value={breakMin}
            onChange={(e) => setBreakMin(e.currentTarget.value)} error={errors.break} />
          <Textarea label={t('timesheets.edit.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={1000} autosize minRows={2} />
          {problem && <Alert color="red" variant="light" role="alert" c="red.9">{problem}</Alert>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>{t('timesheets.cancel')}</Button>
            <Button type="submit" loading={correction.isPending} disabled={!valid}>{t('timesheets.add.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
