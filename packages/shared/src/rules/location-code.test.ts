import { describe, expect, it } from 'vitest';
import {
  assetLocationCode, formatLocation, type LocationCode, locationCodeRaisesAlarm, locationDisplay, parseLocation, toLocationCode,
} from './location-code.ts';

describe('parseLocation (spec section 4: location codes)', () => {
  const table: Array<[loc: string | null | undefined, code: LocationCode | null, text: string]> = [
    ['~ME~At Leeds depot', 'movementEnded', 'At Leeds depot'],
    ['~AP~2.4 km from Wakefield', 'assetPing', '2.4 km from Wakefield'],
    ['~AM~At Leeds depot', 'assetMovement', 'At Leeds depot'],
    ['~AM~', 'assetMovement', ''],
    // no code
    ['At Leeds depot', null, 'At Leeds depot'],
    ['3.1 km from Otley', null, '3.1 km from Otley'],
    // empty
    ['', null, ''],
    [null, null, ''],
    [undefined, null, ''],
    // malformed: only the exact prefixes are codes, anything else stays text
    ['~XX~At Leeds depot', null, '~XX~At Leeds depot'],
    ['~AM At Leeds depot', null, '~AM At Leeds depot'],
    ['~am~At Leeds depot', null, '~am~At Leeds depot'],
    [' ~AM~At Leeds depot', null, ' ~AM~At Leeds depot'],
    ['AM~At Leeds depot', null, 'AM~At Leeds depot'],
    ['~AM~~ME~x', 'assetMovement', '~ME~x'],
  ];
  it.each(table)('%j -> code %s, text %j', (loc, code, text) => {
    expect(parseLocation(loc)).toEqual({ code, text });
  });

  it.each(['movementEnded', 'assetPing', 'assetMovement'] as const)('round-trips %s through formatLocation', (code) => {
    expect(parseLocation(formatLocation(code, 'At Leeds depot'))).toEqual({ code, text: 'At Leeds depot' });
  });

  it('reads stored code names and nothing else', () => {
    expect(toLocationCode('assetMovement')).toBe('assetMovement');
    expect(toLocationCode('movementEnded')).toBe('movementEnded');
    expect(toLocationCode('~AM~')).toBeNull();
    expect(toLocationCode('')).toBeNull();
    expect(toLocationCode(null)).toBeNull();
  });

  it('formats no code as the bare text', () => {
    expect(formatLocation(null, 'At Leeds depot')).toBe('At Leeds depot');
    expect(formatLocation(undefined, '')).toBe('');
  });

  it('never puts a panic string separator into a loc', () => {
    for (const code of ['movementEnded', 'assetPing', 'assetMovement'] as const) expect(formatLocation(code, '')).not.toMatch(/[#|]/);
  });
});

describe('locationDisplay: the code by name, never the prefix', () => {
  it.each([
    ['~ME~At Leeds depot', 'Movement Ended · At Leeds depot'],
    ['~AP~At Leeds depot', 'Asset Ping · At Leeds depot'],
    ['~AM~At Leeds depot', 'Asset Movement · At Leeds depot'],
    ['~AM~', 'Asset Movement'],
    ['At Leeds depot', 'At Leeds depot'],
    ['', ''],
    ['~XX~oops', '~XX~oops'],
  ])('%j reads %j', (loc, shown) => {
    expect(locationDisplay(loc)).toBe(shown);
  });

  it('takes translated names', () => {
    expect(locationDisplay('~ME~Hier', { movementEnded: 'Bewegung beendet', assetPing: 'Ping', assetMovement: 'Bewegung' })).toBe('Bewegung beendet · Hier');
  });
});

describe('assetLocationCode: which report an asset tracker made', () => {
  const table: Array<[previous: boolean | null, current: boolean | null, code: LocationCode]> = [
    [false, true, 'assetMovement'],
    [true, false, 'movementEnded'],
    [false, false, 'assetPing'],
    [true, true, 'assetPing'],
    [null, true, 'assetPing'],
    [null, false, 'assetPing'],
    [true, null, 'assetPing'],
    [false, null, 'assetPing'],
    [null, null, 'assetPing'],
  ];
  it.each(table)('movement %s -> %s is %s', (previous, current, code) => {
    expect(assetLocationCode(previous, current)).toBe(code);
  });

  it('raises the alarm flag for Asset Movement only', () => {
    expect(locationCodeRaisesAlarm('assetMovement')).toBe(true);
    expect(locationCodeRaisesAlarm('assetPing')).toBe(false);
    expect(locationCodeRaisesAlarm('movementEnded')).toBe(false);
    expect(locationCodeRaisesAlarm(null)).toBe(false);
  });
});
