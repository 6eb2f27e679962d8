import { describe, expect, it } from 'vitest';
import { decodeQueclink } from './decode.ts';
import { encodeQueclinkHeartbeat, encodeQueclinkHeartbeatSack, encodeQueclinkReport, encodeQueclinkSack } from './encode.ts';
import { FRAMES } from './fixtures.ts';
import { queclinkRecords } from './records.ts';
import type { QueclinkReport } from './types.ts';

const imei = '135790246811220';
const t = Date.parse('2009-02-14T01:32:54Z');
const pos = { lat: 31.222073, lon: 121.354335, speedKmh: 4.3, azimuth: 92, altitude: 70, timeMs: t, accuracy: 1, cell: { mcc: 460, mnc: 0, lac: 0x18d8, cellId: 0x6141 } };

describe('encodeQueclinkReport', () => {
  it('writes the GV300 GTSOS the vendor example shows', () => {
    expect(encodeQueclinkReport({ type: 'GTSOS', protocolVersion: '060100', imei, sendTimeMs: Date.parse('2009-02-14T09:32:54Z'), count: 0x11f0, mileageKm: 2000, position: pos }))
      .toBe(FRAMES.gv300Sos.replace(',,,10,', ',,,00,').replace('18d8', '18D8'));
  });

  it('round-trips a two-position GTFRI, an ignition report and a no-fix position', () => {
    const text = encodeQueclinkReport({
      type: 'GTFRI', buffered: true, protocolVersion: '060100', imei, sendTimeMs: t + 60_000, count: 7, mileageKm: 12.3,
      positions: [pos, { ...pos, lat: null, lon: null, accuracy: 0, timeMs: t + 30_000 }], externalPowerMv: 12500, batteryLevel: 90, deviceStatus: '220000', hourMeterSeconds: 3661,
    });
    const r = decodeQueclink(text) as QueclinkReport;
    expect(r).toMatchObject({ buffered: true, countNumber: '0007', attributes: { power: 12.5, batteryLevel: 90, ignition: 1, motion: 1, odometer: 12_300, hourMeter: 3661 } });
    const recs = queclinkRecords(r);
    expect(recs.map((x) => [x.lat, x.io.fix])).toEqual([[31.222073, undefined], [0, 0]]);
    const ign = decodeQueclink(encodeQueclinkReport({ type: 'GTIGF', protocolVersion: '060100', imei, sendTimeMs: t, count: 8, durationSeconds: 600, position: pos })) as QueclinkReport;
    expect(ign.attributes).toMatchObject({ ignition: 0, ignitionOnSeconds: 600 });
  });

  it('writes the heartbeat and both SACK shapes', () => {
    expect(encodeQueclinkHeartbeat('060100', imei, '', Date.parse('2010-02-14T09:32:54Z'), 0x11f0)).toBe(FRAMES.gv300Heartbeat);
    expect(encodeQueclinkHeartbeatSack('060100', '11F0')).toBe('+SACK:GTHBD,060100,11F0$');
    expect(encodeQueclinkSack('11f0')).toBe('+SACK:11f0$');
  });

  it('refuses to write a layout other than GV300', () => {
    expect(() => encodeQueclinkReport({ type: 'GTSOS', protocolVersion: '1A0100', imei, sendTimeMs: t, count: 1, position: pos })).toThrow(/GV300 layout only/);
  });
});
