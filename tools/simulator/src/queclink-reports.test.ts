import { type AvlRecord, decodeQueclink, encodeQueclinkReport, type QueclinkReport, type QueclinkReportInput } from '@fleet/protocols';
import { describe, expect, it } from 'vitest';
import { IO, IoBuilder, PANIC_DIN_IO } from './io.ts';
import { deviceStatusOf, draftsFor } from './queclink-reports.ts';

const t0 = Date.UTC(2026, 10, 22, 8, 0, 0);
const rec = (i: number, eventIoId: number, io: (b: IoBuilder) => IoBuilder = (b) => b): AvlRecord => ({
  timestampMs: t0 + i * 1000, priority: 0, latitude: 53.8 + i * 1e-4, longitude: -1.55, altitude: 60, angle: 90, satellites: 9, speedKmh: 40, eventIoId,
  io: io(new IoBuilder().u8(IO.IGNITION, 1).u8(IO.MOVEMENT, 1).u32(IO.ODOMETER, 12_345_678).u16(IO.EXT_VOLTAGE, 27_600).u16(IO.BATTERY_VOLTAGE, 4150).u16(IO.HDOP, 9)).io,
  ioVariable: new Map(),
});
const cell = { mcc: 234, mnc: 15, lac: 0x1a2b, cellId: 0x3c4d };
const send = (d: ReturnType<typeof draftsFor>[number]) =>
  decodeQueclink(encodeQueclinkReport({ ...d, protocolVersion: '060100', imei: '862894020180553', count: 1, sendTimeMs: t0 } as QueclinkReportInput)) as QueclinkReport;

describe('draftsFor', () => {
  it('turns periodic records into one GTFRI that the server decodes to the same positions', () => {
    const state = { lastIgnitionMs: t0 };
    const drafts = draftsFor([rec(1, 0), rec(2, 0)], cell, state);
    expect(drafts.map((d) => d.type)).toEqual(['GTFRI']);
    const r = send(drafts[0]!);
    expect(r.positions.map((p) => p.lat)).toEqual([53.8001, 53.8002]);
    expect(r.positions[0]).toMatchObject({ accuracy: 1, speedKmh: 40, lac: 0x1a2b, cellId: 0x3c4d });
    expect(r.attributes).toMatchObject({ odometer: 12_345_700, power: 27.6, batteryLevel: 93, ignition: 1, motion: 1 });
  });

  it('sends an ignition change as GTIGN / GTIGF with the time in the previous state, and a panic press as GTSOS', () => {
    const state = { lastIgnitionMs: t0 };
    const off = rec(600, IO.IGNITION, (b) => b.u8(IO.IGNITION, 0));
    const panic = rec(601, PANIC_DIN_IO, (b) => b.u8(PANIC_DIN_IO, 1));
    const released = rec(605, PANIC_DIN_IO, (b) => b.u8(PANIC_DIN_IO, 0));
    const drafts = draftsFor([rec(599, 0), off, panic, released], cell, state);
    expect(drafts.map((d) => d.type)).toEqual(['GTFRI', 'GTIGF', 'GTSOS']);
    expect(send(drafts[1]!).attributes).toMatchObject({ ignition: 0, ignitionOnSeconds: 600 });
    expect(send(drafts[2]!).attributes).toMatchObject({ alarm: 'sos' });
    expect(state.lastIgnitionMs).toBe(off.timestampMs);
  });

  it('splits more than 15 periodic positions into several GTFRI', () => {
    const drafts = draftsFor(Array.from({ length: 20 }, (_, i) => rec(i, 0)), cell, { lastIgnitionMs: t0 });
    expect(drafts.map((d) => (d.type === 'GTFRI' ? d.positions.length : 0))).toEqual([15, 5]);
  });

  it('writes the device status motion byte, inputs and outputs', () => {
    expect(deviceStatusOf(rec(1, 0, (b) => b.u8(IO.IGNITION, 0).u8(IO.MOVEMENT, 0).u8(IO.DIN2, 1).u8(IO.DOUT1, 1)))).toBe('110201');
  });
});
