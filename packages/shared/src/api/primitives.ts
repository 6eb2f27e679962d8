import { z } from 'zod';

/**
 * The building blocks of every call's input: each id, number, date and piece of text a client
 * sends goes through one of these, so its bounds are the database's and the spec's everywhere
 * (a value the database cannot hold is refused with a 400 here, never a 500 there).
 * Schemas in packages/shared use only these for their input fields (primitives.test.ts checks).
 */

/** The largest PostgreSQL `integer`: every id column is one. */
export const MAX_ID = 2_147_483_647;
/** Years a date may have: PostgreSQL has no year 0, and nothing in a fleet is planned centuries ahead. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

const DIGITS = /^\d{1,10}$/;

/**
 * A row id, 1 … 2³¹−1: a JSON number, or its digits as text (query strings carry only text, and
 * the spec's clients send some body ids as text). Not a float, not a sign, not an exponent.
 */
export const id = z
  .union([z.number(), z.string().regex(DIGITS, 'must be a whole number')])
  .pipe(z.coerce.number<string | number>().int('must be a whole number').min(1, 'must be 1 or more').max(MAX_ID, `must be at most ${MAX_ID}`));

/** The largest PostgreSQL `bigint`: the positions log's ids are one. */
export const MAX_BIGINT = 9_223_372_036_854_775_807n;

/** A bigint row id (a position), 1 … 2⁶³−1, as its digits in text (JSON numbers lose precision past 2⁵³). */
export const bigId = z
  .string()
  .regex(/^[1-9]\d{0,18}$/, 'must be a whole number')
  .refine((s) => !/^\d{1,19}$/.test(s) || BigInt(s) <= MAX_BIGINT, `must be at most ${MAX_BIGINT}`);

/** A whole number within bounds, as a JSON number or its digits as text (a query string's limit). */
export function int(min: number, max: number) {
  return z
    .union([z.number(), z.string().regex(/^-?\d{1,16}$/, 'must be a whole number')])
    .pipe(z.coerce.number<string | number>().int('must be a whole number').min(min, `must be ${min} or more`).max(max, `must be at most ${max}`));
}

/** A finite number within bounds, in a JSON body (messages in words for the user when given). */
export function num(min: number, max: number, messages: { min?: string; max?: string } = {}) {
  return z.number().min(min, messages.min ?? `must be ${min} or more`).max(max, messages.max ?? `must be at most ${max}`);
}

/** A finite number within bounds, in a query string ('51.5', '-0.12'). */
export function numParam(min: number, max: number) {
  return z
    .union([z.number(), z.string().regex(/^-?\d{1,16}(\.\d{1,16})?$/, 'must be a number')])
    .pipe(z.coerce.number<string | number>().min(min, `must be ${min} or more`).max(max, `must be at most ${max}`));
}

/** C0 control characters and DEL: none may appear in text (PostgreSQL refuses NUL outright). */
// eslint-disable-next-line no-control-regex -- the pattern names the control characters it refuses
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
/** Multi-line text may keep tab, line feed and carriage return; no other control character. */
// eslint-disable-next-line no-control-regex -- the pattern names the control characters it refuses
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/**
 * Text of at most `max` characters with no control characters (tab, line feed and carriage return
 * are allowed with `multiline`). Chain `.trim()`, `.min()` or `.regex()` on it as on any string.
 */
export function text(max: number, opts: { multiline?: boolean; tooLong?: string } = {}) {
  return z
    .string()
    .max(max, opts.tooLong ?? `must be at most ${max} characters`)
    .regex(opts.multiline ? MULTI_LINE : ONE_LINE, 'must not contain control characters');
}

/** An e-mail address (trimmed, at most 254 characters as SMTP allows). */
export const email = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .regex(z.regexes.email, 'is not an e-mail address');

function realDate(y: number, m: number, d: number): boolean {
  if (y < MIN_YEAR || y > MAX_YEAR || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** A calendar date 'YYYY-MM-DD' that exists (no 2026-02-30, no month 99), years MIN_YEAR … MAX_YEAR. */
export const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((s) => realDate(Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))), {
    message: `must be a real date between ${MIN_YEAR} and ${MAX_YEAR}`,
  });

/** An instant as ISO 8601 with its offset ('2026-05-01T08:30:00Z'), on a real date, years MIN_YEAR … MAX_YEAR. */
export const datetime = z
  .string()
  .max(40, 'must be at most 40 characters')
  .regex(
    /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/,
    'must be a date and time such as 2026-05-01T08:30:00Z',
  )
  .refine((s) => realDate(Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))), {
    message: `must be a real date between ${MIN_YEAR} and ${MAX_YEAR}`,
  });

/** A flag sent as '0' or '1' in a query string. */
export const flagParam = z.enum(['0', '1']);

function parsedHttp(value: string): URL | null {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}

/** A full http(s) address such as https://tiles.example.com/style.json, with no user name or password in it. */
export const httpUrl = text(2000)
  .trim()
  .refine((s) => parsedHttp(s) !== null, 'must be a full http:// or https:// address, such as https://tiles.example.com/style.json')
  .refine((s) => {
    const url = parsedHttp(s);
    return !url || (url.username === '' && url.password === '');
  }, 'must not carry a user name or password');

/** An origin: scheme, host and port only ('https://tiles.example.com', 'http://127.0.0.1:8081'), normalised. */
export const httpOrigin = text(300)
  .trim()
  .refine((s) => {
    const url = parsedHttp(s);
    return url !== null && url.username === '' && url.password === '' && /^https?:\/\/[^/?#]+\/?$/i.test(s);
  }, "must be an origin such as https://tiles.example.com (scheme, host and port only, no path)")
  .transform((s) => (parsedHttp(s) as URL).origin);

/** The origin of an http(s) address (scheme, host, port), or null when it is not one. */
export function httpOriginOf(value: string): string | null {
  return parsedHttp(value)?.origin ?? null;
}
