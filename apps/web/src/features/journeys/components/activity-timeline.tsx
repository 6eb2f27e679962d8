import type { Segment } from '@fleet/shared';
import type { Activity } from '../api/get-activity.ts';
import { Anchor, Badge, Group, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconFence, IconMapPin, IconParking, IconPlayerPlay, IconRoute } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocationText } from '../../../shared/format/location-text.ts';
import { replayPath } from '../../../shared/routing/journey-links.ts';
import { replayMoment, type TimelineEntry } from '../model/activity-timeline.ts';
import type { ActivityFormat } from './activity-format.ts';
import classes from './activity.module.css';

interface RowProps {
  time: string;
  dateTime: string;
  icon: ReactNode;
  color: string;
  kind: TimelineEntry['kind'];
  title: ReactNode;
  detail?: ReactNode;
  replay?: { to: string; label: string };
}

function Row({ time, dateTime, icon, color, kind, title, detail, replay }: RowProps) {
  const { t } = useTranslation();
  return (
    <li className={classes.row} data-kind={kind}>
      <time className={classes.time} dateTime={dateTime}>
        {time}
      </time>
      <ThemeIcon className={classes.mark} variant="light" color={color} radius="xl" size={32} aria-hidden>
        {icon}
      </ThemeIcon>
      <div className={classes.body}>
        <Text fw={600} size="sm" className={classes.title}>
          {title}
        </Text>
        {detail && (
          <Text size="sm" c="dark.6" className={classes.detail}>
            {detail}
          </Text>
        )}
      </div>
      {replay && (
        <Anchor component={Link} to={replay.to} size="sm" className={classes.replay} aria-label={replay.label} title={replay.label}>
          <Group gap={4} wrap="nowrap">
            <IconPlayerPlay size={14} aria-hidden />
            {t('activity.replay')}
          </Group>
        </Anchor>
      )}
    </li>
  );
}

const dot = ' · ';

/**
 * The day in order: trips (from → to, times, distance, duration, top speed, driver), stops (place,
 * duration, engine-on idling), alerts, geofence visits and check-ins, each trip, stop and alert with
 * its link into the replay at that moment.
 */
export function ActivityTimeline({ answer, entries, format }: { answer: Activity; entries: TimelineEntry[]; format: ActivityFormat }) {
  const { t } = useTranslation();
  const byDriver = answer.subject.kind === 'driver';
  const locationText = useLocationText();
  const place = (text: string) => locationText(text) || t('activity.unknownPlace');
  const replayOf = (unitid: number, ms: number) => replayPath(unitid, answer.day, replayMoment(ms, answer.from));
  const span = (s: Segment) => `${format.time(s.start)} – ${s.open ? t('activity.now') : format.time(s.end)}`;
  const who = (s: Segment) => (byDriver ? s.registration : s.driver ? t('activity.driver', { name: s.driver }) : null);

  const row = (e: TimelineEntry, i: number) => {
    switch (e.kind) {
      case 'trip': {
        const s = e.segment;
        const time = format.time(s.start);
        return (
          <Row key={`t${s.id}`} kind="trip" time={time} dateTime={s.start} color="blue" icon={<IconRoute size={18} />}
            title={<>{t('activity.trip')}: {place(s.startLoc)} → {s.open ? t('activity.onTheWay') : place(s.endLoc)}</>}
            detail={
              <>
                {[span(s), format.duration(s.durationS), format.distance(s.distanceM), s.maxSpeed > 0 ? t('activity.maxSpeed', { speed: format.speed(s.maxSpeed) }) : null, who(s)]
                  .filter(Boolean)
                  .join(dot)}
                {s.idleS > 0 && <>{dot}{t('activity.idleInTrip', { duration: format.duration(s.idleS) })}</>}
                {s.open && <OngoingBadge />}
              </>
            }
            replay={{ to: replayOf(s.unitid, e.at), label: t('activity.replayTrip', { time, vehicle: s.registration }) }}
          />
        );
      }
      case 'stop': {
        const s = e.segment;
        const time = format.time(s.start);
        const idling = s.idleS > 0;
        return (
          <Row key={`s${s.id}`} kind="stop" time={time} dateTime={s.start} color={idling ? 'orange' : 'gray'} icon={<IconParking size={18} />}
            title={t('activity.stopAt', { place: place(s.startLoc) })}
            detail={
              <>
                {[span(s), format.duration(s.durationS), byDriver ? s.registration : null].filter(Boolean).join(dot)}
                {idling && (
                  <Badge component="span" variant="light" color="orange" c="orange.9" tt="none" size="sm" ml={6} className={classes.badge}>
                    {s.idleS >= s.durationS - 1 ? t('activity.idlingAll') : t('activity.idling', { duration: format.duration(s.idleS) })}
                  </Badge>
                )}
                {s.open && <OngoingBadge />}
              </>
            }
            replay={{ to: replayOf(s.unitid, e.at), label: t('activity.replayStop', { time, vehicle: s.registration }) }}
          />
        );
      }
      case 'alert': {
        const a = e.alert;
        const time = format.time(a.time);
        return (
          <Row key={`a${a.aid}`} kind="alert" time={time} dateTime={a.time} color="red" icon={<IconAlertTriangle size={18} />}
            title={a.text || t('activity.alert')}
            detail={byDriver ? a.registration : undefined}
            replay={{ to: replayOf(a.unitid, e.at), label: t('activity.replayAlert', { time, vehicle: a.registration }) }}
          />
        );
      }
      case 'visit': {
        const v = e.visit;
        const stamp = v.enter ?? v.exit ?? '';
        const title = v.enter && v.exit
          ? t('activity.visit', { place: v.name })
          : v.enter ? t('activity.visitEntered', { place: v.name }) : t('activity.visitLeft', { place: v.name });
        return (
          <Row key={`v${v.poiid}-${stamp}-${i}`} kind="visit" time={format.time(stamp)} dateTime={stamp} color="teal" icon={<IconFence size={18} />}
            title={title}
            detail={v.enter && v.exit ? `${format.time(v.enter)} – ${format.time(v.exit)}${dot}${format.duration((Date.parse(v.exit) - Date.parse(v.enter)) / 1000)}` : undefined}
            replay={{ to: replayOf(v.unitid, e.at), label: t('activity.replayVisit', { time: format.time(stamp), place: v.name }) }}
          />
        );
      }
      case 'checkin': {
        const c = e.checkin;
        return (
          <Row key={`c${c.time}-${i}`} kind="checkin" time={format.time(c.time)} dateTime={c.time} color="violet" icon={<IconMapPin size={18} />}
            title={t('activity.checkinAt', { place: place(c.loc) })}
          />
        );
      }
    }
  };

  return (
    <ol className={classes.timeline} aria-label={t('activity.timelineLabel')} data-testid="activity-timeline">
      {entries.map(row)}
    </ol>
  );
}

function OngoingBadge() {
  const { t } = useTranslation();
  return (
    <Badge component="span" variant="light" color="blue" c="blue.9" tt="none" size="sm" ml={6} className={classes.badge}>
      {t('activity.ongoing')}
    </Badge>
  );
}
