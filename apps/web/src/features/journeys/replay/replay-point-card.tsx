import { reportsSatellites } from '@fleet/shared';
import { CloseButton, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../../shared/format/use-units.ts';
import { formatHHmmss } from '../../../shared/format/time.ts';
import { dataPointQuery } from '../api/get-data-point.ts';
import { kmhToMph } from './replay-units.ts';
import classes from './replay.module.css';

interface PointCardProps {
  id: string;
  time: number;
  unitId: number;
  timezone: string;
  onClose(): void;
}

/** The picked position with every IO value: a small card beside the map, never over the track. */
export function ReplayPointCard({ id, time, unitId, timezone, onClose }: PointCardProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const point = useQuery(dataPointQuery(id, time, unitId));
  const p = point.data;
  return (
    <Paper withBorder p="sm" radius="md" className={classes.card} aria-label={t('replay.pointTitle')} role="region" data-replay-point>
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
        <Text fw={700} size="sm">
          {t('replay.pointAt', { time: formatHHmmss(new Date(time), timezone) })}
        </Text>
        <CloseButton size="xl" aria-label={t('replay.pointClose')} onClick={onClose} />
      </Group>
      {point.isPending && <Skeleton height={72} aria-label={t('replay.pointLoading')} />}
      {point.isError && (
        <Text size="sm" c="red.8" role="alert">
          {t('replay.pointFailed')}
        </Text>
      )}
      {p && (
        <Stack gap={2}>
          <Text size="sm">{p.loc || `${p.lat.toFixed(5)}, ${p.lon.toFixed(5)}`}</Text>
          <dl className={classes.facts}>
            <dt>{t('replay.speed')}</dt>
            <dd>{units.speed(kmhToMph(p.speed))}</dd>
            <dt>{t('replay.heading')}</dt>
            <dd>{p.angle}°</dd>
            <dt>{t('replay.satellites')}</dt>
            <dd>{reportsSatellites(p.protocol) ? p.satellites : t('replay.satellitesNotReported')}</dd>
            <dt>{t('replay.received')}</dt>
            <dd>{formatHHmmss(p.receivedAt, timezone)}</dd>
            {p.io.map((io) => (
              <FragmentRow key={io.id} name={io.name || `IO ${io.id}`} text={io.text || String(io.value)} />
            ))}
          </dl>
        </Stack>
      )}
    </Paper>
  );
}

function FragmentRow({ name, text }: { name: string; text: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{text}</dd>
    </>
  );
}
