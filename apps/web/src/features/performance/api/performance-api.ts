import { hudAnswerSchema, leagueAnswerSchema, type LeaguePeriod, recentAnswerSchema, scoresAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/api.ts';
import { performanceKeys } from './performance-keys.ts';

export type LeagueAnswer = Omit<z.infer<typeof leagueAnswerSchema>, 'ok'>;
export type ScoresAnswer = Omit<z.infer<typeof scoresAnswerSchema>, 'ok'>;
export type RecentAnswer = Omit<z.infer<typeof recentAnswerSchema>, 'ok'>;
export type HudAnswer = Omit<z.infer<typeof hudAnswerSchema>, 'ok'>;

/** Scores move with every trip the processors finish: asked again each minute while the page is open. */
const REFRESH_MS = 60_000;

/** performanceleague?siteid&period: the site's drivers ranked. */
export const leagueQuery = (siteId: number, period: LeaguePeriod) =>
  queryOptions({
    queryKey: performanceKeys.league(siteId, period),
    queryFn: ({ signal }): Promise<LeagueAnswer> => api.get('performanceleague', leagueAnswerSchema, { siteid: siteId, period }, signal),
    refetchInterval: REFRESH_MS,
  });

/** getscores?driver&weeks: a driver's weeks, oldest first. */
export const driverScoresQuery = (driverId: number, weeks: number) =>
  queryOptions({
    queryKey: performanceKeys.scores(driverId, weeks),
    queryFn: ({ signal }): Promise<ScoresAnswer> => api.get('getscores', scoresAnswerSchema, { driver: driverId, weeks }, signal),
    refetchInterval: REFRESH_MS,
  });

/** getrecentperformance?driver: a driver's latest trips with their events. */
export const driverRecentQuery = (driverId: number) =>
  queryOptions({
    queryKey: performanceKeys.recent(driverId),
    queryFn: ({ signal }): Promise<RecentAnswer> => api.get('getrecentperformance', recentAnswerSchema, { driver: driverId, limit: 10 }, signal),
    refetchInterval: REFRESH_MS,
  });

/** gethud?uid: a vehicle's heads-up summary. */
export const hudQuery = (unitId: number) =>
  queryOptions({
    queryKey: performanceKeys.hud(unitId),
    queryFn: ({ signal }): Promise<HudAnswer> => api.get('gethud', hudAnswerSchema, { uid: unitId }, signal),
    refetchInterval: REFRESH_MS,
  });
