import { vehicleIconName } from '@fleet/shared/rules/vehicle-icon';
import { Skeleton } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../../shared/format/use-units.ts';
import { MapView } from '../../../shared/map/map-view.tsx';
import { LoadingMessage } from '../../../shared/ui/loading-message.tsx';
import type { Activity } from '../api/get-activity.ts';
import { CHART_HEIGHT, ReplayChart } from './replay-chart.tsx';
import { ReplayControls } from './replay-controls.tsx';
import { ReplayLegend } from './replay-legend.tsx';
import type { ReplayModel } from './replay-model.ts';
import { ReplaySide } from './replay-side.tsx';
import { ReplayTrackOverlay } from './replay-track-overlay.tsx';
import { bandLimitsKmh } from './replay-track.ts';
import { kmhIn, kmhToMph } from './replay-units.ts';
import { ReplayVehicleMarker } from './replay-vehicle-marker.tsx';
import classes from './replay.module.css';

declare global {
  interface Window {
    /** performance.now() when the replay's track was first drawn (read by bench/replay-browser.ts). */
    replayDrawnAt?: number;
  }
}

interface ReplayViewProps {
  /** Null while the answers are on their way: the map is made meanwhile, under a cover. */
  model: ReplayModel | null;
  activity: Activity | undefined;
  registration: string;
  timezone: string;
  phone: boolean;
}

/** The film strip: the map on top, the slider and the speed chart under it, the day's facts, the picked point and stops beside. */
export function ReplayView({ model, activity, registration, timezone, phone }: ReplayViewProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const limits = useMemo(() => bandLimitsKmh(units.system), [units.system]);
  const toUnit = useMemo(() => kmhIn(units.system), [units.system]);
  const [picked, setPicked] = useState<number | null>(null);
  const [drawn, setDrawn] = useState(false);
  const pick = useCallback(
    (index: number) => {
      setPicked(index);
      if (model) model.clock.set(model.track.t[index] ?? model.clock.get());
    },
    [model],
  );
  const onDrawn = useCallback(() => {
    window.replayDrawnAt = performance.now();
    performance.mark('replay:drawn');
    setDrawn(true);
  }, []);
  const icon = vehicleIconName({ vicon: '', unittype: model?.answer.unittype ?? 0 });
  const maxSpeed = units.speed(kmhToMph(activity?.totals.maxSpeed ?? 0));

  return (
    <div className={classes.layout}>
      <div className={classes.main}>
        <div className={classes.map}>
          <MapView label={t('replay.mapLabel', { registration })} legend={<ReplayLegend />}>
            {model && (
              <>
                <ReplayTrackOverlay track={model.track} stops={model.stops} limitsKmh={limits} picked={picked} onPick={pick} onDrawn={onDrawn} phone={phone} />
                <ReplayVehicleMarker track={model.track} clock={model.clock} icon={icon} />
              </>
            )}
          </MapView>
          {!drawn && (
            <div className={classes.mapCover}>
              <LoadingMessage message={t('replay.loading')} />
            </div>
          )}
        </div>
        {model ? (
          <>
            <ReplayControls clock={model.clock} timezone={timezone} stopTimes={model.stops.map((s) => s.from)} />
            <ReplayChart
              track={model.track}
              clock={model.clock}
              timezone={timezone}
              toUnit={toUnit}
              speedUnit={units.speedUnit}
              label={t('replay.chartLabel', { max: maxSpeed })}
              speedLabel={t('replay.chartSpeed', { unit: units.speedUnit })}
              ignitionLabel={t('replay.chartIgnition')}
            />
          </>
        ) : (
          <>
            <Skeleton height={48} />
            <Skeleton height={CHART_HEIGHT + 18} />
          </>
        )}
      </div>
      {model && activity ? (
        <ReplaySide model={model} activity={activity} timezone={timezone} picked={picked} onPick={setPicked} />
      ) : (
        <Skeleton height={240} />
      )}
    </div>
  );
}
