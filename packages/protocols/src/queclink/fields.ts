import { ProtocolError } from '../errors.ts';

const DECIMAL = /^-?\d{1,10}(?:\.\d{1,7})?$/;
const TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;
const HEX = /^[0-9A-Fa-f]{1,8}$/;

/** A decimal field, or null when it is empty; anything else is refused with the field's name. */
export function decimalOrNull(name: string, raw: string): number | null {
  if (raw === '') return null;
  if (!DECIMAL.test(raw)) throw new ProtocolError('invalid_field', `${name} '${raw}' is not a decimal number`);
  return Number(raw);
}

/** A decimal field within [min, max], or null when empty. */
export function rangedOrNull(name: string, raw: string, min: number, max: number): number | null {
  const v = decimalOrNull(name, raw);
  if (v !== null && (v < min || v > max)) throw new ProtocolError('out_of_range', `${name} ${raw} is outside ${min}..${max}`);
  return v;
}

/** A hex field (LAC, cell id, up to 8 digits), or null when empty. */
export function hexOrNull(name: string, raw: string): number | null {
  if (raw === '') return null;
  if (!HEX.test(raw)) throw new ProtocolError('invalid_field', `${name} '${raw}' is not hexadecimal`);
  return parseInt(raw, 16);
}

/** YYYYMMDDHHMMSS in UTC, or null when empty; an impossible date is refused. */
export function timeOrNull(name: string, raw: string): number | null {
  if (raw === '') return null;
  const m = TIME.exec(raw);
  if (!m) throw new ProtocolError('bad_timestamp', `${name} '${raw}' is not YYYYMMDDHHMMSS`);
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  // Date.UTC reads years 0–99 as 1900–1999: refuse them rather than move the date a century.
  if (y < 1970) throw new ProtocolError('bad_timestamp', `${name} '${raw}' is before 1970`);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  if (mo < 1 || mo > 12 || back.getUTCDate() !== d || back.getUTCMonth() !== mo - 1 || h > 23 || mi > 59 || s > 59) {
    throw new ProtocolError('bad_timestamp', `${name} '${raw}' is not a real date and time`);
  }
  return ms;
}

/** Hour meter HHHHH:MM:SS as seconds, or null when empty. */
export function hourMeterOrNull(raw: string): number | null {
  if (raw === '') return null;
  const m = /^(\d{1,6}):([0-5]\d):([0-5]\d)$/.exec(raw);
  if (!m) throw new ProtocolError('invalid_field', `hour meter '${raw}' is not HHHHH:MM:SS`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** Field i of a split message; the caller has checked the count, so a missing one is a bug in a layout. */
export function at(fields: readonly string[], i: number): string {
  const v = fields[i];
  if (v === undefined) throw new ProtocolError('missing_field', `field ${i} is missing`);
  return v;
}
