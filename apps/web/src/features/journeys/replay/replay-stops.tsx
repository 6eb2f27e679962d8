import { Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatHHmm } from '../../../shared/format/time.ts';
import { formatDuration } from './replay-duration.ts';
import type { ReplayClock } from './replay-clock.ts';
import type { ReplayStop } from './replay-track.ts';
import classes from './replay.module.css';

/** The map's numbered pins as a list (map information is in a list too): each jumps the replay to that stop. */
export function ReplayStops({ stops, clock, timezone }: { stops: readonly ReplayStop[]; clock: ReplayClock; timezone: string }) {
  const { t } = useTranslation();
  if (stops.length === 0) return <Text size="sm" c="dimmed">{t('replay.noStops')}</Text>;
  return (
    <ol className={classes.stops} aria-label={t('replay.stopsTitle')}>
      {stops.map((s) => (
        <li key={s.segment.id}>
          <UnstyledButton className={classes.stop} onClick={() => clock.set(s.from)} data-replay-stop={s.number}>
            <span className={classes.stopNumber} aria-hidden>
              {s.number}
            </span>
            <span>
              <Text size="sm" fw={600} component="span" display="block">
                {t('replay.stopLine', { from: formatHHmm(s.segment.start, timezone), to: s.segment.open ? t('replay.now') : formatHHmm(s.segment.end, timezone), duration: formatDuration(s.segment.durationS) })}
              </Text>
              <Text size="xs" c="dimmed" component="span" display="block">
                <span className={classes.visuallyHidden}>{t('replay.stopNumber', { n: s.number })} </span>
                {s.segment.startLoc}
              </Text>
            </span>
          </UnstyledButton>
        </li>
      ))}
    </ol>
  );
}
