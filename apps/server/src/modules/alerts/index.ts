/** The alerts module's door: its calls, its repository, the alarm rule and the alert events sent live. */
export { alertsRoutes } from './alerts.routes.ts';
export { alertsRepository, type AlertsRepository, type AlertRow, type ClearedRow } from './alerts.repository.ts';
export { alertEvent, clearedEvent } from './alert-view.ts';
export { ALARM_KINDS, isAlarmKind, openAlarmSql } from './alarm.ts';
