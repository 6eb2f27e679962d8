import {
  alertListAnswerSchema,
  type alertRecordSchema,
  clearAlertsBodySchema, clearPanicBodySchema,
  clearVehicleAlarmBodySchema,
  dashAlertsAnswerSchema,
  plainSuccessSchema,
} from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/api.ts';
import type { BuiltAlertList } from '../hooks/alert-categories.ts';
import type { DashAlerts } from '../hooks/alerts-state.ts';
import { alertKeys } from './alert-keys.ts';

/** Clears are pushed ('alerts:cleared'); the open alerts are still asked again this often, as a backstop. */
const DASH_ALERTS_REFRESH_MS = 60_000;

export interface DashAlertsResult {
  answer: DashAlerts;
  /** When the question was asked: live events after it are re-applied to the answer. */
  requestedAt: number;
}

/** dashalerts for the session's current site: panic string, open geofence alerts, dashboard counts. */
export const dashAlertsQuery = (siteId: number | null) =>
  queryOptions({
    queryKey: alertKeys.dash(siteId),
    queryFn: async ({ signal }): Promise<DashAlertsResult> => {
      const requestedAt = Date.now();
      const answer = await api.get('dashalerts', dashAlertsAnswerSchema, undefined, signal);
      return { answer, requestedAt };
    },
    staleTime: 0,
    refetchInterval: DASH_ALERTS_REFRESH_MS,
  });

export type AlertRecord = z.infer<typeof alertRecordSchema>;

/** One category's alert records, newest first; `open` keeps only those not cleared. */
export const alertListQuery = (siteId: number | null, list: BuiltAlertList, open: boolean) =>
  queryOptions({
    queryKey: alertKeys.list(siteId, list, open),
    queryFn: ({ signal }) =>
      api
        .get('alertlist', alertListAnswerSchema, { list, open: open ? 1 : undefined }, signal)
        .then((a) => a.alerts),
  });

/** One alert record (alertlist with id); the server answers 404 'No such alert.' for others' alerts. */
export const alertRecordQuery = (siteId: number | null, list: BuiltAlertList, id: number) =>
  queryOptions({
    queryKey: alertKeys.record(siteId, list, id),
    queryFn: async ({ signal }) => {
      const { alerts } = await api.get('alertlist', alertListAnswerSchema, { list, id }, signal);
      return alerts[0] ?? null;
    },
  });

export function clearPanicAlarm(aid: number) {
  return api.post('clearpanicalarm', plainSuccessSchema, clearPanicBodySchema.parse({ aid }));
}

/** Clears all of a vehicle's geofence alerts (its alarm flag). */
export function clearVehicleAlarm(uid: number) {
  return api.post('clearvehiclealarm', plainSuccessSchema, clearVehicleAlarmBodySchema.parse({ uid }));
}

/** Clears these open alerts of the current site together, or none (clearalerts; never panics). */
export function clearAlertsByIds(aids: readonly number[]) {
  return api.post('clearalerts', plainSuccessSchema, clearAlertsBodySchema.parse({ aids }));
}
