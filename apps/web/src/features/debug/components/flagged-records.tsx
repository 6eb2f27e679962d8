import type { FlaggedRecord } from '@fleet/shared';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { flaggedRecordsQuery, useResetUnitState } from '../api/debug-api.ts';
import classes from './debug.module.css';

const mono = { fontFamily: 'var(--mantine-font-family-monospace)' };
const REASONS = ['latitude', 'longitude', 'no-fix', 'time-ahead', 'time-before-floor', 'speed', 'altitude'] as const;
type Reason = (typeof REASONS)[number];
const isReason = (r: string): r is Reason => (REASONS as readonly string[]).includes(r);

function Reasons({ reasons }: { reasons: string[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} mt={4}>
      {reasons.map((r) => (
        <Badge key={r} variant="light" color="orange" c="dark.8" tt="none" fw={500} radius="sm">
          {isReason(r) ? t(`debugger.flagged.reason.${r}`) : r}
        </Badge>
      ))}
    </Group>
  );
}

/** One record a line (time, position, speed), its reasons under it: readable on a phone as on a desktop. */
function RecordsList({ records }: { records: FlaggedRecord[] }) {
  const { t } = useTranslation();
  return (
    <ul className={classes.list} aria-label={t('debugger.flagged.title')} data-testid="flagged-records">
      {records.map((r) => (
        <li key={r.id} className={classes.flagged}>
          <Group gap="md" wrap="wrap" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {/* The device's time as stored: it may be far outside what a date can show. */}
            <Text size="sm" style={mono} title={t('debugger.flagged.time')}>
              {r.time}
            </Text>
            <Text size="sm" style={mono} title={t('debugger.flagged.position')}>
              {`${r.lat}, ${r.lon}`}
            </Text>
            <Text size="sm" title={t('debugger.flagged.speed')}>
              {t('debugger.flagged.kmh', { speed: r.speed })}
            </Text>
          </Group>
          <Reasons reasons={r.reasons} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Administrators only: the unit's newest records refused as implausible (stored and acknowledged,
 * never its state), and a button rebuilding its state from its newest plausible position.
 */
export function FlaggedRecords({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const errorMessage = useErrorMessage();
  const records = useQuery(flaggedRecordsQuery(uid));
  const reset = useResetUnitState(uid);

  let body;
  if (records.isPending) {
    body = <Skeleton height={60} aria-busy="true" />;
  } else if (records.isError) {
    body = <ErrorState error={records.error} onRetry={() => void records.refetch()} />;
  } else if (records.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('debugger.flagged.none')}
      </Text>
    );
  } else {
    body = <RecordsList records={records.data} />;
  }

  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h5" id={headingId}>
            {t('debugger.flagged.title')}
          </Title>
          <Button
            variant="default"
            size="xs"
            loading={reset.isPending}
            leftSection={<IconRestore size={14} aria-hidden />}
            onClick={() => reset.mutate()}
          >
            {t('debugger.flagged.reset')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('debugger.flagged.intro')}
        </Text>
        {body}
        <div aria-live="polite">
          {reset.isSuccess && (
            <Alert color="green" variant="light" icon={<IconCheck aria-hidden />} data-testid="reset-result">
              {reset.data
                ? t('debugger.flagged.resetDone', { lat: reset.data.lat.toFixed(5), lon: reset.data.lon.toFixed(5) })
                : t('debugger.flagged.resetNone')}
            </Alert>
          )}
          {reset.isError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('debugger.flagged.resetFailed')}>
              {errorMessage(reset.error)}
            </Alert>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
