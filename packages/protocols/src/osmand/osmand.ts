import { ATTR } from '../attributes.ts';
import { ProtocolError } from '../errors.ts';
import { attrKey, checkFieldCount, cellAttrs, putAttr, wifiAttrs } from './osmand-attrs.ts';
import { isObject, parseOsmandJson } from './osmand-json.ts';
import type { OsmandPosition, OsmandRequest } from './osmand-types.ts';
import {
  checkRange,
  KNOTS_TO_KMH,
  parseBearing,
  parseDecimal,
  parseDeviceId,
  parseOptionalNonNegative,
  parseTimestamp,
} from './osmand-values.ts';

export type { OsmandPosition, OsmandRequest } from './osmand-types.ts';

/** Parameters that become the position's own columns (or are read together, as cell and wifi). */
const COLUMNS = new Set(['id', 'deviceid', 'lat', 'lon', 'location', 'timestamp', 'speed', 'bearing', 'heading', 'altitude', 'cell', 'wifi']);
/** Wire names of the query form whose named attribute has another name. */
const RENAMED: Readonly<Record<string, string>> = { batt: ATTR.batteryLevel };

/**
 * Parses one OsmAnd / Traccar Client request into its reports, in the order sent: one for the query
 * (or form) parameter form and the JSON body form, one per location for a JSON batch (`location` as
 * an array, at most MAX_BATCH_LOCATIONS). Units in the parameter form: speed in knots (×1.852 →
 * km/h), batt in percent, timestamp as Unix seconds, Unix milliseconds or ISO 8601. A repeated
 * parameter counts with its first value, except `cell` and `wifi`, which list one tower or access
 * point each. Every other parameter is kept in io. Any bad report refuses the whole request.
 */
export function parseOsmandReports(request: OsmandRequest): OsmandPosition[] {
  const body = readBody(request.body, request.contentType?.toLowerCase() ?? '');
  const query = allValues(request.query);
  if (isObject(body) && 'location' in body) {
    return parseOsmandJson(body, query.id?.[0] ?? query.deviceid?.[0], request.receivedAtMs);
  }
  const params = isObject(body) ? { ...query, ...allValues(body) } : query;
  return [parseParams(params, request.receivedAtMs)];
}

/** The one report of a request that carries one (query, form or single JSON location); a batch is refused. */
export function parseOsmand(request: OsmandRequest): OsmandPosition {
  const reports = parseOsmandReports(request);
  if (reports.length !== 1) {
    throw new ProtocolError('invalid_field', `invalid location: ${reports.length} locations where one was expected`);
  }
  return reports[0] as OsmandPosition;
}

function parseParams(all: Record<string, string[]>, receivedAtMs?: number): OsmandPosition {
  const p: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) if (v[0] !== undefined) p[k] = v[0];
  const deviceId = parseDeviceId(p.id ?? p.deviceid);
  const coords = coordinates(p);
  const lat = coords ? checkRange('latitude', parseDecimal('lat', coords[0]), -90, 90) : 0;
  const lon = coords ? checkRange('longitude', parseDecimal('lon', coords[1]), -180, 180) : 0;
  const timestampMs = timestampOf(p.timestamp, receivedAtMs);
  const position: OsmandPosition = { deviceId, timestampMs, lat, lon, fix: coords !== null, io: {} };

  const knots = parseOptionalNonNegative('speed', p.speed);
  if (knots !== undefined) position.speedKmh = knots * KNOTS_TO_KMH;
  const bearing = parseBearing('bearing', p.bearing ?? p.heading);
  if (bearing !== undefined) position.bearing = bearing;
  if (p.altitude) position.altitude = parseDecimal('altitude', p.altitude);

  const io = position.io;
  for (const [wire, value] of Object.entries(p)) {
    if (COLUMNS.has(wire)) continue;
    const key = RENAMED[wire] ?? attrKey(wire);
    // Phones report -1 for an accuracy or battery level they do not know.
    if ((key === ATTR.accuracy || key === ATTR.batteryLevel || key === ATTR.hdop) && parseDecimal(wire, value) < 0) continue;
    putAttr(io, key, value);
  }
  Object.assign(io, cellAttrs(all.cell ?? []), wifiAttrs(all.wifi ?? []));
  if (!position.fix) io[ATTR.fix] = 0;
  checkFieldCount(io);
  return position;
}

/**
 * `lat` and `lon`, or else `location=lat,lon`; null when the request carries neither (a report
 * from cell towers or wifi only). One of lat / lon without the other is a malformed request.
 */
function coordinates(p: Record<string, string>): [string, string] | null {
  if (!p.lat && !p.lon && p.location === undefined) return null;
  if (p.lat !== undefined || p.lon !== undefined || p.location === undefined) {
    if (!p.lat)
      throw new ProtocolError('missing_field', "missing lat: send 'lat' and 'lon' or 'location=lat,lon'");
    if (!p.lon)
      throw new ProtocolError('missing_field', "missing lon: send 'lat' and 'lon' or 'location=lat,lon'");
    return [p.lat, p.lon];
  }
  const parts = p.location.split(',');
  if (parts.length !== 2) {
    throw new ProtocolError('invalid_field', `invalid location '${p.location}': expected 'lat,lon'`);
  }
  return [parts[0] as string, parts[1] as string];
}

function timestampOf(raw: string | undefined, receivedAtMs: number | undefined): number {
  if (raw) return parseTimestamp(raw);
  if (receivedAtMs !== undefined) return receivedAtMs;
  throw new ProtocolError(
    'missing_field',
    "missing timestamp: send 'timestamp' as Unix seconds, milliseconds or ISO 8601",
  );
}

/** JSON text, url-encoded form text, or an object a body parser already produced. */
function readBody(body: unknown, contentType: string): unknown {
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
  if (typeof text !== 'string') return text;
  if (text.trim() === '') return undefined;
  if (contentType.includes('json') || text.trimStart().startsWith('{')) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new ProtocolError('bad_json', `invalid JSON body: ${(error as Error).message}`);
    }
  }
  const form: Record<string, string[]> = {};
  const params = new URLSearchParams(text);
  for (const key of new Set(params.keys())) form[key] = params.getAll(key);
  return form;
}

/** Every value of each parameter, as text; absent and non-scalar values are dropped. */
function allValues(source: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, raw] of Object.entries(source)) {
    const list = (Array.isArray(raw) ? raw : [raw]).filter(
      (v): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean',
    );
    if (list.length) out[key] = list.map(String);
  }
  return out;
}
