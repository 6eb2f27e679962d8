import { Alert, Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { configListKeys, saveConfigRecord } from '../../../shared/config-lists/config-list-api.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { type PatternValues, recordOf, WEEKDAYS } from '../model/pattern-form.ts';

const LIST = 'shiftpatterns';

/** Adds (id 0) or edits a shift pattern: planned days, overtime thresholds, night window, the site's default. */
export function PatternFormModal({ id, initial, onClose }: { id: number; initial: PatternValues; onClose(): void }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  // A phone gets the whole screen: the fields and the keyboard need it.
  const phone = useMediaQuery('(max-width: 36em)');
  const [v, setV] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (rec: Record<string, unknown>) => saveConfigRecord(LIST, id, rec),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: configListKeys.all() });
      onClose();
    },
    onError: (e) => setProblem(errorText(e)),
  });
  const setDay = (i: number, patch: Partial<PatternValues['days'][number]>) =>
    setV((s) => ({ ...s, days: s.days.map((d, j) => (j === i ? { ...d, ...patch } : d)) }));
  const submit = () => {
    const r = recordOf(v);
    if (!r.ok) {
      setProblem(t('timesheets.patterns.problem', { field: r.field, message: r.message }));
      return;
    }
    setProblem(null);
    save.mutate(r.rec as unknown as Record<string, unknown>);
  };
  const dayName = (wd: number) => t(`timesheets.patterns.weekday${wd as 1 | 2 | 3 | 4 | 5 | 6 | 7}`);

  return (
    <Modal opened fullScreen={phone} onClose={onClose} size="lg" title={id === 0 ? t('timesheets.patterns.addTitle') : t('timesheets.patterns.editTitle')}
      closeButtonProps={{ 'aria-label': t('timesheets.close') }}>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Stack gap="sm">
          <TextInput label={t('timesheets.patterns.name')} value={v.name} maxLength={60} required onChange={(e) => { const name = e.currentTarget.value; setV((s) => ({ ...s, name })); }} />
          <Checkbox label={t('timesheets.patterns.isDefault')} description={t('timesheets.patterns.isDefaultHint')} checked={v.isDefault}
            onChange={(e) => { const isDefault = e.currentTarget.checked; setV((s) => ({ ...s, isDefault })); }} />
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing={4} aria-label={t('timesheets.patterns.days')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('timesheets.patterns.day')}</Table.Th>
                  <Table.Th>{t('timesheets.patterns.start')}</Table.Th>
                  <Table.Th>{t('timesheets.patterns.end')}</Table.Th>
                  <Table.Th>{t('timesheets.patterns.paidBreak')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {WEEKDAYS.map((wd, i) => {
                  const d = v.days[i] ?? { on: false, start: '', end: '', paidBreakMin: '' };
                  return (
                    <Table.Tr key={wd}>
                      <Table.Td><Checkbox label={dayName(wd)} checked={d.on} onChange={(e) => setDay(i, { on: e.currentTarget.checked })} /></Table.Td>
                      <Table.Td><TextInput type="time" size="xs" aria-label={t('timesheets.patterns.startOf', { day: dayName(wd) })} value={d.start} disabled={!d.on} onChange={(e) => setDay(i, { start: e.currentTarget.value })} /></Table.Td>
                      <Table.Td><TextInput type="time" size="xs" aria-label={t('timesheets.patterns.endOf', { day: dayName(wd) })} value={d.end} disabled={!d.on} onChange={(e) => setDay(i, { end: e.currentTarget.value })} /></Table.Td>
                      <Table.Td><TextInput type="number" size="xs" w={90} min={0} max={240} aria-label={t('timesheets.patterns.paidBreakOf', { day: dayName(wd) })} value={d.paidBreakMin} disabled={!d.on} onChange={(e) => setDay(i, { paidBreakMin: e.currentTarget.value })} /></Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dark.6">{t('timesheets.patterns.daysHint')}</Text>
          <Group grow align="flex-start">
            <TextInput label={t('timesheets.patterns.overtimeDay')} description={t('timesheets.patterns.overtimeHint')} inputMode="decimal" value={v.overtimeDayH}
              onChange={(e) => { const overtimeDayH = e.currentTarget.value; setV((s) => ({ ...s, overtimeDayH })); }} />
            <TextInput label={t('timesheets.patterns.overtimeWeek')} description={t('timesheets.patterns.overtimeHint')} inputMode="decimal" value={v.overtimeWeekH}
              onChange={(e) => { const overtimeWeekH = e.currentTarget.value; setV((s) => ({ ...s, overtimeWeekH })); }} />
          </Group>
          <Checkbox label={t('timesheets.patterns.nightOn')} checked={v.nightOn} onChange={(e) => { const nightOn = e.currentTarget.checked; setV((s) => ({ ...s, nightOn })); }} />
          <Group grow>
            <TextInput type="time" label={t('timesheets.patterns.nightStart')} value={v.nightStart} disabled={!v.nightOn} onChange={(e) => { const nightStart = e.currentTarget.value; setV((s) => ({ ...s, nightStart })); }} />
            <TextInput type="time" label={t('timesheets.patterns.nightEnd')} value={v.nightEnd} disabled={!v.nightOn} onChange={(e) => { const nightEnd = e.currentTarget.value; setV((s) => ({ ...s, nightEnd })); }} />
          </Group>
          {problem && <Alert color="red" variant="light" c="red.9" role="alert">{problem}</Alert>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>{t('timesheets.cancel')}</Button>
            <Button type="submit" loading={save.isPending}>{t('timesheets.patterns.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
