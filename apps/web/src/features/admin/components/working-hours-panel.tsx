import type { WorkingHours } from '@fleet/shared';
import { Button, Chip, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClockOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useSaveWorkingHours, workingHoursQuery } from '../api/working-hours-api.ts';
import {
  hoursChanged, hoursProblem, isClockTime, tidyTime, toggleDay, WEEKDAYS, windowShape, type WorkingHoursProblem,
} from '../model/working-hours-form.ts';
import forms from './forms.module.css';
import { ConfigBackLink } from './config-back-link.tsx';


/** The form over the saved hours; it starts from them and Undo returns to them. */
function HoursForm({ siteId, saved, timezone }: { siteId: number; saved: WorkingHours; timezone: string }) {
  const { t } = useTranslation();
  const save = useSaveWorkingHours(siteId);
  const [hours, setHours] = useState<WorkingHours>(saved);
  const [problem, setProblem] = useState<WorkingHoursProblem | null>(null);
  const changed = hoursChanged(hours, saved);
  const shape = isClockTime(hours.start) && isClockTime(hours.end) ? windowShape(hours.start, hours.end) : null;
  // 24-hour text, not the browser's time input (which shows AM/PM in some locales beside the 24-hour
  // text of the rest of the page); tidied and checked when the field is left.
  const timeField = (key: 'start' | 'end', bad: WorkingHoursProblem) => ({
    value: hours[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => edit({ ...hours, [key]: e.currentTarget.value }),
    onBlur: () => {
      const tidy = tidyTime(hours[key]);
      if (tidy !== hours[key]) setHours({ ...hours, [key]: tidy });
      if (!isClockTime(tidy)) setProblem(bad);
    },
    error: problem === bad ? t(`workingHours.problem.${bad}`) : undefined,
    description: t('workingHours.timeHint'),
    placeholder: 'HH:mm',
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    maxLength: 5,
    w: 150,
    required: true,
  });
  const edit = (next: WorkingHours) => {
    setHours(next);
    setProblem(null);
    save.reset();
  };

  return (
    <form
      className={forms.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const tidy = { ...hours, start: tidyTime(hours.start), end: tidyTime(hours.end) };
        setHours(tidy);
        const p = hoursProblem(tidy);
        setProblem(p);
        if (p) return;
        save.mutate(tidy, { onSuccess: () => notifications.show({ color: 'teal', message: t('workingHours.saved') }) });
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('workingHours.explain', { timezone })}</Text>
        <div role="group" aria-labelledby="wh-days">
          <Text id="wh-days" size="sm" fw={600} mb={6}>
            {t('workingHours.days')}
          </Text>
          <Group gap={6}>
            {WEEKDAYS.map((d) => (
              <Chip
                key={d}
                size="sm"
                checked={hours.days.includes(d)}
                onChange={() => edit({ ...hours, days: toggleDay(hours.days, d) })}
                aria-label={t(`workingHours.weekdayLong.${d}`)}
                radius="sm"
              >
                {t(`workingHours.weekday.${d}`)}
              </Chip>
            ))}
          </Group>
          {problem === 'noDays' && (
            <Text size="sm" c="red.8" mt={6} role="alert">
              {t('workingHours.problem.noDays')}
            </Text>
          )}
        </div>
        <Group gap="sm" align="flex-start">
          <TextInput label={t('workingHours.start')} {...timeField('start', 'badStart')} />
          <TextInput label={t('workingHours.end')} {...timeField('end', 'badEnd')} />
        </Group>
        <Text size="sm" c="gray.8" data-testid="working-hours-shape" role="status">
          {shape ? t(`workingHours.shape.${shape}`, { start: hours.start, end: hours.end }) : ''}
        </Text>
        {save.isError && <ErrorState error={save.error} />}
        <Group gap="xs">
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            {t('workingHours.save')}
          </Button>
          <Button variant="default" onClick={() => edit(saved)} disabled={!changed || save.isPending}>
            {t('workingHours.reset')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** config/workinghours (administrators): the current site's working days and times for Run Over. */
export function WorkingHoursPanel() {
  const { t } = useTranslation();
  const siteId = useSessionUser()?.siteid ?? null;
  const query = useQuery({ ...workingHoursQuery(siteId ?? 0), enabled: siteId !== null });
  const data = query.data;
  return (
    <Stack gap="sm" maw={720}>
      <PageHeader title={t('workingHours.title')} description={t('workingHours.cardText')} />
      <ConfigBackLink />
      <Paper withBorder radius="sm" p="md">
        {siteId === null && <EmptyState icon={<IconClockOff size={22} />} title={t('shell.noSite')} />}
        {siteId !== null && query.isPending && (
          <Stack gap="sm" aria-busy="true" aria-label={t('workingHours.loading')} role="status">
            <Skeleton height={14} width="90%" />
            <Skeleton height={28} width="60%" />
            <Skeleton height={36} width="45%" />
          </Stack>
        )}
        {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
        {data && siteId !== null && (
          // Keyed by what is saved, so the form starts again from the server's answer after a save.
          <HoursForm
            key={`${data.days.join(',')}|${data.start}|${data.end}`}
            siteId={siteId}
            saved={{ days: data.days, start: data.start, end: data.end }}
            timezone={data.timezone}
          />
        )}
      </Paper>
    </Stack>
  );
}
