/** The alerts module's door: its calls, its repository (and the processors' alert store), the alarm rule and the alert events sent live. */
export { alertsRoutes } from './alerts.routes.ts';
export {
  alertsRepository, storeRaisedAlerts, type AlertsRepository, type AlertRow, type AlertToStore, type ClearedRow, type StoredAlert,
} from './alerts.repository.ts';
export { alertEvent, alertText, clearedEvent } from './alert-view.ts';
export { ALARM_KINDS, isAlarmKind, openAlarmSql } from './alarm.ts';
