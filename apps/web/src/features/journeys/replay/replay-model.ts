import type { Track } from '@fleet/shared';
import { useMemo } from 'react';
import type { Activity } from '../api/get-activity.ts';
import { createClock, type ReplayClock } from './replay-clock.ts';
import { buildTrack, numberStops, type ReplayStop, type ReplayTrack } from './replay-track.ts';

export interface ReplayModel {
  answer: Track;
  track: ReplayTrack;
  stops: ReplayStop[];
  clock: ReplayClock;
}

/** The day made ready to replay, once both answers are in (null until then): typed arrays, numbered stops, the clock. */
export function useReplayModel(answer: Track | undefined, activity: Activity | undefined, at: number | null): ReplayModel | null {
  const track = useMemo(() => {
    if (!answer) return null;
    const built = buildTrack(answer.points);
    performance.mark('replay:track-built');
    return built;
  }, [answer]);
  const stops = useMemo(
    () => (answer && activity ? numberStops(activity.segments.filter((s) => s.unitid === answer.unitid)) : []),
    [activity, answer],
  );
  const clock = useMemo(() => {
    if (!track) return null;
    const first = track.t[0] ?? 0;
    const last = track.t[track.size - 1] ?? first;
    return createClock(first, Math.max(last, first + 1000), at !== null && at >= first && at <= last ? at : first);
  }, [track, at]);
  return useMemo(() => (answer && track && clock && activity ? { answer, track, stops, clock } : null), [answer, track, stops, clock, activity]);
}
