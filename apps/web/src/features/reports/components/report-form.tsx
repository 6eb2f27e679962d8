import { Alert, Button, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { type ReportKindInfo, type ReportMetric, type RunReportBody, type UnitSystem } from '@fleet/shared';
import { IconAlertTriangle, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteView } from '../../../shared/session/use-site-view.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { QUICK_RANGES, quickRange, quickRangeOf } from '../model/date-range.ts';
import { type FieldError, type FormErrors, type ReportFormValues, defaultThreshold, toRunBody } from '../model/report-form.ts';
import { ReportSourcePicker } from './report-source-picker.tsx';

interface ReportFormProps {
  siteId: number;
  kinds: ReportKindInfo[];
  system: UnitSystem;
  /** The site's today (its zone): quick picks count from it. */
  today: string;
  running: boolean;
  /** The server's refusal of the last run asked, if any. */
  refused: unknown;
  onRun(body: RunReportBody): void;
}

const INPUT = { input: { minHeight: 40 } };

/** What to report on: the kind (with its description), per what and which, the days and the kind's options. */
export function ReportForm({ siteId, kinds, system, today, running, refused, onRun }: ReportFormProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  // The site's thresholds (fleetconfig) when its administrators set them.
  const siteSettings = useSiteView();
  const [values, setValues] = useState<ReportFormValues>(() => ({
    what: kinds[0]?.what ?? null,
    metric: kinds[0]?.metrics[0] ?? 'vehicle',
    src: [],
    ...quickRange('lastweek', today),
    threshold: defaultThreshold(system, siteSettings?.speedingKmh),
    minIdleMin: siteSettings?.idleMinutes ?? 1,
    minStopMin: 5,
  }));
  const [errors, setErrors] = useState<FormErrors>({});
  const kind = kinds.find((k) => k.what === values.what);
  const set = (patch: Partial<ReportFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const text = (e: FieldError | undefined) => (e ? t(`reporting.errors.${e.key}`, e.values ?? {}) : undefined);
  const picked = quickRangeOf(values, today);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const out = toRunBody(values, kind, system);
    setErrors(out.errors ?? {});
    if (out.body) onRun(out.body);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="report-form-title">
      <Stack gap="sm">
        <Text component="h2" id="report-form-title" fw={700} size="md">
          {t('reporting.form.title')}
        </Text>
        <Select
          label={t('reporting.form.kind')}
          data={kinds.map((k) => ({ value: k.what, label: k.name }))}
          value={values.what}
          onChange={(what) => {
            const next = kinds.find((k) => k.what === what);
            if (!next) return;
            set({ what: next.what, metric: next.metrics.includes(values.metric) ? values.metric : (next.metrics[0] ?? 'vehicle'), src: [] });
          }}
          allowDeselect={false}
          description={kind?.description}
          error={text(errors.what)}
          styles={INPUT}
          comboboxProps={{ withinPortal: true }}
          data-testid="report-kind"
        />
        {kind && kind.metrics.length > 1 && (
          <Stack gap={4}>
            <Text component="span" id="report-metric-label" size="sm" fw={500}>
              {t('reporting.form.per')}
            </Text>
            <SegmentedControl
              aria-labelledby="report-metric-label"
              data={kind.metrics.map((m) => ({ value: m, label: t(`reporting.metric.${m}`) }))}
              value={values.metric}
              onChange={(m) => set({ metric: m as ReportMetric, src: [] })}
              fullWidth
            />
            {errors.metric && (
              <Text size="xs" c="red.8">
                {text(errors.metric)}
              </Text>
            )}
          </Stack>
        )}
        {values.metric !== 'site' && <ReportSourcePicker siteId={siteId} metric={values.metric} value={values.src} onChange={(src) => set({ src })} />}
        <Stack gap={4}>
          <Group gap="xs" grow align="flex-start" wrap="nowrap">
            <TextInput type="date" label={t('reporting.form.from')} value={values.from} max={today} onChange={(e) => set({ from: e.currentTarget.value })} error={text(errors.from)} styles={INPUT} />
            <TextInput type="date" label={t('reporting.form.to')} value={values.to} max={today} onChange={(e) => set({ to: e.currentTarget.value })} error={text(errors.to)} styles={INPUT} />
          </Group>
          <Group gap={6} role="group" aria-label={t('reporting.form.quick')}>
            {QUICK_RANGES.map((p) => (
              <Button key={p} size="compact-sm" variant={picked === p ? 'filled' : 'default'} aria-pressed={picked === p} onClick={() => set(quickRange(p, today))} mih={32}>
                {t(`reporting.form.quickRange.${p}`)}
              </Button>
            ))}
          </Group>
        </Stack>
        {kind?.options.includes('threshold') && (
          <NumberInput
            label={t('reporting.form.threshold')}
            value={values.threshold}
            onChange={(v) => set({ threshold: v })}
            min={1}
            max={system === 'imperial' ? 186 : 300}
            allowDecimal={false}
            rightSection={<Text size="sm" c="dark.6" pr={8}>{system === 'imperial' ? 'mph' : 'km/h'}</Text>}
            rightSectionWidth={56}
            error={text(errors.threshold)}
            styles={INPUT}
          />
        )}
        {kind?.options.includes('minIdleS') && (
          <NumberInput label={t('reporting.form.minIdle')} value={values.minIdleMin} onChange={(v) => set({ minIdleMin: v })} min={0} max={1440} rightSection={<Text size="sm" c="dark.6" pr={8}>min</Text>} rightSectionWidth={48} error={text(errors.minIdleMin)} styles={INPUT} />
        )}
        {kind?.options.includes('minStopS') && (
          <NumberInput label={t('reporting.form.minStop')} value={values.minStopMin} onChange={(v) => set({ minStopMin: v })} min={0} max={1440} rightSection={<Text size="sm" c="dark.6" pr={8}>min</Text>} rightSectionWidth={48} error={text(errors.minStopMin)} styles={INPUT} />
        )}
        {refused !== null && refused !== undefined && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('reporting.form.refused')} role="alert">
            {errorMessage(refused)}
          </Alert>
        )}
        <Button type="submit" leftSection={<IconPlayerPlay size={16} aria-hidden />} loading={running} mih={44} disabled={kinds.length === 0}>
          {t('reporting.form.run')}
        </Button>
      </Stack>
    </form>
  );
}
