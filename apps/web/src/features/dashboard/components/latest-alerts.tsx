import { alertListAnswerSchema, type alertRecordSchema } from '@fleet/shared';
import { Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { api } from '../../../shared/api/api.ts';
import { formatFullDate, formatHHmm, formatRelative } from '../../../shared/format/time.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { useNow } from '../../../shared/ui/relative-time.tsx';
import { StateMark } from '../../../shared/vehicles/state-mark.tsx';
import { alertKeys, alertsPath } from '../../alerts/index.ts';
import classes from './dashboard.module.css';
import { alertCauseText } from '../../alerts/index.ts';

type AlertRecord = z.infer<typeof alertRecordSchema>;

/** The categories whose open alerts are listed; panic and zone alerts are the ones that raise a vehicle's alarm. */
const LISTS = ['panic', 'zone', 'spn', 'runover', 'device'] as const;
type LatestList = (typeof LISTS)[number];
const RAISES_ALARM: ReadonlySet<LatestList> = new Set(['panic', 'zone']);
/** How many alerts the dashboard lists. */
export const LATEST_COUNT = 6;

/** One category's open alerts, in the alerts feature's cache (its clears and live events refresh them). */
const openAlertsQuery = (siteId: number, list: LatestList) =>
  queryOptions({
    queryKey: alertKeys.list(siteId, list, true),
    queryFn: ({ signal }) => api.get('alertlist', alertListAnswerSchema, { list, open: 1 }, signal).then((a) => a.alerts),
    staleTime: 0,
    refetchInterval: 60_000,
  });

/** The newest open alerts of all categories, newest first. */
export function latestAlerts(lists: ReadonlyArray<{ list: LatestList; alerts: readonly AlertRecord[] }>, count: number) {
  return lists
    .flatMap(({ list, alerts }) => alerts.filter((a) => a.cleared === null).map((alert) => ({ list, alert })))
    .sort((a, b) => Date.parse(b.alert.updated) - Date.parse(a.alert.updated) || b.alert.aid - a.alert.aid)
    .slice(0, count);
}

/** HH:mm for today (the spec's alert format), the day too for older ones; the full date on hover. */
function When({ value, now }: { value: string; now: Date }) {
  const today = new Date(value).toDateString() === now.toDateString();
  return (
    <time dateTime={value} title={formatFullDate(value)} className={classes.when}>
      {today ? formatHHmm(value) : `${formatHHmm(value)} · ${formatRelative(value, now)}`}
    </time>
  );
}

/** The latest open alerts with their times; each opens its alert. An alarm's alerts carry the alarm's mark. */
export function LatestAlerts({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const now = useNow();
  const results = useQueries({ queries: LISTS.map((list) => openAlertsQuery(siteId, list)) });
  const failed = results.find((r) => r.isError);
  const pending = results.some((r) => r.isPending);
  const rows = pending
    ? []
    : latestAlerts(
        LISTS.map((list, i) => ({ list, alerts: results[i]?.data ?? [] })),
        LATEST_COUNT,
      );
  return (
    <section aria-labelledby="latest-alerts-title" className={classes.section} data-testid="latest-alerts">
      <h2 id="latest-alerts-title" className={classes.heading}>
        {t('dashboard.latestAlerts')}
      </h2>
      {failed?.error && <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />}
      {pending && (
        <Stack gap={6} aria-busy="true" aria-label={t('dashboard.latestAlertsLoading')} role="status">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={18} />
          ))}
        </Stack>
      )}
      {!pending && !failed && rows.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('dashboard.latestAlertsEmpty')}
        </Text>
      )}
      {rows.length > 0 && (
        <ul className={classes.alerts}>
          {rows.map(({ list, alert }) => (
            <li key={`${list}:${alert.aid}`}>
              <Link to={alertsPath(list, alert.aid)} className={classes.alertLine} data-list={list}>
                <When value={alert.updated} now={now} />
                {RAISES_ALARM.has(list) ? <StateMark state="alarm" size={16} /> : <IconAlertTriangle size={16} aria-hidden className={classes.otherMark} />}
                <span className={classes.alertText}>
                  {t('dashboard.alertLine', { vehicle: alert.vehicle, cause: alertCauseText(alert, t) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
