import { notifications } from '@mantine/notifications';
import { i18n } from '../../../i18n/i18n.ts';
import { queryClient } from '../../../shared/query-client.ts';
import { clearAlertsByIds, clearPanicAlarm, clearVehicleAlarm } from '../api/alerts-api.ts';
import { dispatchAlerts } from './alerts-store.ts';
import { alertKeys } from '../api/alert-keys.ts';

function refreshAlertLists(): void {
  void queryClient.invalidateQueries({ queryKey: alertKeys.allLists() });
}

/**
 * Spec 4: clearing a geofence alert calls the server, sets the alarm flag false, notifies and removes
 * the vehicle's alerts from the list; errors are ignored silently (the line stays, ready to retry).
 */
export async function clearGeofenceAlert(unitid: number, registration: string): Promise<void> {
  dispatchAlerts({ type: 'geofenceClearing', unitid });
  try {
    await clearVehicleAlarm(unitid);
  } catch {
    dispatchAlerts({ type: 'geofenceClearFailed', unitid });
    return;
  }
  notifications.show({ message: i18n.t('alerts.cleared', { registration }), color: 'teal' });
  dispatchAlerts({ type: 'geofenceCleared', unitid });
  refreshAlertLists();
}

/**
 * Spec 4 and 8: after the confirmation the panic is cleared; on ok 1 the dashboard alerts are
 * reloaded; a failure alerts 'Failed to clear alarm'. Resolves whether it was cleared.
 */
export async function acknowledgePanic(aid: number): Promise<boolean> {
  try {
    await clearPanicAlarm(aid);
  } catch {
    notifications.show({ message: i18n.t('alerts.clearFailed'), color: 'red' });
    return false;
  }
  dispatchAlerts({ type: 'panicCleared', aid });
  await queryClient.invalidateQueries({ queryKey: alertKeys.allDash() });
  refreshAlertLists();
  return true;
}

/**
 * Runs a clearing call; on success says `done` and refreshes the alert lists and the dashboard, on
 * failure says why (the server's reason) and leaves everything as it was. Resolves whether it cleared.
 */
async function clearing(call: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await call();
  } catch (error) {
    notifications.show({
      title: i18n.t('alerts.clearFailed'),
      message: error instanceof Error ? error.message : i18n.t('errors.generic'),
      color: 'red',
    });
    return false;
  }
  notifications.show({ message: done, color: 'teal' });
  refreshAlertLists();
  await queryClient.invalidateQueries({ queryKey: alertKeys.allDash() });
  return true;
}

/**
 * Clears these alerts (a row, a vehicle's group, everything shown) for everyone on the site, all
 * or none; says how many, or why not. Resolves whether they were cleared.
 */
export function clearListedAlerts(aids: readonly number[]): Promise<boolean> {
  if (aids.length === 0) return Promise.resolve(true);
  return clearing(() => clearAlertsByIds(aids), i18n.t('alertList.clearedCount', { count: aids.length }));
}
