import type { Activity } from '../api/get-activity.ts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { vehicleIconName } from '@fleet/shared/rules/vehicle-icon';
import type { Track } from '@fleet/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../../shared/format/use-units.ts';
import { type MapStart, MapView } from '../../../shared/map/map-view.tsx';
import { ReplayChart } from './replay-chart.tsx';
import { createClock } from './replay-clock.ts';
import { ReplayControls } from './replay-controls.tsx';
import { formatDuration } from './replay-duration.ts';
import { ReplayLegend } from './replay-legend.tsx';
import { ReplayPointCard } from './replay-point-card.tsx';
import { ReplayStops } from './replay-stops.tsx';
import { ReplayTrackOverlay } from './replay-track-overlay.tsx';
import { bandLimitsKmh, buildTrack, indexAt, numberStops, type ReplayTrack } from './replay-track.ts';
import { kmhIn, kmhToMph } from './replay-units.ts';
import { ReplayVehicleMarker } from './replay-vehicle-marker.tsx';
import classes from './replay.module.css';

declare global {
  interface Window {
    /** performance.now() when the replay's track was first drawn (read by bench/replay-browser.ts). */
    replayDrawnAt?: number;
  }
}

function trackStart(track: ReplayTrack, phone: boolean): MapStart {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < track.size; i++) {
    const lon = track.lon[i] ?? 0;
    const lat = track.lat[i] ?? 0;
    if (lon < w) w = lon;
    if (lon > e) e = lon;
    if (lat < s) s = lat;
    if (lat > n) n = lat;
  }
  const pad = phone ? 28 : 56;
  return { bounds: [[w, s], [e, n]], padding: { top: pad, bottom: pad, left: pad, right: pad }, maxZoom: 16 };
}

interface ReplayViewProps {
  track: Track;
  activity: Activity;
  timezone: string;
  /** Epoch ms to open at (an alert's time); the first position when absent or outside the day. */
  at: number | null;
  phone: boolean;
}

/** The film strip: the map on top, the slider and the speed chart under it, the picked point and stops beside. */
export function ReplayView({ track: answer, activity, timezone, at, phone }: ReplayViewProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const track = useMemo(() => buildTrack(answer.points), [answer]);
  const stops = useMemo(() => numberStops(activity.segments.filter((s) => s.unitid === answer.unitid)), [activity, answer.unitid]);
  const first = track.t[0] ?? 0;
  const last = track.t[track.size - 1] ?? first;
  const clock = useMemo(() => createClock(first, Math.max(last, first + 1000), at !== null && at >= first && at <= last ? at : first), [first, last, at]);
  const limits = useMemo(() => bandLimitsKmh(units.system), [units.system]);
  const toUnit = useMemo(() => kmhIn(units.system), [units.system]);
  const [start] = useState(() => trackStart(track, phone));
  const [picked, setPicked] = useState<number | null>(null);
  const pick = useCallback(
    (index: number) => {
      setPicked(index);
      clock.set(track.t[index] ?? clock.get());
    },
    [clock, track],
  );
  const drawn = useCallback(() => {
    window.replayDrawnAt = performance.now();
    performance.mark('replay:drawn');
  }, []);
  const icon = vehicleIconName({ vicon: '', unittype: answer.unittype });
  const tot = activity.totals;
  const chartLabel = t('replay.chartLabel', { max: units.speed(kmhToMph(tot.maxSpeed)) });

  return (
    <div className={classes.layout}>
      <div className={classes.main}>
        <div className={classes.map}>
          <MapView label={t('replay.mapLabel', { registration: answer.registration })} start={start} legend={<ReplayLegend />}>
            <ReplayTrackOverlay track={track} stops={stops} limitsKmh={limits} picked={picked} onPick={pick} onDrawn={drawn} />
            <ReplayVehicleMarker track={track} clock={clock} icon={icon} />
          </MapView>
        </div>
        <ReplayControls clock={clock} timezone={timezone} stopTimes={stops.map((s) => s.from)} />
        <ReplayChart track={track} clock={clock} timezone={timezone} toUnit={toUnit} speedUnit={units.speedUnit} label={chartLabel} speedLabel={t('replay.chartSpeed', { unit: units.speedUnit })} ignitionLabel={t('replay.chartIgnition')} />
      </div>
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
            <Button variant="light" size="sm" mih={44} leftSection={<IconInfoCircle size={18} aria-hidden />} onClick={() => setPicked(indexAt(track, clock.get()))}>
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
            onClose={() => setPicked(null)}
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
    </div>
  );
}
