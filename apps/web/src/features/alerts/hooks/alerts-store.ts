import { useSyncExternalStore } from 'react';
import { type AlertsAction, type AlertsState, alertsReducer, initialAlertsState } from './alerts-state.ts';

export type { AlertsState } from './alerts-state.ts';

let state: AlertsState = initialAlertsState;
const listeners = new Set<() => void>();

/**
 * The tab's open alerts: fed by dashalerts (at sign-in, start, site switch, reconnect) and live by
 * 'alerts:new' and 'alerts:cleared' (see use-alerts-feed); the banners and the dashboard read it.
 */
export function dispatchAlerts(action: AlertsAction): void {
  const next = alertsReducer(state, action);
  if (next === state) return;
  state = next;
  for (const l of listeners) l();
}

export function getAlerts(): AlertsState {
  return state;
}

export function clearAlerts(): void {
  dispatchAlerts({ type: 'reset' });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAlerts(): AlertsState {
  return useSyncExternalStore(subscribe, getAlerts, getAlerts);
}
