import { describe, expect, it } from 'vitest';
import { parseOsmand } from './osmand.ts';

const T = Date.UTC(2024, 4, 1, 10, 0, 0);

describe('parseOsmand, query form (GET or POST from older Traccar Client versions)', () => {
  it('reads every known parameter and keeps unknown ones as attributes', () => {
    const position = parseOsmand({
      query: {
        id: '123456',
        lat: '52.370216',
        lon: '4.895168',
        timestamp: String(T / 1000),
        speed: '10',
        bearing: '270.5',
        altitude: '-3.5',
        accuracy: '12',
        hdop: '0.9',
        batt: '87',
        charge: 'true',
        driverUniqueId: 'D-42',
        valid: 'true',
        wifi: 'aa:bb',
      },
    });
    expect(position).toEqual({
      deviceId: '123456',
      timestampMs: T,
      lat: 52.370216,
      lon: 4.895168,
      fix: true,
      speedKmh: 18.52,
      bearing: 270.5,
      altitude: -3.5,
      io: { accuracy: 12, hdop: 0.9, batteryLevel: 87, charge: 1, driverUniqueId: 'D-42', valid: 1, wifi: 'aa:bb' },
    });
  });

  it('accepts deviceid, heading and location=lat,lon', () => {
    const position = parseOsmand({
      query: { deviceid: 'phone-1', location: '-33.8688,151.2093', heading: '90', timestamp: String(T) },
    });
    expect(position).toMatchObject({
      deviceId: 'phone-1',
      lat: -33.8688,
      lon: 151.2093,
      bearing: 90,
      timestampMs: T,
    });
    expect(position.io).toEqual({});
  });

  it.each([
    ['Unix seconds', '1714557600', T],
    ['Unix seconds with a fraction', '1714557600.25', T + 250],
    ['Unix milliseconds', '1714557600000', T],
    ['ISO 8601 UTC', '2024-05-01T10:00:00Z', T],
    ['ISO 8601 with milliseconds and offset', '2024-05-01T12:00:00.123+02:00', T + 123],
    ['ISO 8601 with a compact offset', '2024-05-01T12:00:00+0200', T],
    ['ISO 8601 without a zone (read as UTC)', '2024-05-01 10:00:00', T],
  ])('reads a timestamp as %s', (_name, timestamp, expected) => {
    expect(parseOsmand({ query: { id: '1', lat: '0', lon: '0', timestamp } }).timestampMs).toBe(expected);
  });

  it('uses the receive time only when the request has no timestamp', () => {
    expect(parseOsmand({ query: { id: '1', lat: '1', lon: '2' }, receivedAtMs: 42 }).timestampMs).toBe(42);
  });

  it('takes the first value of a repeated parameter', () => {
    expect(parseOsmand({ query: { id: ['a', 'b'], lat: '1', lon: '2', timestamp: '0' } }).deviceId).toBe('a');
  });

  it('reads a url-encoded form body', () => {
    const position = parseOsmand({
      query: {},
      body: 'id=7&lat=1.5&lon=2.5&timestamp=1714557600',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(position).toMatchObject({ deviceId: '7', lat: 1.5, lon: 2.5, timestampMs: T });
  });

  it('treats negative speed, bearing and accuracy as unknown', () => {
    const position = parseOsmand({
      query: { id: '1', lat: '1', lon: '2', timestamp: '0', speed: '-1', bearing: '-1', accuracy: '-1' },
    });
    expect(position).not.toHaveProperty('speedKmh');
    expect(position).not.toHaveProperty('bearing');
    expect(position.io).not.toHaveProperty('accuracy');
  });
});

describe('parseOsmand, JSON body (newer Traccar Client versions)', () => {
  const body = {
    location: {
      timestamp: '2024-05-01T10:00:00.000Z',
      coords: { latitude: 52.1, longitude: 5.2, accuracy: 4.5, speed: 10, heading: 180, altitude: 12 },
      is_moving: true,
      odometer: 1234.5,
      event: 'motionchange',
      activity: { type: 'in_vehicle' },
      battery: { level: 0.57, is_charging: false },
      extras: {},
    },
    device_id: '987654',
  };

  it('converts m/s to km/h and a 0..1 battery level to percent', () => {
    expect(parseOsmand({ query: {}, body, contentType: 'application/json' })).toEqual({
      deviceId: '987654',
      timestampMs: T,
      lat: 52.1,
      lon: 5.2,
      fix: true,
      speedKmh: 36,
      bearing: 180,
      altitude: 12,
      io: { accuracy: 4.5, batteryLevel: 57, charge: 0, motion: 1, odometer: 1234.5, event: 'motionchange', activity: 'in_vehicle' },
    });
  });

  it('parses the body from raw JSON text', () => {
    const position = parseOsmand({
      query: {},
      body: JSON.stringify(body),
      contentType: 'application/json; charset=utf-8',
    });
    expect(position.deviceId).toBe('987654');
  });

  it('omits -1 (unknown) speed, heading and battery level', () => {
    const unknown = {
      ...body,
      location: {
        ...body.location,
        coords: { ...body.location.coords, speed: -1, heading: -1 },
        battery: { level: -1, is_charging: true },
      },
    };
    const position = parseOsmand({ query: {}, body: unknown });
    expect(position).not.toHaveProperty('speedKmh');
    expect(position).not.toHaveProperty('bearing');
    expect(position.io).not.toHaveProperty('batteryLevel');
    expect(position.io.charge).toBe(1);
  });

  it('falls back to the query id when the body has no device_id', () => {
    const { device_id: _omitted, ...noId } = body;
    expect(parseOsmand({ query: { id: 'q1' }, body: noId }).deviceId).toBe('q1');
  });
});
