import { ProtocolError } from '../errors.ts';

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const ISO_8601 = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
/** Numbers below this are Unix seconds, above it milliseconds (1e11 s is year 5138; 1e11 ms is 1973). */
const SECONDS_LIMIT = 1e11;
/** 9999-12-31T23:59:59.999Z */
const MAX_TIME_MS = 253402300799999;

/** A decimal number from a query string or a JSON number; rejects '', hex, 'Infinity' and the like. */
export function parseDecimal(name: string, raw: unknown): number {
  const value =
    typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isFinite(value)) {
    throw new ProtocolError('invalid_field', `invalid ${name} '${String(raw)}': expected a decimal number`);
  }
  return value;
}

/** Like parseDecimal, but a negative value means "unknown" (phones report -1) and becomes undefined. */
export function parseOptionalNonNegative(name: string, raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = parseDecimal(name, raw);
  return value < 0 ? undefined : value;
}

export function checkRange(label: string, value: number, min: number, max: number): number {
  if (value < min || value > max) {
    throw new ProtocolError('out_of_range', `${label} out of range: ${value} (expected ${min}..${max})`);
  }
  return value;
}

/** Bearing in degrees folded into 0..360 (exclusive); negative means unknown. */
export function parseBearing(name: string, raw: unknown): number | undefined {
  const value = parseOptionalNonNegative(name, raw);
  return value === undefined ? undefined : value % 360;
}

/**
 * Unix seconds (fractions allowed), Unix milliseconds, or ISO 8601. An ISO time without a zone is
 * read as UTC so that the result never depends on the server's time zone.
 */
export function parseTimestamp(raw: unknown): number {
  let ms: number;
  if (typeof raw === 'number' || (typeof raw === 'string' && DECIMAL.test(raw.trim()))) {
    const n = parseDecimal('timestamp', raw);
    ms = Math.round(Math.abs(n) < SECONDS_LIMIT ? n * 1000 : n);
  } else if (typeof raw === 'string' && ISO_8601.test(raw.trim())) {
    ms = Date.parse(normalizeIso(raw.trim()));
  } else {
    ms = NaN;
  }
  if (Number.isNaN(ms)) {
    throw new ProtocolError(
      'invalid_field',
      `invalid timestamp '${String(raw)}': expected Unix seconds, Unix milliseconds or ISO 8601`,
    );
  }
  return checkRange('timestamp', ms, 0, MAX_TIME_MS);
}

function normalizeIso(text: string): string {
  const m = ISO_8601.exec(text) as RegExpExecArray;
  const [, date, hm, sec = '00', frac = '', zone = 'Z'] = m;
  const millis = frac ? `.${frac.padEnd(3, '0').slice(0, 3)}` : '';
  const z = zone.toUpperCase() === 'Z' ? 'Z' : normalizeZone(zone);
  return `${date}T${hm}:${sec}${millis}${z}`;
}

function normalizeZone(zone: string): string {
  const digits = zone.slice(1).replace(':', '');
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || '00'}`;
}

/** 'true'/'1' or 'false'/'0' (any case), or a JSON boolean. */
export function parseFlag(name: string, raw: unknown): boolean {
  if (typeof raw === 'boolean') return raw;
  const text = String(raw).trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new ProtocolError('invalid_field', `invalid ${name} '${String(raw)}': expected true or false`);
}

/**
 * A device identifier: non-empty, at most 128 characters, surrounding spaces removed, no control
 * characters (a NUL can be neither looked up nor stored) and no lone UTF-16 surrogates.
 */
export function parseDeviceId(raw: unknown): string {
  if (raw === undefined || raw === null || String(raw).trim() === '') {
    throw new ProtocolError('missing_field', `missing id: send the device identifier as 'id' or 'deviceid'`);
  }
  const id = String(raw).trim();
  if (id.length > 128) {
    throw new ProtocolError('invalid_field', `invalid id: ${id.length} characters, at most 128 allowed`);
  }
  // eslint-disable-next-line no-control-regex -- finding control characters is the point of this check
  if (/[\u0000-\u001f\u007f]|\p{Cs}/u.test(id)) {
    throw new ProtocolError('invalid_field', 'invalid id: it holds control characters');
  }
  return id;
}

export const KNOTS_TO_KMH = 1.852;
export const MPS_TO_KMH = 3.6;
