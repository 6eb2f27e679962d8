import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProtocolError, type ProtocolErrorCode } from '../errors.ts';
import { parseOsmand } from './osmand.ts';

describe('parseOsmand errors', () => {
  const cases: [string, Parameters<typeof parseOsmand>[0], ProtocolErrorCode, string][] = [
    [
      'no id',
      { query: { lat: '1', lon: '2' } },
      'missing_field',
      "missing id: send the device identifier as 'id' or 'deviceid'",
    ],
    [
      'a NUL in the id (the database can neither look it up nor store it)',
      { query: { id: 'phone\u00001', lat: '1', lon: '2', timestamp: '0' } },
      'invalid_field',
      'invalid id: it holds control characters',
    ],
    [
      'a control character in the JSON device_id',
      { query: {}, body: JSON.stringify({ device_id: 'a\u001fb', location: { timestamp: 0, coords: { latitude: 1, longitude: 2 } } }), contentType: 'application/json' },
      'invalid_field',
      'invalid id: it holds control characters',
    ],
    [
      'no lat',
      { query: { id: '1', lon: '2' } },
      'missing_field',
      "missing lat: send 'lat' and 'lon' or 'location=lat,lon'",
    ],
    [
      'no lon',
      { query: { id: '1', lat: '2' } },
      'missing_field',
      "missing lon: send 'lat' and 'lon' or 'location=lat,lon'",
    ],
    [
      'lat given without lon, in JSON',
      { query: {}, body: { device_id: '1', location: { timestamp: 0, coords: { latitude: 1 } } } },
      'missing_field',
      'missing longitude: send location.coords.longitude',
    ],
    [
      'a bad battery level',
      { query: { id: '1', lat: '1', lon: '2', timestamp: '0', batt: 'full' } },
      'invalid_field',
      "invalid batt 'full': expected a decimal number",
    ],
    [
      'a bad mock flag in JSON',
      { query: {}, body: { device_id: '1', location: { timestamp: 0, mock: 'perhaps', coords: { latitude: 1, longitude: 2 } } } },
      'invalid_field',
      "invalid mock 'perhaps': expected true or false",
    ],
    [
      'a bad ignition flag',
      { query: { id: '1', lat: '1', lon: '2', timestamp: '0', ignition: 'on-ish' } },
      'invalid_field',
      "invalid ignition 'on-ish': expected true or false",
    ],
    [
      'latitude 91',
      { query: { id: '1', lat: '91', lon: '2', timestamp: '0' } },
      'out_of_range',
      'latitude out of range: 91 (expected -90..90)',
    ],
    [
      'longitude -180.5',
      { query: { id: '1', lat: '1', lon: '-180.5', timestamp: '0' } },
      'out_of_range',
      'longitude out of range: -180.5 (expected -180..180)',
    ],
    [
      'lat not a number',
      { query: { id: '1', lat: '0x10', lon: '2' } },
      'invalid_field',
      "invalid lat '0x10': expected a decimal number",
    ],
    [
      'a bad location',
      { query: { id: '1', location: '1;2' } },
      'invalid_field',
      "invalid location '1;2': expected 'lat,lon'",
    ],
    [
      'a bad timestamp',
      { query: { id: '1', lat: '1', lon: '2', timestamp: 'yesterday' } },
      'invalid_field',
      "invalid timestamp 'yesterday': expected Unix seconds, Unix milliseconds or ISO 8601",
    ],
    [
      'no timestamp and no receive time',
      { query: { id: '1', lat: '1', lon: '2' } },
      'missing_field',
      "missing timestamp: send 'timestamp' as Unix seconds, milliseconds or ISO 8601",
    ],
    [
      'a bad charge flag',
      { query: { id: '1', lat: '1', lon: '2', timestamp: '0', charge: 'maybe' } },
      'invalid_field',
      "invalid charge 'maybe': expected true or false",
    ],
    [
      'broken JSON',
      { query: {}, body: '{"location":', contentType: 'application/json' },
      'bad_json',
      'invalid JSON body: Unexpected end of JSON input',
    ],
    [
      'JSON coords that are not an object',
      { query: {}, body: { device_id: '1', location: { timestamp: 0, coords: 'here' } } },
      'missing_field',
      'missing location.coords: expected an object',
    ],
    [
      'JSON without latitude',
      { query: {}, body: { device_id: '1', location: { coords: { longitude: 1 } } } },
      'missing_field',
      'missing latitude: send location.coords.latitude',
    ],
  ];
  it.each(cases)('rejects %s', (_name, request, code, message) => {
    expect(() => parseOsmand(request)).toThrow(ProtocolError);
    expect(() => parseOsmand(request)).toThrow(expect.objectContaining({ code, message }));
  });
});

describe('parseOsmand on hostile input', () => {
  const onlyProtocolErrors = (request: Parameters<typeof parseOsmand>[0]) => {
    try {
      parseOsmand(request);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
    }
  };
  const key = fc.constantFrom(
    'id',
    'deviceid',
    'lat',
    'lon',
    'location',
    'timestamp',
    'speed',
    'bearing',
    'batt',
    'charge',
    'x',
  );

  it('random parameters throw only ProtocolError', () => {
    fc.assert(
      fc.property(fc.dictionary(key, fc.oneof(fc.string(), fc.array(fc.string()))), (query) =>
        onlyProtocolErrors({ query }),
      ),
      { numRuns: 1000 },
    );
  });

  it('random JSON bodies, parsed or as text, throw only ProtocolError', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, asText) => {
        const body = asText ? JSON.stringify(value) : { device_id: 'x', location: value };
        onlyProtocolErrors({ query: {}, body, contentType: 'application/json' });
      }),
      { numRuns: 1000 },
    );
  });
});
