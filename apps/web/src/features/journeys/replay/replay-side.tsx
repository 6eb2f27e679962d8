import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../../shared/format/use-units.ts';
import type { Activity } from '../api/get-activity.ts';
import { formatDuration } from './replay-duration.ts';
import type { ReplayModel } from './replay-model.ts';
import { ReplayPointCard } from './replay-point-card.tsx';
import { ReplayStops } from './replay-stops.tsx';
import { indexAt } from './replay-track.ts';
import { kmhToMph } from './replay-units.ts';
import classes from './replay.module.css';

interface SideProps {
  model: ReplayModel;
  activity: Activity;
  timezone: string;
  picked: number | null;
  onPick(index: number | null): void;
}

/** Beside the strip (under it on a phone): the day's totals, the picked position's card, the stops as a list. */
export function ReplaySide({ model, activity, timezone, picked, onPick }: SideProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const { track, clock, stops, answer } = model;
  const tot = activity.totals;
  return (
    <Stack className={classes.side} gap="sm">
      <Paper withBorder p="sm" radius="md">
        <Title order={2} fz="md" mb={4}>
          {t('replay.dayTitle')}
        </Title>
        <dl className={classes.facts}>
          <dt>{t('replay.trips')}</dt>
          <dd>{tot.trips}</dd>
          <dt>{t('replay.distance')}</dt>
          <dd>{units.distance(tot.distanceM / 1000)}</dd>
          <dt>{t('replay.driving')}</dt>
          <dd>{formatDuration(tot.drivingS)}</dd>
          <dt>{t('replay.idling')}</dt>
          <dd>{formatDuration(tot.idleS)}</dd>
          <dt>{t('replay.maxSpeed')}</dt>
          <dd>{units.speed(kmhToMph(tot.maxSpeed))}</dd>
        </dl>
        <Group mt="xs">
          <Button variant="light" size="sm" mih={44} leftSection={<IconInfoCircle size={18} aria-hidden />} onClick={() => onPick(indexAt(track, clock.get()))}>
            {t('replay.pointHere')}
          </Button>
        </Group>
      </Paper>
      {picked !== null && picked >= 0 && (
        <ReplayPointCard
          key={picked}
          id={track.ids[picked] ?? ''}
          time={track.t[picked] ?? 0}
          unitId={answer.unitid}
          timezone={timezone}
          onClose={() => onPick(null)}
        />
      )}
      <Paper withBorder p="sm" radius="md">
        <Title order={2} fz="md" mb={4}>
          {t('replay.stopsTitle')}
        </Title>
        <ReplayStops stops={stops} clock={clock} timezone={timezone} />
      </Paper>
      <Text size="xs" c="dimmed">
        {t('replay.keys')}
      </Text>
    </Stack>
  );
}
