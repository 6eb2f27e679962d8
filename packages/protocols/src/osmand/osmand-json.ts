import { ATTR } from '../attributes.ts';
import { ProtocolError } from '../errors.ts';
import { attrKey, checkFieldCount, putAttr } from './osmand-attrs.ts';
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

/** location.* fields read into columns or named attributes by hand; the rest are kept by name. */
const READ = new Set(['timestamp', 'coords', 'battery', 'is_moving', 'activity', 'extras', 'mock', '_']);
/** coords.* fields that are columns or named attributes. */
const COORDS_READ = new Set(['latitude', 'longitude', 'speed', 'heading', 'altitude', 'accuracy']);

/** Most locations one request may carry: the app's offline buffer sent at once (Transistorsoft batchSync; its maxBatchSize is unlimited by default, so hours offline at one fix every few seconds must fit). */
export const MAX_BATCH_LOCATIONS = 4000;

/**
 * The JSON body newer Traccar Client versions POST (Transistorsoft background-geolocation shape):
 * `{ device_id, location: { timestamp, coords: {latitude, longitude, speed, heading, altitude,
 * accuracy, speed_accuracy, ...}, is_moving, odometer, event, uuid, mock, activity: {type,
 * confidence}, battery: {level, is_charging}, extras: {...} } }`, or with `location` an array of
 * such objects when the app sends what it buffered offline in one request (batchSync). One report
 * per location, in the order sent; a bad location refuses the whole request, its message starting
 * `location[i]: ` so the sender knows which one.
 * Units: speed is m/s (×3.6 → km/h); battery.level is 0..1 (×100 → %); -1 (any negative) speed,
 * heading, accuracy or battery level means "unknown" and is omitted. `extras` are flattened into io
 * (`extras.alarm = "sos"` is the app's SOS button). `location._` repeats the query form for servers
 * that read only that, so it adds nothing and is skipped. No coords: a report without a fix.
 */
export function parseOsmandJson(body: Json, fallbackId: unknown, receivedAtMs?: number): OsmandPosition[] {
  const deviceId = parseDeviceId(body.device_id ?? fallbackId);
  if (!Array.isArray(body.location)) return [parseLocation(deviceId, body.location, receivedAtMs)];
  const batch: unknown[] = body.location;
  if (batch.length === 0) throw new ProtocolError('missing_field', 'missing location: the batch is empty');
  if (batch.length > MAX_BATCH_LOCATIONS) {
    throw new ProtocolError(
      'length_exceeded',
      `too many locations: ${batch.length} in one request, at most ${MAX_BATCH_LOCATIONS} are accepted`,
    );
  }
  return batch.map((raw, i) => {
    try {
      // Without its own time every buffered location would get the receive time and, sharing the
      // re-send key, all but one would be dropped: refused instead, so nothing is lost unseen.
      if (isObject(raw) && !present(raw.timestamp)) {
        throw new ProtocolError('missing_field', 'missing timestamp: each location of a batch must carry location.timestamp');
      }
      return parseLocation(deviceId, raw, receivedAtMs);
    } catch (err) {
      if (err instanceof ProtocolError) throw new ProtocolError(err.code, `location[${i}]: ${err.message}`);
      throw err;
    }
  });
}

function parseLocation(deviceId: string, raw: unknown, receivedAtMs: number | undefined): OsmandPosition {
  const location = objectField(raw, 'location');
  const coords = location.coords === undefined || location.coords === null ? {} : objectField(location.coords, 'location.coords');
  const fix = present(coords.latitude) || present(coords.longitude);
  const lat = fix ? checkRange('latitude', requiredNumber(coords.latitude, 'latitude'), -90, 90) : 0;
  const lon = fix ? checkRange('longitude', requiredNumber(coords.longitude, 'longitude'), -180, 180) : 0;
  const timestampMs = timestampOf(location.timestamp, receivedAtMs);
  const position: OsmandPosition = { deviceId, timestampMs, lat, lon, fix, io: {} };
  const io = position.io;

  const speed = parseOptionalNonNegative('speed', coords.speed);
  if (speed !== undefined) position.speedKmh = speed * MPS_TO_KMH;
  const bearing = parseBearing('heading', coords.heading);
  if (bearing !== undefined) position.bearing = bearing;
  if (present(coords.altitude)) position.altitude = parseDecimal('altitude', coords.altitude);
  const accuracy = parseOptionalNonNegative('accuracy', coords.accuracy);
  if (accuracy !== undefined) io[ATTR.accuracy] = accuracy;
  for (const [wire, value] of Object.entries(coords)) {
    // *_accuracy -1 means unknown, as for accuracy itself.
    if (COORDS_READ.has(wire) || (wire.endsWith('_accuracy') && typeof value === 'number' && value < 0)) continue;
    putAttr(io, attrKey(wire), value);
  }

  if (isObject(location.battery)) {
    const level = parseOptionalNonNegative('battery level', location.battery.level);
    if (level !== undefined) io[ATTR.batteryLevel] = Math.round(level * 1000) / 10;
    putAttr(io, ATTR.charge, location.battery.is_charging);
  }
  putAttr(io, ATTR.motion, location.is_moving);
  putAttr(io, ATTR.mock, location.mock);
  if (isObject(location.activity)) {
    putAttr(io, 'activity', location.activity.type);
    putAttr(io, 'activityConfidence', location.activity.confidence);
  }
  for (const [wire, value] of Object.entries(location)) {
    if (!READ.has(wire)) putAttr(io, attrKey(wire), value);
  }
  if (isObject(location.extras)) {
    for (const [wire, value] of Object.entries(location.extras)) putAttr(io, attrKey(wire), value);
  }
  if (!fix) io[ATTR.fix] = 0;
  checkFieldCount(io);
  return position;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

function timestampOf(raw: unknown, receivedAtMs: number | undefined): number {
  if (present(raw)) return parseTimestamp(raw);
  if (receivedAtMs !== undefined) return receivedAtMs;
  throw new ProtocolError('missing_field', 'missing timestamp: send location.timestamp');
}

function requiredNumber(raw: unknown, name: string): number {
  if (!present(raw)) {
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
