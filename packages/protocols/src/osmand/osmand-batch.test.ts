import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { osmandEventIo } from './osmand-attrs.ts';
import { MAX_BATCH_LOCATIONS } from './osmand-json.ts';
import { parseOsmand, parseOsmandReports } from './osmand.ts';

// Two of Traccar's OsmAndProtocolDecoderTest locations (an Android phone, then one with extras),
// sent together as the app sends its offline buffer (Transistorsoft batchSync: `location` an array).
const ANDROID = { event: 'motionchange', is_moving: false, uuid: '0e9a2473-a9a7-4c00-997b-fb97d2154e75', timestamp: '2021-07-21T08:06:34.444Z', odometer: 0, coords: { latitude: -6.1148096, longitude: 106.6837015, accuracy: 3.8, speed: 18.67, speed_accuracy: 0.26, heading: 63, heading_accuracy: 0.28, altitude: 35.7, altitude_accuracy: 3.8 }, activity: { type: 'still', confidence: 100 }, battery: { is_charging: false, level: 0.79 }, extras: {} };
const EXTRAS = { timestamp: '2025-06-15T13:45:12.862Z', coords: { latitude: 37.4219983, longitude: -122.084, accuracy: 5, speed: 0, heading: -1, altitude: 5 }, is_moving: false, odometer: 0, event: 'motionchange', battery: { level: 1, is_charging: false }, activity: { type: 'still' }, extras: { device_string_test: 'long_device_id' } };

const batch = (location: unknown, deviceId: unknown = '8737767034') =>
  parseOsmandReports({ query: {}, body: JSON.stringify({ location, device_id: deviceId }), contentType: 'application/json', receivedAtMs: 1_700_000_000_000 });

function refusal(run: () => unknown): [string, string] {
  try {
    run();
  } catch (err) {
    if (err instanceof ProtocolError) return [err.code, err.message];
    throw err;
  }
  throw new Error('not refused');
}

describe('a batch of JSON locations (the app sending what it buffered offline)', () => {
  it('gives one report per location, in order, each with its own fields, all of the body device', () => {
    const reports = batch([ANDROID, EXTRAS]);
    expect(reports).toHaveLength(2);
    const [a, b] = reports;
    expect(a).toMatchObject({ deviceId: '8737767034', lat: -6.1148096, lon: 106.6837015, bearing: 63, altitude: 35.7, fix: true });
    expect(a?.speedKmh).toBeCloseTo(67.212, 3);
    expect(a?.timestampMs).toBe(Date.parse('2021-07-21T08:06:34.444Z'));
    expect(a?.io).toEqual({
      accuracy: 3.8, speedAccuracy: 0.26, headingAccuracy: 0.28, altitudeAccuracy: 3.8, batteryLevel: 79, charge: 0,
      motion: 0, activity: 'still', activityConfidence: 100, event: 'motionchange', uuid: '0e9a2473-a9a7-4c00-997b-fb97d2154e75', odometer: 0,
    });
    expect(b).toMatchObject({ deviceId: '8737767034', lat: 37.4219983, lon: -122.084, altitude: 5 });
    expect(b?.io).toEqual({
      accuracy: 5, batteryLevel: 100, charge: 0, motion: 0, activity: 'still', odometer: 0, event: 'motionchange', deviceStringTest: 'long_device_id',
    });
  });

  it('reads a batch location exactly as the same location sent alone', () => {
    for (const location of [ANDROID, EXTRAS]) {
      const alone = parseOsmand({ query: {}, body: JSON.stringify({ location, device_id: '1' }) });
      expect(batch([EXTRAS, location], '1')[1]).toEqual(alone);
    }
  });

  it('an SOS inside a batch is an alarm report of its own (eventIo 1), the others positions (0)', () => {
    const sos = { ...EXTRAS, timestamp: '2025-06-15T13:45:13Z', extras: { alarm: 'sos' } };
    const reports = batch([EXTRAS, sos, { ...EXTRAS, timestamp: '2025-06-15T13:45:14Z', extras: {} }]);
    expect(reports.map((r) => r.io.alarm)).toEqual([undefined, 'sos', undefined]);
    expect(reports.map((r) => osmandEventIo(r.io))).toEqual([0, 1, 0]);
  });

  it('a location without coords in a batch is a report without a fix, the others keep theirs', () => {
    const reports = batch([EXTRAS, { timestamp: '2025-06-15T13:46:00Z', battery: { level: 0.5 } }]);
    expect(reports.map((r) => [r.fix, r.lat, r.io.fix])).toEqual([[true, 37.4219983, undefined], [false, 0, 0]]);
  });

  it('the device id may come from the query as for a single location', () => {
    const reports = parseOsmandReports({ query: { id: 'phone-7' }, body: JSON.stringify({ location: [EXTRAS, ANDROID] }) });
    expect(reports.map((r) => r.deviceId)).toEqual(['phone-7', 'phone-7']);
  });

  it('query and single-location forms still give exactly one report', () => {
    expect(parseOsmandReports({ query: { id: '1', lat: '1', lon: '2', timestamp: '0' } })).toHaveLength(1);
    expect(batch(EXTRAS)).toHaveLength(1);
  });
});

describe('a bad batch is refused whole, naming the location', () => {
  it.each<[string, unknown, string, string]>([
    ['a bad coordinate in the second location', [EXTRAS, { ...ANDROID, coords: { latitude: 'north', longitude: 1 } }], 'invalid_field', "location[1]: invalid latitude 'north': expected a decimal number"],
    ['latitude out of range in the third', [EXTRAS, ANDROID, { ...ANDROID, coords: { latitude: 91, longitude: 1 } }], 'out_of_range', 'location[2]: latitude out of range: 91 (expected -90..90)'],
    ['a location that is not an object', [EXTRAS, 'x'], 'missing_field', 'location[1]: missing location: expected an object'],
    ['a null location', [null], 'missing_field', 'location[0]: missing location: expected an object'],
    ['a location without a time (it would take the receive time and collide)', [EXTRAS, { coords: { latitude: 1, longitude: 2 } }], 'missing_field', 'location[1]: missing timestamp: each location of a batch must carry location.timestamp'],
    ['a bad timestamp', [{ ...EXTRAS, timestamp: 'yesterday' }], 'invalid_field', "location[0]: invalid timestamp 'yesterday': expected Unix seconds, Unix milliseconds or ISO 8601"],
    ['an empty batch', [], 'missing_field', 'missing location: the batch is empty'],
  ])('%s', (_name, location, code, message) => {
    expect(refusal(() => batch(location))).toEqual([code, message]);
  });

  it(`refuses more than ${MAX_BATCH_LOCATIONS} locations (length_exceeded: 413 at the listener), takes exactly that many`, () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...EXTRAS, timestamp: 1_700_000_000 + i }));
    expect(batch(many(MAX_BATCH_LOCATIONS))).toHaveLength(MAX_BATCH_LOCATIONS);
    expect(refusal(() => batch(many(MAX_BATCH_LOCATIONS + 1)))).toEqual([
      'length_exceeded', `too many locations: ${MAX_BATCH_LOCATIONS + 1} in one request, at most ${MAX_BATCH_LOCATIONS} are accepted`,
    ]);
  });

  it('a device id that is bad is refused once, not per location', () => {
    expect(refusal(() => batch([EXTRAS], ''))).toEqual(['missing_field', "missing id: send the device identifier as 'id' or 'deviceid'"]);
  });

  it('parseOsmand, which gives one report, refuses a batch of two', () => {
    expect(refusal(() => parseOsmand({ query: {}, body: { device_id: '1', location: [EXTRAS, ANDROID] } }))).toEqual([
      'invalid_field', 'invalid location: 2 locations where one was expected',
    ]);
  });

  it('any one bad location among good ones refuses the batch with its index (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 20 }), fc.nat(), (n, pick) => {
      const bad = pick % n;
      const list = Array.from({ length: n }, (_, i) => (i === bad ? { ...EXTRAS, coords: { latitude: 1, longitude: 200 } } : EXTRAS));
      const [code, message] = refusal(() => batch(list));
      expect(code).toBe('out_of_range');
      expect(message).toBe(`location[${bad}]: longitude out of range: 200 (expected -180..180)`);
    }));
  });
});
