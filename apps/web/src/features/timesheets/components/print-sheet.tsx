import type { TimesheetSheet } from '@fleet/shared';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { auditLine, shortTime } from '../model/audit-text.ts';
import { hoursMinutes, weekEnd } from '../model/week.ts';
import classes from './timesheets.module.css';

/**
 * The print view of a driver's week for payroll: the shifts as counted, the totals and the audit
 * trail. Hidden on screen; the print stylesheet prints it alone (A4), whatever else is open.
 */
export function PrintSheet({ sheet }: { sheet: TimesheetSheet }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const zone = sheet.site.timezone;
  const counted = new Map(sheet.week.shifts.map((s) => [s.start, s]));
  // Only while this week is open does printing print it instead of the page.
  useEffect(() => {
    document.body.setAttribute('data-timesheet-printing', '');
    return () => document.body.removeAttribute('data-timesheet-printing');
  }, []);
  return createPortal(
    <div className={classes.printSheet} data-timesheet-print="">
      <h1>{t('timesheets.print.title', { name: sheet.driver.name })}</h1>
      <p>
        {t('timesheets.print.week', { from: sheet.wc, to: weekEnd(sheet.wc), site: sheet.site.name, zone })}
        {' · '}
        {t('timesheets.print.version', { version: sheet.version })}
        {sheet.lockedAt ? ` · ${t('timesheets.print.signedOff', { at: shortTime(sheet.lockedAt, zone) })}` : ''}
      </p>
      <p>{t('timesheets.print.printed', { at: shortTime(new Date().toISOString(), zone), by: user?.name ?? '' })}</p>
      <table>
        <thead>
          <tr>
            <th>{t('timesheets.start')}</th><th>{t('timesheets.end')}</th><th>{t('timesheets.duration')}</th><th>{t('timesheets.breaks')}</th>
            <th>{t('timesheets.driving')}</th><th>{t('timesheets.night')}</th><th>{t('timesheets.notes')}</th>
          </tr>
        </thead>
        <tbody>
          {sheet.shifts.map((r) => {
            const s = r.removed ? null : counted.get(r.start);
            return (
              <tr key={r.id}>
                <td>{shortTime(r.start, zone)}{r.removed ? ` (${t('timesheets.removed')})` : ''}</td>
                <td>{shortTime(r.end, zone)}</td>
                <td>{s ? hoursMinutes(s.durationS) : '—'}</td>
                <td>{s ? hoursMinutes(s.breakS) : '—'}</td>
                <td>{s ? hoursMinutes(s.drivingS) : '—'}</td>
                <td>{s ? hoursMinutes(s.nightS) : '—'}</td>
                <td>{[r.source === 'office' ? t('timesheets.addedByOffice') : '', r.notes].filter(Boolean).join(' · ')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        {t('timesheets.print.totals', {
          worked: hoursMinutes(sheet.week.totals.workedS), overtime: hoursMinutes(sheet.week.totals.overtimeS),
          night: hoursMinutes(sheet.week.totals.nightS), driving: hoursMinutes(sheet.week.totals.drivingS),
        })}
      </p>
      <h1>{t('timesheets.audit.title')}</h1>
      <table>
        <thead>
          <tr>
            <th>{t('timesheets.audit.when')}</th><th>{t('timesheets.audit.who')}</th><th>{t('timesheets.audit.what')}</th>
            <th>{t('timesheets.audit.before')}</th><th>{t('timesheets.audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {sheet.audit.map((a) => {
            const line = auditLine(a, zone);
            return (
              <tr key={a.id}>
                <td>{shortTime(a.at, zone)}</td><td>{a.userName}</td>
                <td>{line.what === 'other' ? line.action : t(`timesheets.audit.${line.what}`)}</td>
                <td>{line.before}</td><td>{line.after}</td>
              </tr>
            );
          })}
          {sheet.audit.length === 0 && (
            <tr><td colSpan={5}>{t('timesheets.audit.none')}</td></tr>
          )}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
