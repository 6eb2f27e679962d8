import type { TimesheetAuditEntry } from '@fleet/shared';
import { hoursMinutes } from './week.ts';

/**
 * An audit line in words for the screen and the printed trail: what changed, the value before and
 * after. Times are written in the site's zone ('Mon 19 Oct 07:00'), breaks in h:mm.
 */

export type AuditWhat =
  | 'start' | 'end' | 'break' | 'notes' | 'added' | 'removed' | 'created' | 'signoff' | 'driversignoff' | 'reopen' | 'other';

export interface AuditLine {
  what: AuditWhat;
  /** The raw action and field, for anything the words do not cover. */
  action: string;
  before: string;
  after: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** 'Mon 19 Oct 07:00' in the zone; the text itself when it is not a time. */
export function shortTime(value: string, timeZone: string): string {
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(d.getTime())) return value;
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, f);
  }
  return f.format(d).replace(',', '');
}

function text(value: unknown, timeZone: string, seconds: boolean): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return seconds ? hoursMinutes(value) : String(value);
  if (typeof value === 'string') return shortTime(value, timeZone);
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.start === 'string' && typeof o.end === 'string') {
      const span = `${shortTime(o.start, timeZone)} – ${shortTime(o.end, timeZone)}`;
      const brk = typeof o.breakS === 'number' ? `, break ${hoursMinutes(o.breakS)}` : '';
      const notes = typeof o.notes === 'string' && o.notes ? `, “${o.notes}”` : '';
      return `${span}${brk}${notes}`;
    }
    if (typeof o.wc === 'string') return `w/c ${o.wc}`;
    return JSON.stringify(value);
  }
  return String(value);
}

export function auditLine(entry: TimesheetAuditEntry, timeZone: string): AuditLine {
  const what: AuditWhat = entry.action === 'updateshift'
    ? (entry.field === 'start' || entry.field === 'end' || entry.field === 'break' ? entry.field : 'other')
    : ({
      updateshiftnotes: 'notes', addtimesheetshift: 'added', removetimesheetrecord: 'removed', createdufftimesheet: 'created',
      signoff: 'signoff', driversignoff: 'driversignoff', reopen: 'reopen',
    } as Record<string, AuditWhat>)[entry.action] ?? 'other';
  const seconds = what === 'break';
  const version = what === 'reopen' || what === 'signoff';
  return {
    what,
    action: entry.field ? `${entry.action} ${entry.field}` : entry.action,
    before: version && typeof entry.before === 'number' ? `v${entry.before}` : text(entry.before, timeZone, seconds),
    after: version && typeof entry.after === 'number' ? `v${entry.after}` : text(entry.after, timeZone, seconds),
  };
}
