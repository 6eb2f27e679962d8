import { describe, expect, it } from 'vitest';
import { protocolName, rankUnknownDevices } from './unknown-devices.ts';

describe('unknown devices list', () => {
  it('names each device family people know', () => {
    expect(['teltonika', 'osmand', 'gt06', 'queclink', 'h02'].map(protocolName)).toEqual([
      'Teltonika', 'Traccar Client / OsmAnd', 'GT06 / Concox', 'Queclink @Track', 'h02',
    ]);
  });

  it('puts the most attempts first, as its intro says, then the latest', () => {
    const devices = [
      { deviceid: 'phone', protocol: 'osmand', attempts: 2, last: '2026-11-24T10:49:22Z' },
      { deviceid: 'gt06-a', protocol: 'gt06', attempts: 6, last: '2026-11-24T10:49:10Z' },
      { deviceid: 'gt06-b', protocol: 'gt06', attempts: 6, last: '2026-11-24T10:49:13Z' },
      { deviceid: 'ql', protocol: 'queclink', attempts: 7, last: '2026-11-24T10:48:00Z' },
    ];
    expect(rankUnknownDevices(devices).map((d) => d.deviceid)).toEqual(['ql', 'gt06-b', 'gt06-a', 'phone']);
  });
});
