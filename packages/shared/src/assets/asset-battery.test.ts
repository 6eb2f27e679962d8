import { describe, expect, it } from 'vitest';
import { assetBattery } from './asset-battery.ts';

describe('assetBattery: an asset tracker battery from its IO (Teltonika ids or named attributes)', () => {
  const table: Array<[string, Record<string, number | string>, { volts: number | null; percent: number | null; low: boolean }]> = [
    ['Teltonika voltage only, healthy', { 67: 4050 }, { volts: 4.05, percent: null, low: false }],
    ['Teltonika voltage only, low', { 67: 3550 }, { volts: 3.55, percent: null, low: true }],
    ['Teltonika level wins over voltage for low', { 67: 3550, 113: 64 }, { volts: 3.55, percent: 64, low: false }],
    ['Teltonika level low', { 113: 12 }, { volts: null, percent: 12, low: true }],
    ['named attributes (a phone or GT06)', { battery: 4.1, batteryLevel: 15 }, { volts: 4.1, percent: 15, low: true }],
    ['level out of range is ignored', { 113: 250, 67: 4000 }, { volts: 4, percent: null, low: false }],
    ['nothing reported', { 239: 0 }, { volts: null, percent: null, low: false }],
    ['digits as text', { 67: '3900' }, { volts: 3.9, percent: null, low: false }],
  ];
  it.each(table)('%s', (_name, io, expected) => {
    expect(assetBattery(io)).toEqual(expected);
  });
});
