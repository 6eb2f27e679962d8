// The dashboard panic alert string (spec sections 3 and 9): records split on '#', fields on '|'.
// Field order, fixed here because the spec names the fields but not their order:
//   vehicle|loc|updated|uid|aid      e.g. 'AB12 CDE|Leeds LS1|2026-11-22T08:00:00Z|17|902#…'
// uid (unit id) and aid (alert id) are non-negative integers. Separators inside text are stripped.
import type { PanicAlert } from '../alerts/alerts.schema.ts';

export const PANIC_RECORD_SEPARATOR = '#';
export const PANIC_FIELD_SEPARATOR = '|';
/** The fields of one record, in wire order. */
export const PANIC_FIELDS = ['vehicle', 'loc', 'updated', 'uid', 'aid'] as const;

const SEPARATORS = /[#|]/g;
const ID = /^\d+$/;

function parseId(text: string): number | null {
  const trimmed = text.trim();
  if (!ID.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) ? n : null;
}

/** One 'vehicle|loc|updated|uid|aid' record; null unless it has exactly five fields and integer ids. */
export function parsePanicRecord(record: string): PanicAlert | null {
  const fields = record.split(PANIC_FIELD_SEPARATOR);
  if (fields.length !== PANIC_FIELDS.length) return null;
  const [vehicle = '', loc = '', updated = '', uidText = '', aidText = ''] = fields;
  const uid = parseId(uidText);
  const aid = parseId(aidText);
  if (uid === null || aid === null) return null;
  return { vehicle, loc, updated, uid, aid };
}

/** Parses the whole string; empty (or blank) records are ignored and malformed records are skipped. */
export function parsePanicString(text: string | null | undefined): PanicAlert[] {
  if (!text) return [];
  const alerts: PanicAlert[] = [];
  for (const record of text.split(PANIC_RECORD_SEPARATOR)) {
    if (record.trim() === '') continue;
    const alert = parsePanicRecord(record);
    if (alert) alerts.push(alert);
  }
  return alerts;
}

/** Removes '#' and '|' so a value cannot split its record. */
export function stripPanicSeparators(value: string): string {
  return value.replace(SEPARATORS, '');
}

function formatId(name: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`Panic alert ${name} must be a non-negative integer, got ${n}`);
  }
  return String(n);
}

/** Builds the dashboard string from alerts; throws a RangeError for an id that is not a whole number. */
export function formatPanicString(alerts: readonly PanicAlert[]): string {
  return alerts
    .map((a) =>
      [
        stripPanicSeparators(a.vehicle),
        stripPanicSeparators(a.loc),
        stripPanicSeparators(a.updated),
        formatId('uid', a.uid),
        formatId('aid', a.aid),
      ].join(PANIC_FIELD_SEPARATOR),
    )
    .join(PANIC_RECORD_SEPARATOR);
}
