import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { distanceUnit } from '../../../shared/format/units.ts';
import { useUnitSystem } from '../../../shared/format/use-units.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { useSaveServicePlan } from '../api/service-plan-api.ts';
import { bodyOf, type ServicePlanField, type ServicePlanForm as Form, type ServicePlanProblem } from '../model/service-plan-form.ts';
import forms from './forms.module.css';

/** Edits a unit's plan; nothing is sent while a field is wrong. */
export function ServicePlanForm({ unitId, initial, savedKm, onDone }: { unitId: number; initial: Form; savedKm: number | null; onDone(): void }) {
  const { t } = useTranslation();
  const save = useSaveServicePlan(unitId);
  const system = useUnitSystem();
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<Partial<Record<ServicePlanField, ServicePlanProblem>>>({});
  const field = (key: ServicePlanField) => ({
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    },
    error: problems[key] ? t(`servicePlan.problem.${problems[key]}`) : undefined,
    size: 'xs' as const,
  });
  return (
    <form
      className={forms.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const r = bodyOf(unitId, form, system, savedKm);
        setProblems(r.problems ?? {});
        if (!r.body) return;
        save.mutate(r.body, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('servicePlan.saved') });
            onDone();
          },
        });
      }}
    >
      <Stack gap={6}>
        <Text size="xs" c="gray.7">{t('servicePlan.hint')}</Text>
        {/* Text, not the browser's date input: that one shows the browser's locale (e.g. mm/dd/yyyy) beside the page's own dates. */}
        <TextInput label={t('servicePlan.dueDate')} description={t('servicePlan.dateHint')} placeholder="YYYY-MM-DD" autoComplete="off" maxLength={10} {...field('duedate')} />
        <TextInput inputMode="decimal" label={t('servicePlan.dueKm', { unit: distanceUnit(system) })} {...field('duekm')} />
        <TextInput inputMode="decimal" label={t('servicePlan.dueHours')} {...field('duehours')} />
        {save.isError && <ErrorState error={save.error} />}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onDone} disabled={save.isPending}>
            {t('servicePlan.cancel')}
          </Button>
          <Button size="xs" type="submit" loading={save.isPending}>
            {t('servicePlan.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
