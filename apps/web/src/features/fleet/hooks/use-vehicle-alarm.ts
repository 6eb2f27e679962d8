import { alertListAnswerSchema, type alertRecordSchema, clearPanicBodySchema, clearVehicleAlarmBodySchema, plainSuccessSchema } from '@fleet/shared';
import { queryOptions, useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { api } from '../../../shared/api/api.ts';
import { alertKeys } from '../../alerts/index.ts';

export type AlarmAlert = z.infer<typeof alertRecordSchema>;

/** The two kinds of open alert that raise a vehicle's alarm (the server's rule: panic and geofence). */
const ALARM_LISTS = ['panic', 'zone'] as const;
export type AlarmList = (typeof ALARM_LISTS)[number];

/** The site's open alerts of one alarm kind, in the alerts feature's cache (its clears refresh them). */
const openAlertsQuery = (siteId: number, list: AlarmList) =>
  queryOptions({
    queryKey: alertKeys.list(siteId, list, true),
    queryFn: ({ signal }) => api.get('alertlist', alertListAnswerSchema, { list, open: 1 }, signal).then((a) => a.alerts),
    staleTime: 0,
  });

/** One reason a vehicle is in alarm: a panic, or its zone alerts (cleared together: newest and how many). */
export interface AlarmCause {
  list: AlarmList;
  latest: AlarmAlert;
  count: number;
}

/** A vehicle's open alarm alerts as causes: panics one by one, zone alerts as one cause; newest first. */
export function alarmCauses(unitId: number, panic: readonly AlarmAlert[], zone: readonly AlarmAlert[]): AlarmCause[] {
  const newest = (a: AlarmAlert, b: AlarmAlert) => Date.parse(b.updated) - Date.parse(a.updated) || b.aid - a.aid;
  const mine = (alerts: readonly AlarmAlert[]) => alerts.filter((a) => a.uid === unitId && a.cleared === null).sort(newest);
  const causes: AlarmCause[] = mine(panic).map((latest) => ({ list: 'panic', latest, count: 1 }));
  const zones = mine(zone);
  if (zones[0]) causes.push({ list: 'zone', latest: zones[0], count: zones.length });
  return causes.sort((a, b) => newest(a.latest, b.latest));
}

/**
 * Why a vehicle is in alarm (asked only while it is): its open panic and zone alerts. Asked again
 * when the alarm is raised anew, so a second cause shows without a reload.
 */
export function useVehicleAlarm(siteId: number, unitId: number, inAlarm: boolean) {
  const queryClient = useQueryClient();
  const [panic, zone] = useQueries({
    queries: ALARM_LISTS.map((list) => ({ ...openAlertsQuery(siteId, list), enabled: inAlarm })),
  });
  useEffect(() => {
    if (!inAlarm) return;
    for (const list of ALARM_LISTS) void queryClient.invalidateQueries({ queryKey: alertKeys.list(siteId, list, true) });
  }, [inAlarm, siteId, queryClient]);
  const pending = Boolean(panic?.isPending || zone?.isPending);
  const error = panic?.error ?? zone?.error ?? null;
  const causes = panic?.data && zone?.data ? alarmCauses(unitId, panic.data, zone.data) : [];
  return { pending, error, causes, retry: () => void Promise.all([panic?.refetch(), zone?.refetch()]) };
}

/**
 * Clears one cause on the server, for everyone: a panic by its alert id, zone alerts all together by
 * the vehicle (the server's calls). The alert lists and counts are asked again after.
 */
export async function clearAlarmCause(cause: AlarmCause, queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  if (cause.list === 'panic') {
    await api.post('clearpanicalarm', plainSuccessSchema, clearPanicBodySchema.parse({ aid: cause.latest.aid }));
  } else {
    await api.post('clearvehiclealarm', plainSuccessSchema, clearVehicleAlarmBodySchema.parse({ uid: cause.latest.uid }));
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: alertKeys.allLists() }),
    queryClient.invalidateQueries({ queryKey: alertKeys.allDash() }),
  ]);
}
