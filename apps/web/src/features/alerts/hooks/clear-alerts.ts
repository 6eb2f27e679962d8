import { notifications } from '@mantine/notifications';
import { i18n } from '../../../i18n/i18n.ts';
import { queryClient } from '../../../shared/query-client.ts';
import { clearAlert, clearAlertsByIds, clearPanicAlarm, clearSpnAlarm, clearVehicleAlarm } from '../api/alerts-api.ts';
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

/** Clears a vehicle's fault-code alerts; a failure says so with the server's reason. */
export async function clearSpnAlerts(uid: number, registration: string): Promise<boolean> {
  try {
    await clearSpnAlarm(uid);
  } catch (error) {
    notifications.show({
      title: i18n.t('alerts.clearFailed'),
      message: error instanceof Error ? error.message : i18n.t('errors.generic'),
      color: 'red',
    });
    return false;
  }
  notifications.show({ message: i18n.t('alertList.spnCleared', { registration }), color: 'teal' });
  await queryClient.invalidateQueries({ queryKey: alertKeys.allDash() });
  refreshAlertLists();
  return true;
}

/** Acknowledges one Run Over alert; a failure is shown, and the row stays for another try. */
export async function clearRunOver(aid: number, registration: string): Promise<void> {
  try {
    await clearAlert(aid);
  } catch {
    notifications.show({ message: i18n.t('alerts.clearFailed'), color: 'red' });
    return;
  }
  notifications.show({ message: i18n.t('alerts.cleared', { registration }), color: 'teal' });
  refreshAlertLists();
  void queryClient.invalidateQueries({ queryKey: alertKeys.allDash() });
}

/**
 * Clears these alerts (a row, a vehicle's group, everything shown) for everyone on the site, all
 * or none; says how many, or why not. Resolves whether they were cleared.
 */
export async function clearListedAlerts(aids: readonly number[]): Promise<boolean> {
  if (aids.length === 0) return true;
  try {
    await clearAlertsByIds(aids);
  } catch (error) {
    notifications.show({
      title: i18n.t('alerts.clearFailed'),
      message: error instanceof Error ? error.message : i18n.t('errors.generic'),
      color: 'red',
    });
    return false;
  }
  notifications.show({ message: i18n.t('alertList.clearedCount', { count: aids.length }), color: 'teal' });
  refreshAlertLists();
  await queryClient.invalidateQueries({ queryKey: alertKeys.allDash() });
  return true;
}
