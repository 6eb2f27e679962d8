import { ProtocolError } from '../errors.ts';
import { isObject, parseOsmandJson } from './osmand-json.ts';
import type { OsmandPosition, OsmandRequest } from './osmand-types.ts';
import {
  checkRange,
  KNOTS_TO_KMH,
  parseBearing,
  parseDecimal,
  parseDeviceId,
  parseFlag,
  parseOptionalNonNegative,
  parseTimestamp,
} from './osmand-values.ts';

export type { OsmandPosition, OsmandRequest } from './osmand-types.ts';

/** Parameters with a field of their own; everything else goes to `attributes` unchanged. */
const KNOWN = new Set([
  'id',
  'deviceid',
  'lat',
  'lon',
  'location',
  'timestamp',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'accuracy',
  'hdop',
  'batt',
  'charge',
  'driverUniqueId',
]);

/**
 * Parses one OsmAnd / Traccar Client request, in query (or form) parameter form or JSON body form.
 * Units in the parameter form: speed in knots (×1.852 → km/h), batt in percent, timestamp as Unix
 * seconds, Unix milliseconds or ISO 8601. A repeated parameter counts with its first value.
 */
export function parseOsmand(request: OsmandRequest): OsmandPosition {
  const body = readBody(request.body, request.contentType?.toLowerCase() ?? '');
  const query = flatten(request.query);
  if (isObject(body) && 'location' in body) {
    return parseOsmandJson(body, query.id ?? query.deviceid, request.receivedAtMs);
  }
  const params = isObject(body) ? { ...query, ...flatten(body) } : query;
  return parseParams(params, request.receivedAtMs);
}

function parseParams(p: Record<string, string>, receivedAtMs?: number): OsmandPosition {
  const deviceId = parseDeviceId(p.id ?? p.deviceid);
  const [latText, lonText] = coordinates(p);
  const lat = checkRange('latitude', parseDecimal('lat', latText), -90, 90);
  const lon = checkRange('longitude', parseDecimal('lon', lonText), -180, 180);
  const timestampMs = timestampOf(p.timestamp, receivedAtMs);
  const position: OsmandPosition = { deviceId, timestampMs, lat, lon, attributes: {} };

  const knots = parseOptionalNonNegative('speed', p.speed);
  if (knots !== undefined) position.speedKmh = knots * KNOTS_TO_KMH;
  const bearing = parseBearing('bearing', p.bearing ?? p.heading);
  if (bearing !== undefined) position.bearing = bearing;
  if (p.altitude) position.altitude = parseDecimal('altitude', p.altitude);
  const accuracy = parseOptionalNonNegative('accuracy', p.accuracy);
  if (accuracy !== undefined) position.accuracy = accuracy;
  const hdop = parseOptionalNonNegative('hdop', p.hdop);
  if (hdop !== undefined) position.hdop = hdop;
  const battery = parseOptionalNonNegative('batt', p.batt);
  if (battery !== undefined) position.battery = battery;
  if (p.charge) position.charge = parseFlag('charge', p.charge);
  if (p.driverUniqueId) position.driverUniqueId = p.driverUniqueId;
  for (const [key, value] of Object.entries(p)) {
    if (!KNOWN.has(key)) position.attributes[key] = value;
  }
  return position;
}

/** `lat` and `lon`, or else `location=lat,lon`. */
function coordinates(p: Record<string, string>): [string, string] {
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
  return Object.fromEntries(new URLSearchParams(text));
}

/** First value of each parameter, as text; absent and non-scalar values are dropped. */
function flatten(source: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(source)) {
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      out[key] = String(value);
    }
  }
  return out;
}
