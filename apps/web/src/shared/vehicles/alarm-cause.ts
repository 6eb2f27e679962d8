import type { TFunction } from 'i18next';

/** The fields of an alert record the cause is read from (alertlist records have them). */
export interface AlertCauseFacts {
  kind: string;
  event: string;
  poi: string;
  detail?: string;
}

/**
 * What raised an alert, in words: the alert type text as the banners and spec name it ('Vehicle
 * Panic Alert Notification', 'Asset Geofence Alert: entered Depot yard', ...).
 *
 * The one place the vehicle card, details and the dashboard take an alert's cause from. The alerts
 * feature is to export `alertCauseText` (readable texts, issue 10 item 8); when it does, this body
 * becomes a call to it and nothing else changes.
 */
export function alarmCauseText(alert: AlertCauseFacts, t: TFunction): string {
  const poi = alert.poi.trim() || t('alerts.aZone');
  switch (alert.kind) {
    case 'panic':
      return t('alerts.panicText');
    case 'geofence':
      if (alert.event === 'movement') return t('alerts.assetMoved');
      if (alert.event === 'enter') return `${t('alerts.geofenceText')}: ${t('alerts.geofenceEntered', { poi })}`;
      if (alert.event === 'exit') return `${t('alerts.geofenceText')}: ${t('alerts.geofenceLeft', { poi })}`;
      return t('alerts.geofenceText');
    case 'spn': {
      const codes = (alert.detail ?? '').trim();
      return codes ? `${t('dashboard.category.spn')}: ${codes}` : t('dashboard.category.spn');
    }
    case 'runover':
      return t('dashboard.category.runover');
    case 'servicing':
      return t('dashboard.category.servicing');
    default:
      return `${alert.kind} ${alert.event}`.trim();
  }
}
