import type { TFunction } from 'i18next';
import { i18n } from '../../../i18n/i18n.ts';
import { type AlertFacts, describeAlert } from './alert-rows.ts';

/**
 * What happened, in words an operator reads at a glance: 'Entered Depot yard', 'Panic button
 * pressed', 'Ignition on outside working hours (Mon–Fri 06:00–18:00)', 'Fault codes 520192.4'.
 * Takes an alert record or a live alert event (kind, event, poi, detail).
 */
export function alertCauseText(a: AlertFacts, t: TFunction = i18n.t): string {
  const what = describeAlert(a);
  if ('values' in what) return t(`alertList.what.${what.key}`, what.values);
  return t(`alertList.what.${what.key}`);
}
