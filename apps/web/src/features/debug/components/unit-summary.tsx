import { reportsSatellites } from '@fleet/shared';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useUnits } from '../../../shared/format/use-units.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { RelativeTime, useNow } from '../../../shared/ui/relative-time.tsx';
import { FakedLocationBadge, type LastUnitInfo } from '../../../shared/units/last-unit-info.tsx';
import classes from './debug.module.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Online or not, in words and with an icon. */
function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const Icon = online ? IconPlugConnected : IconPlugConnectedX;
  return (
    <Badge
      variant="light"
      color={online ? 'green' : 'gray'}
      c="dark.8"
      tt="none"
      fw={500}
      radius="sm"
      data-testid="unit-online"
      leftSection={<Icon size={12} aria-hidden />}
    >
      {t(online ? 'debugger.online' : 'debugger.offline')}
    </Badge>
  );
}

/** The unit's registration, online state and last reported state (lastunitinfo). */
export function UnitSummary({ query }: { query: UseQueryResult<LastUnitInfo> }) {
  const { t } = useTranslation();
  const now = useNow();
  const units = useUnits();
  const unit = query.data;
  const none = (
    <Text span c="dimmed" inherit>
      {t('debugger.none')}
    </Text>
  );
  const value = (
    v: number | null,
    key: 'debugger.voltageValue' | 'debugger.gsmValue',
  ) => (v === null ? none : t(key, { value: v.toLocaleString('en-GB') }));

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap={6} aria-busy="true">
        <Skeleton height={18} width="40%" />
        <Skeleton height={60} />
      </Stack>
    );
  } else if (query.isError) {
    // A unit that is not the user's (404) will not appear by retrying.
    const missing = query.error instanceof ApiError && query.error.status === 404;
    body = <ErrorState error={query.error} onRetry={missing ? undefined : () => void query.refetch()} />;
  } else if (unit) {
    body = (
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text fw={700} size="lg" truncate data-testid="unit-registration">
            {unit.registration}
          </Text>
          <OnlineBadge online={unit.online} />
        </Group>
        {unit.mock === 1 && <FakedLocationBadge />}
        <dl className={classes.facts}>
          <Fact label={t('debugger.facts.updated')}>
            {unit.updated ? <RelativeTime value={unit.updated} now={now} /> : t('debugger.never')}
          </Fact>
          <Fact label={t('debugger.facts.position')}>
            {unit.lat === null || unit.lon === null ? none : `${unit.lat.toFixed(5)}, ${unit.lon.toFixed(5)}`}
          </Fact>
          <Fact label={t('debugger.facts.speed')}>{units.speed(unit.speed)}</Fact>
          <Fact label={t('debugger.facts.ignition')}>{t(unit.ign ? 'debugger.on' : 'debugger.off')}</Fact>
          <Fact label={t('debugger.facts.satellites')}>
            {reportsSatellites(unit.protocol) ? (
              unit.satellites
            ) : (
              <Text span c="dimmed" inherit title={t('debugger.notReportedTitle')} data-testid="satellites-not-reported">
                {t('debugger.notReported')}
              </Text>
            )}
          </Fact>
          <Fact label={t('debugger.facts.voltage')}>
            {value(unit.externalvoltage, 'debugger.voltageValue')}
          </Fact>
          <Fact label={t('debugger.facts.gsm')}>{value(unit.gsm, 'debugger.gsmValue')}</Fact>
          <Fact label={t('debugger.facts.odometer')}>{unit.odometer === null ? none : units.odometer(unit.odometer)}</Fact>
        </dl>
        {unit.attributes.length > 0 && (
          <section aria-labelledby="unit-attributes-title" data-testid="unit-attributes">
            <Title order={3} fz="sm" id="unit-attributes-title" mb={4}>
              {t('deviceReport.attributes')}
            </Title>
            <dl className={classes.facts}>
              {unit.attributes.map((a) => (
                <Fact key={a.id} label={a.name}>
                  {a.text}
                </Fact>
              ))}
            </dl>
          </section>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label={t('debugger.unit')}>
      <Title order={2} fz="h5" mb={6}>
        {t('debugger.unit')}
      </Title>
      {body}
    </Paper>
  );
}
