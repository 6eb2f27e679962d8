import { SegmentedControl, Stack } from '@mantine/core';
import { IconCalendarOff, IconMapPinOff, IconRoute } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useWindowWidth } from '../../../shared/device/use-window-width.ts';
import { dayIn } from '../../../shared/format/day.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/format/time.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useSiteTimeZone } from '../../../shared/site/site-time-zone.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { PanelBoundary } from '../../../shared/ui/panel-boundary.tsx';
import { activityQuery } from '../api/get-activity.ts';
import { dataQuery } from '../api/get-data.ts';
import type { JourneySubject } from '../api/journey-keys.ts';
import { readReplayParams } from '../replay/replay-params.ts';
import { ReplayPicker } from '../replay/replay-picker.tsx';
import { useReplayModel } from '../replay/replay-model.ts';
import { ReplayView } from '../replay/replay-view.tsx';
import classes from '../replay/replay.module.css';

/** Below this width the page stacks: map, controls, chart, then the day's facts. */
const SIDE_FROM = 1024;

function ReplayDay({ subject, day, at }: { subject: JourneySubject; day: string; at: number | null }) {
  const { t } = useTranslation();
  // Asked once per opening: a refetch (today's day grows) would rebuild the track and reset the replay.
  const activity = useQuery({ ...activityQuery(day, subject), refetchOnWindowFocus: false, refetchOnReconnect: false });
  const data = useQuery({ ...dataQuery(day, subject), refetchOnWindowFocus: false, refetchOnReconnect: false });
  const phone = useWindowWidth() < SIDE_FROM;
  const [trackNo, setTrackNo] = useState(0);
  const zone = activity.data?.timezone;
  const tracks = useMemo(() => data.data?.tracks.filter((tr) => tr.points.t.length > 0), [data.data]);
  const track = tracks?.[Math.min(trackNo, tracks.length - 1)];
  const model = useReplayModel(track, activity.data, at);

  if (activity.isError || data.isError) {
    return <ErrorState error={activity.error ?? data.error} onRetry={() => void Promise.all([activity.refetch(), data.refetch()])} />;
  }
  if (tracks && tracks.length === 0) {
    return <EmptyState icon={<IconCalendarOff size={22} />} title={t('replay.emptyTitle')} hint={t('replay.emptyHint')} />;
  }
  const subjectName = activity.data?.subject.kind === 'vehicle' ? activity.data.subject.registration : (track?.registration ?? '');
  return (
    <Stack gap="xs">
      {tracks && tracks.length > 1 && (
        <SegmentedControl
          aria-label={t('replay.trackPick')}
          data={tracks.map((tr, i) => ({ value: String(i), label: tr.registration }))}
          value={String(trackNo)}
          onChange={(v) => setTrackNo(Number(v))}
        />
      )}
      <PanelBoundary name={t('replay.title')} resetKeys={[track]}>
        <ReplayView
          key={trackNo}
          model={model}
          activity={activity.data}
          registration={subjectName}
          timezone={data.data?.timezone ?? zone ?? DEFAULT_TIME_ZONE}
          phone={phone}
        />
      </PanelBoundary>
    </Stack>
  );
}

/** activitymap?v|driver&d&t: a day of a vehicle (or a driver) replayed on the map. */
export default function ReplayPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const p = readReplayParams(params);
  // No day asked: the site's today, once the site's zone is known (never the browser's day).
  const site = useSiteTimeZone();
  const day = p.day ?? dayIn(Date.now(), site.timeZone);
  const dayKnown = p.day !== null || site.settled;
  const unitId = p.subject && 'v' in p.subject ? p.subject.v : null;
  const siteId = user?.siteid ?? null;
  // On a phone the map comes first: the one-line help is left to the slider's own label and keys note.
  const phone = useWindowWidth() < 600;
  const choose = ({ unitId: v, day: d }: { unitId: number | null; day: string }) => setParams(v === null ? { d } : { v: String(v), d });
  return (
    <Stack gap="xs" className={classes.page}>
      <PageHeader
        title={t('replay.title')}
        description={phone ? undefined : t('replay.description')}
        actions={siteId !== null && (p.subject === null || unitId !== null) ? <ReplayPicker siteId={siteId} unitId={unitId} day={day} onChange={choose} /> : undefined}
      />
      {siteId === null ? (
        <EmptyState icon={<IconMapPinOff size={22} />} title={t('shell.noSite')} />
      ) : p.subject === null ? (
        <EmptyState icon={<IconRoute size={22} />} title={t('replay.chooseTitle')} hint={t('replay.chooseHint')} />
      ) : dayKnown ? (
        <ReplayDay key={`${JSON.stringify(p.subject)}:${day}`} subject={p.subject} day={day} at={p.at} />
      ) : null}
    </Stack>
  );
}
