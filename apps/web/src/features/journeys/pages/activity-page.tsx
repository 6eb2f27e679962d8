import { Alert, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarOff, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDay } from '../../../shared/format/day.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useSiteTimeZone, useSiteToday } from '../../../shared/site/site-time-zone.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { type Activity, activityQuery } from '../api/get-activity.ts';
import { type ActivitySubject, journeySubject } from '../model/activity-subject.ts';
import { useActivityFormat } from '../components/activity-format.ts';
import { ActivityPicker } from '../components/activity-picker.tsx';
import { ActivityTimeline } from '../components/activity-timeline.tsx';
import { ActivityTotals } from '../components/activity-totals.tsx';
import { readActivityParams, timelineOf } from '../model/activity-timeline.ts';

/** The subject's name as the answer gives it. */
function nameOf(answer: Activity): string {
  return answer.subject.kind === 'vehicle' ? answer.subject.registration : answer.subject.name;
}

const PHONE_UNIT_TYPE = 6;

function Day({ answer }: { answer: Activity }) {
  const { t } = useTranslation();
  const format = useActivityFormat(answer.timezone, answer.day, answer.unitSystem);
  const entries = timelineOf(answer);
  // Check-ins are a phone's day (unit type 6); any unit whose answer carries some shows their count.
  const phone = (answer.subject.kind === 'vehicle' && answer.subject.unittype === PHONE_UNIT_TYPE) || answer.checkins.length > 0;
  return (
    <>
      <ActivityTotals totals={answer.totals} format={format} checkins={phone ? answer.checkins.length : null} />
      <Paper withBorder p="sm" component="section" aria-labelledby="activity-timeline-title">
        <Text component="h2" id="activity-timeline-title" fw={700} size="sm" mb={4}>
          {t('activity.timelineTitle', { day: formatDay(answer.day) })}
        </Text>
        {entries.length === 0 ? (
          <EmptyState
            icon={<IconCalendarOff size={22} />}
            title={t('activity.empty')}
            hint={t('activity.emptyHint', { name: nameOf(answer), day: formatDay(answer.day) })}
          />
        ) : (
          <ActivityTimeline answer={answer} entries={entries} format={format} />
        )}
      </Paper>
    </>
  );
}

/**
 * activity?v=&d= or activity?driver=&d=: a vehicle's or a driver's day (the site's day; today when
 * no day is named) as totals and a timeline, each row with its way into the replay.
 */
export default function ActivityPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const siteId = useSessionUser()?.siteid ?? null;
  const zone = useSiteTimeZone();
  const today = useSiteToday();
  const { subject, day: named, badDay } = readActivityParams(params);
  const day = named ?? today;
  // Without a named day, wait for the site's zone: the browser's today may be another day.
  const ready = subject !== null && (named !== null || zone.settled);
  const query = useQuery({
    ...activityQuery(day, journeySubject(subject ?? { kind: 'vehicle', id: 0 })),
    enabled: ready,
    // Today grows while the vehicle drives; an open page follows it.
    refetchInterval: named === null || day === today ? 60_000 : false,
  });
  const answer = query.data;

  const go = (next: { subject?: ActivitySubject; day?: string }) => {
    const s = next.subject ?? subject;
    const q = new URLSearchParams();
    if (s) q.set(s.kind === 'vehicle' ? 'v' : 'driver', String(s.id));
    q.set('d', next.day ?? day);
    setParams(q);
  };

  const title = answer && subject ? t('activity.titleOf', { name: nameOf(answer) }) : t('activity.title');
  return (
    <Stack gap="sm" maw={1100}>
      <PageHeader
        title={title}
        description={answer ? t('activity.dayInZone', { day: formatDay(answer.day), zone: answer.timezone }) : t('activity.about')}
      />
      <ActivityPicker siteId={siteId} subject={subject} subjectName={answer ? nameOf(answer) : null} day={day} today={today} onSubject={(s) => go({ subject: s })} onDay={(d) => go({ day: d })} />
      {badDay && (
        <Alert color="yellow" variant="light" c="dark.8">
          {t('activity.badDay', { value: params.get('d') })}
        </Alert>
      )}
      {subject === null ? (
        <Paper withBorder>
          <EmptyState icon={<IconHistory size={22} />} title={t('activity.prompt')} hint={t('activity.promptHint')} />
        </Paper>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !answer ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('activity.loading')}>
          <Skeleton height={96} />
          <Skeleton height={280} />
        </Stack>
      ) : (
        <Day answer={answer} />
      )}
    </Stack>
  );
}
