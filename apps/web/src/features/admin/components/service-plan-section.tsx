import { isAdmin } from '@fleet/shared';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Field, FieldList } from '../../../shared/ui/field-list.tsx';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../../shared/format/use-units.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { servicePlanQuery } from '../api/service-plan-api.ts';
import { formOf } from '../model/service-plan-form.ts';
import { distanceUnit } from '../../../shared/format/units.ts';
import { ServicePlanForm } from './service-plan-form.tsx';
import classes from './service-plan.module.css';

const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const dateOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * A unit's service plan in its details: when it is due (date, odometer, engine hours), its readings
 * now and whether it is due by the Servicing rule. Everyone on the site sees it; administrators edit it.
 */
export function ServicePlanSection({ unitId }: { unitId: number }) {
  const { t } = useTranslation();
  const admin = isAdmin(useSessionUser()?.usertype);
  const query = useQuery(servicePlanQuery(unitId));
  const units = useUnits();
  const [editing, setEditing] = useState(false);
  const plan = query.data;
  const planned = plan && (plan.duedate !== null || plan.duekm !== null || plan.duehours !== null);
  const notPlanned = <Text span c="gray.7" inherit>{t('servicePlan.notPlanned')}</Text>;
  const reading = (value: string | null, key: 'nowKm' | 'nowHours') => (
    <span className={classes.reading}>{value === null ? t('servicePlan.noReading') : t(`servicePlan.${key}`, { value })}</span>
  );
  const rows: Field[] = plan
    ? [
        [t('servicePlan.dueDate'), plan.duedate ? dateOnly.format(new Date(`${plan.duedate}T00:00:00Z`)) : notPlanned],
        [
          t('servicePlan.dueKm', { unit: distanceUnit(units.system) }),
          plan.duekm === null ? notPlanned : <>{units.odometer(plan.duekm)}{reading(plan.km === null ? null : units.odometer(plan.km), 'nowKm')}</>,
        ],
        [
          t('servicePlan.dueHours'),
          plan.duehours === null ? notPlanned : <>{whole.format(plan.duehours)} h{reading(plan.hours === null ? null : whole.format(plan.hours), 'nowHours')}</>,
        ],
      ]
    : [];

  return (
    <section className={classes.section} aria-labelledby={`service-plan-${unitId}`} data-testid="service-plan">
      <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
        <Title order={3} fz="sm" id={`service-plan-${unitId}`}>
          {t('servicePlan.title')}
        </Title>
        {plan && !editing && (
          plan.due ? (
            <span className={classes.due}>
              <IconTool size={12} aria-hidden />
              {t('servicePlan.dueNow')}
            </span>
          ) : (
            <Text size="xs" c="gray.7">{planned ? t('servicePlan.notDue') : t('servicePlan.none')}</Text>
          )
        )}
      </Group>
      {query.isPending && (
        <Stack gap={8} aria-busy="true" aria-label={t('servicePlan.loading')} role="status">
          <Skeleton height={12} width="70%" />
          <Skeleton height={12} width="60%" />
          <Skeleton height={12} width="65%" />
        </Stack>
      )}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {plan && editing && <ServicePlanForm unitId={unitId} initial={formOf(plan, units.system)} savedKm={plan.duekm} onDone={() => setEditing(false)} />}
      {plan && !editing && (
        <>
          {plan.due && plan.detail && (
            <Text size="sm" c="orange.9" mb={4}>
              {plan.detail}
            </Text>
          )}
          <FieldList fields={rows} />
          {admin && (
            <Group justify="flex-end" mt={6}>
              <Button size="compact-xs" variant="default" leftSection={<IconPencil size={12} aria-hidden />} onClick={() => setEditing(true)}>
                {t('servicePlan.edit')}
              </Button>
            </Group>
          )}
        </>
      )}
    </section>
  );
}
