import {
  type ReportKindInfo, REPORT_FORMATS, SCHEDULE_FREQUENCIES, SCHEDULE_RANGES, type ScheduleFrequency, type ScheduleRange, type ReportMetric,
} from '@fleet/shared';
import { Alert, Button, Group, MultiSelect, Select, SegmentedControl, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { driversQuery } from '../../drivers/index.ts';
import { vehiclesQuery } from '../../fleet/index.ts';
import { groupsQuery } from '../../groups/index.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { useSaveSchedule } from '../api/schedules-api.ts';
import { bodyOf, type DraftErrors, draftErrors, type ScheduleDraft } from '../model/schedule-draft.ts';
import { weekdayKeys } from '../model/schedule-words.ts';

/** The ids the "Which" picker offers for a grouping, by name. */
function useChoices(siteId: number, metric: ReportMetric) {
  const vehicles = useQuery({ ...vehiclesQuery(siteId), enabled: metric === 'vehicle' });
  const groups = useQuery({ ...groupsQuery(siteId), enabled: metric === 'group' });
  const drivers = useQuery({ ...driversQuery(siteId), enabled: metric === 'driver' });
  if (metric === 'vehicle') return (vehicles.data ?? []).map((v) => ({ value: String(v.unitid), label: v.registration }));
  if (metric === 'group') return (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  if (metric === 'driver') return (drivers.data ?? []).map((d) => ({ value: String(d.id), label: d.name }));
  return [];
}

interface Props {
  siteId: number;
  kinds: ReportKindInfo[];
  initial: ScheduleDraft;
  onSaved: () => void;
  onCancel: () => void;
}

/** Add or edit a schedule: which report, for what, covering which days, when, to whom. */
export function ScheduleForm({ siteId, kinds, initial, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const save = useSaveSchedule(siteId);
  const [d, setD] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const set = <K extends keyof ScheduleDraft>(k: K, v: ScheduleDraft[K]) => setD((x) => ({ ...x, [k]: v }));
  const kind = kinds.find((k) => k.what === d.what) ?? kinds[0];
  const metrics = kind?.metrics ?? ['site'];
  const metric = metrics.includes(d.metric) ? d.metric : (metrics[0] ?? 'site');
  const choices = useChoices(siteId, metric);
  const err = (k: keyof DraftErrors) => (errors[k] ? t(`schedules.errors.${errors[k]}`) : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = draftErrors(d);
    setErrors(found);
    if (Object.keys(found).length > 0 || !kind) return;
    save.mutate(bodyOf({ ...d, metric }, kind.options), { onSuccess: onSaved });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {save.error && <Alert color="red.9" role="alert">{errorMessage(save.error)}</Alert>}
        <TextInput label={t('schedules.form.name')} description={t('schedules.form.nameHint')} value={d.name} onChange={(e) => set('name', e.currentTarget.value)} error={err('name')} maxLength={100} required />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select label={t('schedules.form.report')} data={kinds.map((k) => ({ value: k.what, label: k.name }))} value={kind?.what ?? null} allowDeselect={false}
            onChange={(v) => { const k = kinds.find((x) => x.what === v); if (k) setD((x) => ({ ...x, what: k.what, src: [] })); }} />
          <Select label={t('schedules.form.metric')} data={metrics.map((m) => ({ value: m, label: t(`schedules.metrics.${m}`) }))} value={metric} allowDeselect={false}
            onChange={(v) => v && setD((x) => ({ ...x, metric: v as ReportMetric, src: [] }))} />
        </SimpleGrid>
        {metric !== 'site' && (
          <MultiSelect label={t('schedules.form.which')} description={t('schedules.form.whichHint')} placeholder={d.src.length ? undefined : t('schedules.form.whichPlaceholder')}
            data={choices} value={d.src.map(String)} onChange={(v) => set('src', v.map(Number))} searchable clearable maxValues={5000} />
        )}
        {kind?.options.includes('threshold') && <TextInput label={t('schedules.form.threshold')} inputMode="numeric" value={d.threshold} onChange={(e) => set('threshold', e.currentTarget.value)} error={err('threshold')} />}
        {kind?.options.includes('minIdleS') && <TextInput label={t('schedules.form.minIdle')} inputMode="numeric" value={d.minIdleMin} onChange={(e) => set('minIdleMin', e.currentTarget.value)} error={err('minIdleMin')} />}
        {kind?.options.includes('minStopS') && <TextInput label={t('schedules.form.minStop')} inputMode="numeric" value={d.minStopMin} onChange={(e) => set('minStopMin', e.currentTarget.value)} error={err('minStopMin')} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select label={t('schedules.form.range')} description={t('schedules.form.rangeHint')} data={SCHEDULE_RANGES.map((r) => ({ value: r, label: t(`schedules.ranges.${r}`) }))}
            value={d.range} allowDeselect={false} onChange={(v) => v && set('range', v as ScheduleRange)} />
          <Stack gap={4}>
            <Text component="label" id="schedule-format-label" size="sm" fw={500}>{t('schedules.form.format')}</Text>
            <SegmentedControl aria-labelledby="schedule-format-label" data={REPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))} value={d.format} onChange={(v) => set('format', v as ScheduleDraft['format'])} />
          </Stack>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select label={t('schedules.form.frequency')} data={SCHEDULE_FREQUENCIES.map((f) => ({ value: f, label: t(`schedules.frequencies.${f}`) }))}
            value={d.frequency} allowDeselect={false} onChange={(v) => v && set('frequency', v as ScheduleFrequency)} />
          {d.frequency === 'weekly' && (
            <Select label={t('schedules.form.weekday')} data={weekdayKeys.map((w) => ({ value: String(w.value), label: t(w.key) }))} value={String(d.weekday)} allowDeselect={false}
              onChange={(v) => v && set('weekday', Number(v))} />
          )}
          {d.frequency === 'monthly' && (
            <Select label={t('schedules.form.monthDay')} description={t('schedules.form.monthDayHint')} data={Array.from({ length: 31 }, (_, i) => String(i + 1))}
              value={String(d.monthDay)} allowDeselect={false} onChange={(v) => v && set('monthDay', Number(v))} />
          )}
          <TextInput label={t('schedules.form.at')} type="time" value={d.at} onChange={(e) => set('at', e.currentTarget.value)} error={err('at')} required />
        </SimpleGrid>
        <TagsInput label={t('schedules.form.recipients')} description={t('schedules.form.recipientsHint')} value={d.recipients} onChange={(v) => set('recipients', v)}
          splitChars={[',', ' ', ';']} acceptValueOnBlur error={err('recipients')} required />
        <Switch label={t('schedules.form.enabled')} checked={d.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{t('schedules.cancel')}</Button>
          <Button type="submit" loading={save.isPending}>{t('schedules.form.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
