import { workingHoursAnswerSchema } from '@fleet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/api.ts';
import { DEFAULT_TIME_ZONE } from '../format/time.ts';
import { dayIn } from '../format/day.ts';
import { useSessionUser } from '../session/session-store.ts';
import { sharedKeys } from '../query-keys.ts';

/**
 * The current site's time zone (a site setting, read from workinghours, which every signed-in user
 * may ask). Journeys' days are the site's days: "today" on a link into the history or the replay
 * must be the site's today, not the browser's.
 */
export const siteTimeZoneQuery = (siteId: number) =>
  queryOptions({
    queryKey: sharedKeys.siteTimeZone(siteId),
    queryFn: ({ signal }) => api.get('workinghours', workingHoursAnswerSchema, undefined, signal).then((a) => a.timezone),
    staleTime: 60 * 60_000,
  });

/**
 * The current site's time zone; DEFAULT_TIME_ZONE until it is known, without a site, or when it
 * cannot be read (settled: the answer, or its failure, is in).
 */
export function useSiteTimeZone(): { timeZone: string; settled: boolean } {
  const siteId = useSessionUser()?.siteid ?? null;
  const query = useQuery({ ...siteTimeZoneQuery(siteId ?? 0), enabled: siteId !== null });
  return { timeZone: query.data ?? DEFAULT_TIME_ZONE, settled: siteId === null || query.data !== undefined || query.isError };
}

/** Today in the current site's time zone ('2026-11-24'), from the site's zone once it is known. */
export function useSiteToday(): string {
  return dayIn(Date.now(), useSiteTimeZone().timeZone);
}
