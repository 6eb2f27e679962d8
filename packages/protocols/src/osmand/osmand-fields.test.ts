import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { alarmAttrs, attrKey, osmandEventIo } from './osmand-attrs.ts';
import { parseOsmand } from './osmand.ts';

/** A query string as the app sends it (the examples below are Traccar's OsmAndProtocolDecoderTest requests). */
function fromUrl(url: string) {
  const params = new URL(url, 'http://server').searchParams;
  const query: Record<string, string[]> = {};
  for (const key of new Set(params.keys())) query[key] = params.getAll(key);
  return parseOsmand({ query, receivedAtMs: 1_700_000_000_000 });
}

describe('every field the Traccar Client app sends is kept (real requests from traccar OsmAndProtocolDecoderTest)', () => {
  it('JSON body with battery, activity, odometer, event and extras of every type', () => {
    const body = '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{"device_string_test":"long_device_id","device_bool_test":true,"device_bool_false_test":false,"device_integer_test":1,"device_double_test":1.345,"device_very_long_double_test":1763636.3442},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"48241179"}';
    const p = parseOsmand({ query: {}, body, contentType: 'application/json' });
    expect(p).toMatchObject({ deviceId: '48241179', lat: 37.4219983, lon: -122.084, fix: true, speedKmh: 0, altitude: 5 });
    expect(p).not.toHaveProperty('bearing');
    expect(p.timestampMs).toBe(Date.parse('2025-06-15T13:45:12.862Z'));
    expect(p.io).toEqual({
      accuracy: 5, batteryLevel: 100, charge: 0, motion: 0, activity: 'still', odometer: 0, event: 'motionchange',
      deviceStringTest: 'long_device_id', deviceBoolTest: 1, deviceBoolFalseTest: 0, deviceIntegerTest: 1,
      deviceDoubleTest: 1.345, deviceVeryLongDoubleTest: 1763636.3442,
    });
  });

  it('JSON body of an iOS simulator: mock, uuid, age, activity confidence, coords accuracies', () => {
    const body = '{"location":{"extras":{},"mock":true,"coords":{"speed_accuracy":-1,"speed":-1,"longitude":-122.406417,"ellipsoidal_altitude":0,"floor":null,"heading_accuracy":-1,"latitude":37.785834000000001,"accuracy":5,"altitude_accuracy":-1,"altitude":0,"heading":-1},"is_moving":false,"age":188,"odometer":0,"uuid":"2FB04C65-99CF-42AB-8DD3-EBCB4B108BF8","event":"motionchange","battery":{"level":-1,"is_charging":false},"activity":{"type":"unknown","confidence":100},"timestamp":"2025-05-09T04:11:30.579Z"},"device_id":"658765"}';
    const p = parseOsmand({ query: {}, body, contentType: 'application/json' });
    expect(p.io).toEqual({
      accuracy: 5, ellipsoidalAltitude: 0, charge: 0, motion: 0, mock: 1, activity: 'unknown', activityConfidence: 100,
      age: 188, odometer: 0, uuid: '2FB04C65-99CF-42AB-8DD3-EBCB4B108BF8', event: 'motionchange',
    });
  });

  it('JSON body of an Android phone moving at 18.67 m/s', () => {
    const body = '{"location":{"event":"motionchange","is_moving":false,"uuid":"0e9a2473-a9a7-4c00-997b-fb97d2154e75","timestamp":"2021-07-21T08:06:34.444Z","odometer":0,"coords":{"latitude":-6.1148096,"longitude":106.6837015,"accuracy":3.8,"speed":18.67,"speed_accuracy":0.26,"heading":63,"heading_accuracy":0.28,"altitude":35.7,"altitude_accuracy":3.8},"activity":{"type":"still","confidence":100},"battery":{"is_charging":false,"level":0.79},"extras":{}},"device_id":"8737767034"}';
    const p = parseOsmand({ query: {}, body });
    expect(p.speedKmh).toBeCloseTo(67.212, 3);
    expect(p.bearing).toBe(63);
    expect(p.io).toMatchObject({ batteryLevel: 79, speedAccuracy: 0.26, headingAccuracy: 0.28, altitudeAccuracy: 3.8, uuid: '0e9a2473-a9a7-4c00-997b-fb97d2154e75' });
  });

  it('free parameters of an OBD device: ignition, rpm and fuel as named attributes', () => {
    const p = fromUrl('/?id=123456789012345&timestamp=1504763810&lat=40.7232948571&lon=-74.0061408571&bearing=7.19889788244&speed=40&ignition=true&rpm=933&fuel=24');
    expect(p.io).toEqual({ ignition: 1, rpm: 933, fuel: 24 });
    expect(p.speedKmh).toBeCloseTo(74.08, 2);
  });

  it('hdop, vacc / hacc and batt', () => {
    expect(fromUrl('/?id=902064&lat=42.06288&lon=-88.23412&timestamp=2016-01-27T18%3A55%3A47Z&hdop=6.0&altitude=224.0&speed=0.0').io).toEqual({ hdop: 6 });
    expect(fromUrl('/?lat=60.0&lon=30.0&speed=0.0&heading=0.0&vacc=0&hacc=0&altitude=0&deviceid=123456').io).toEqual({ vacc: 0, hacc: 0 });
    expect(fromUrl('/?id=861001000719969&lat=41.666667&lon=-0.883333&altitude=350.059479&speed=0.000000&batt=87').io).toEqual({ batteryLevel: 87 });
  });

  it('cell towers and wifi only: a report without a fix at 0,0, every tower kept', () => {
    const p = fromUrl('/?id=123456&timestamp=1377177267&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70');
    expect(p).toMatchObject({ deviceId: '123456', lat: 0, lon: 0, fix: false, timestampMs: 1377177267000 });
    expect(p.io).toEqual({
      fix: 0, cell: '257:2:16:2224', cells: '257,02,16,2224;257,02,16,2223,-90', wifi: '00-14-22-01-23-45,-80;00-1C-B3-09-85-15,-70',
    });
  });

  it('JSON without coords: a report without a fix, its other fields kept', () => {
    const p = parseOsmand({ query: {}, body: { device_id: 'p', location: { timestamp: 0, battery: { level: 0.5 }, extras: { alarm: 'sos' } } } });
    expect(p).toMatchObject({ lat: 0, lon: 0, fix: false });
    expect(p.io).toEqual({ fix: 0, batteryLevel: 50, alarm: 'sos' });
  });
});

describe('SOS and other alarms', () => {
  it('alarm=sos in the query form of the older app', () => {
    const p = fromUrl('/?id=phone1&timestamp=1377177267&lat=60.0&lon=30.0&alarm=sos');
    expect(p.io).toEqual({ alarm: 'sos' });
    expect(osmandEventIo(p.io)).toBe(1);
  });

  it('location.extras.alarm = "sos" in the JSON of the newer app', () => {
    const p = parseOsmand({ query: {}, body: { device_id: 'p', location: { timestamp: 0, coords: { latitude: 1, longitude: 2 }, extras: { alarm: 'sos' } } } });
    expect(p.io.alarm).toBe('sos');
    expect(osmandEventIo(p.io)).toBe(1);
  });

  it('a position without an alarm keeps re-send key 0', () => {
    expect(osmandEventIo(fromUrl('/?id=1&lat=1&lon=2&timestamp=0').io)).toBe(0);
  });

  it.each([
    ['sos', { alarm: 'sos' }], ['SOS', { alarm: 'sos' }], ['lowBattery', { alarm: 'lowBattery' }], ['lowPower', { alarm: 'lowPower' }],
    ['powerCut', { alarm: 'powerCut' }], ['vibration', { alarm: 'vibration' }], ['overspeed', { alarm: 'overspeed' }],
    ['tampering', { alarm: 'tampering' }], ['removing', { alarm: 'tampering' }], ['low_battery', { alarm: 'lowBattery' }],
    ['geofenceEnter', { alarmText: 'geofenceEnter' }], ['fallDown,sos', { alarm: 'sos', alarmText: 'fallDown' }], ['', {}],
  ])('alarm %j', (word, io) => {
    expect(alarmAttrs(word)).toEqual(io);
  });

  it('an unknown alarm word is kept as alarmText and still gets its own re-send key', () => {
    const p = fromUrl('/?id=1&lat=1&lon=2&timestamp=0&alarm=fallDown');
    expect(p.io).toEqual({ alarmText: 'fallDown' });
    expect(osmandEventIo(p.io)).toBe(1);
  });
});

describe('io keys', () => {
  it.each([['speed_accuracy', 'speedAccuracy'], ['driverUniqueId', 'driverUniqueId'], ['my-key', 'myKey'], ['239', 'param239'], ['2', 'param2']])(
    '%s → %s', (wire, key) => expect(attrKey(wire)).toBe(key),
  );

  it('a free parameter named as a Teltonika IO id never lands on that id', () => {
    expect(fromUrl('/?id=1&lat=1&lon=2&timestamp=0&2=1&239=1').io).toEqual({ param2: 1, param239: 1 });
  });

  it('io stays flat: numbers and text only, word keys only, whatever the JSON holds', () => {
    const scalar = fc.oneof(fc.string({ maxLength: 8, unit: 'binary' }), fc.double(), fc.boolean(), fc.constant(null));
    const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }));
    const obj = fc.dictionary(fc.string({ maxLength: 10 }), value, { maxKeys: 6 });
    fc.assert(fc.property(obj, obj, (extras, more) => {
      let io;
      try {
        io = parseOsmand({ query: {}, body: { device_id: 'p', location: { ...more, timestamp: 0, extras } } }).io;
      } catch (e) {
        if (e instanceof ProtocolError) return;
        throw e;
      }
      for (const [k, v] of Object.entries(io)) {
        expect(k).toMatch(/^[A-Za-z]/);
        expect(['number', 'string']).toContain(typeof v);
        // Text the log can hold: the writer would refuse a NUL or a lone surrogate, and the app would send it forever.
        if (typeof v === 'string') expect(/\0|\p{Cs}/u.test(v)).toBe(false);
      }
    }));
  });
});

describe('text the log can hold', () => {
  it('a NUL, a control character or a lone surrogate in a free value becomes U+FFFD, the report is kept', () => {
    const p = parseOsmand({ query: { id: '1', lat: '1', lon: '2', timestamp: '0', note: 'a\u0000b\u001fc', other: 'x\ud800y', alarm: 'sos,fall\u0000' } });
    expect(p.io).toEqual({ note: 'a\ufffdb\ufffdc', other: 'x\ufffdy', alarm: 'sos', alarmText: 'fall\ufffd' });
  });

  it('refuses a report with more than 200 fields, with the count', () => {
    const query: Record<string, string> = { id: '1', lat: '1', lon: '2', timestamp: '0' };
    for (let i = 0; i < 201; i++) query[`f${i}`] = '1';
    expect(() => parseOsmand({ query })).toThrow('too many fields: 201, at most 200 are accepted');
  });

  it('cuts long text at 256 characters', () => {
    const p = parseOsmand({ query: {}, body: { device_id: 'p', location: { timestamp: 0, extras: { long: 'x'.repeat(1000) } } } });
    expect(String(p.io.long)).toHaveLength(256);
  });
});
