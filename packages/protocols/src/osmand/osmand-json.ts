import { ProtocolError } from '../errors.ts';
import type { OsmandPosition } from './osmand-types.ts';
import {
  checkRange,
  MPS_TO_KMH,
  parseBearing,
  parseDecimal,
  parseDeviceId,
  parseOptionalNonNegative,
  parseTimestamp,
} from './osmand-values.ts';

type Json = Record<string, unknown>;

/**
 * The JSON body newer Traccar Client versions POST (Transistorsoft background-geolocation shape):
 * `{ device_id, location: { timestamp, coords: {latitude, longitude, speed, heading, altitude,
 * accuracy}, is_moving, odometer, event, activity: {type}, battery: {level, is_charging} } }`.
 * Units: speed is m/s (×3.6 → km/h); battery.level is 0..1 (×100 → %); -1 (any negative) speed,
 * heading, accuracy or battery level means "unknown" and is omitted.
 */
export function parseOsmandJson(body: Json, fallbackId: unknown, receivedAtMs?: number): OsmandPosition {
  const deviceId = parseDeviceId(body.device_id ?? fallbackId);
  if (Array.isArray(body.location)) {
    throw new ProtocolError(
      'invalid_field',
      'invalid location: batched locations are not supported, send one per request',
    );
  }
  const location = objectField(body.location, 'location');
  const coords = objectField(location.coords, 'location.coords');
  const lat = checkRange('latitude', requiredNumber(coords.latitude, 'latitude'), -90, 90);
  const lon = checkRange('longitude', requiredNumber(coords.longitude, 'longitude'), -180, 180);
  const timestampMs = timestampOf(location.timestamp, receivedAtMs);
  const position: OsmandPosition = { deviceId, timestampMs, lat, lon, attributes: {} };

  const speed = parseOptionalNonNegative('speed', coords.speed);
  if (speed !== undefined) position.speedKmh = speed * MPS_TO_KMH;
  const bearing = parseBearing('heading', coords.heading);
  if (bearing !== undefined) position.bearing = bearing;
  if (coords.altitude !== undefined && coords.altitude !== null) {
    position.altitude = parseDecimal('altitude', coords.altitude);
  }
  const accuracy = parseOptionalNonNegative('accuracy', coords.accuracy);
  if (accuracy !== undefined) position.accuracy = accuracy;

  if (isObject(location.battery)) {
    const level = parseOptionalNonNegative('battery level', location.battery.level);
    if (level !== undefined) position.battery = Math.round(level * 1000) / 10;
    if (typeof location.battery.is_charging === 'boolean') position.charge = location.battery.is_charging;
  }
  if (typeof location.is_moving === 'boolean') position.attributes.motion = location.is_moving;
  if (typeof location.odometer === 'number') position.attributes.odometer = location.odometer;
  if (typeof location.event === 'string') position.attributes.event = location.event;
  if (isObject(location.activity) && typeof location.activity.type === 'string') {
    position.attributes.activity = location.activity.type;
  }
  return position;
}

function timestampOf(raw: unknown, receivedAtMs: number | undefined): number {
  if (raw !== undefined && raw !== null && raw !== '') return parseTimestamp(raw);
  if (receivedAtMs !== undefined) return receivedAtMs;
  throw new ProtocolError('missing_field', 'missing timestamp: send location.timestamp');
}

function requiredNumber(raw: unknown, name: string): number {
  if (raw === undefined || raw === null || raw === '') {
    throw new ProtocolError('missing_field', `missing ${name}: send location.coords.${name}`);
  }
  return parseDecimal(name, raw);
}

function objectField(raw: unknown, name: string): Json {
  if (!isObject(raw)) throw new ProtocolError('missing_field', `missing ${name}: expected an object`);
  return raw;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}
