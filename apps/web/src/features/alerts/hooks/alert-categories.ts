import { TABS_PREFIX } from '@fleet/shared';
import type { AlertCounts } from './alerts-state.ts';

/** The dashboard's six categories (spec 2), in the spec's order, and device alarms (issue 13); each opens alerts/{list}. */
export const ALERT_LISTS = ['panic', 'zone', 'vcl', 'servicing', 'runover', 'spn', 'device'] as const;
export type AlertList = (typeof ALERT_LISTS)[number];

/** The categories whose records the server keeps; the others are not built yet. */
export const BUILT_ALERT_LISTS = ['panic', 'zone', 'spn', 'runover', 'servicing', 'device'] as const;
export type BuiltAlertList = (typeof BUILT_ALERT_LISTS)[number];

export function isAlertList(value: string | undefined): value is AlertList {
  return (ALERT_LISTS as readonly string[]).includes(value ?? '');
}

export function isBuiltAlertList(value: string | undefined): value is BuiltAlertList {
  return (BUILT_ALERT_LISTS as readonly string[]).includes(value ?? '');
}

/**
 * A category's count: a number, null when its feature is not built yet ('Not available yet', never
 * an invented number), undefined while the counts are still loading.
 */
export function categoryCount(counts: AlertCounts | null, list: AlertList): number | null | undefined {
  if (!counts) return undefined;
  return counts[list];
}

/** alerts/{list} or alerts/{list}/{id} under the tabs prefix. */
export function alertsPath(list: AlertList, id?: number): string {
  return `${TABS_PREFIX}/alerts/${list}${id === undefined ? '' : `/${id}`}`;
}

/** Which server call clears a row of a category: a panic or a Run Over by alert id, a vehicle's zone, SPN or device alarms by unit. */
export type ClearCall = 'clearpanicalarm' | 'clearvehiclealarm' | 'clearspnalarm' | 'cleardevicealarm' | 'clearalert' | null;
export const CLEAR_CALL: Record<BuiltAlertList, ClearCall> = {
  panic: 'clearpanicalarm',
  zone: 'clearvehiclealarm',
  spn: 'clearspnalarm',
  runover: 'clearalert',
  device: 'cleardevicealarm',
  // A unit stays due for service until its plan moves on: nothing to clear.
  servicing: null,
};
