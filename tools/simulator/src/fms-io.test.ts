import { CODEC_8E, decodeAvlPacket, encodeAvlPacket, ioCatalogue, ioToJson, readIoElements } from '@fleet/protocols';
import { describe, expect, it } from 'vitest';
import { PROFILES } from './profiles.ts';
import { seededRng } from './rng.ts';
import { buildRecord, initialState, type VehicleState } from './vehicle-record.ts';

const depot = { lat: 53.8, lon: -1.55 };
const T0 = Date.UTC(2026, 10, 24, 8, 0, 0);

/** A record's engine data as the server reads it: encoded, decoded, through the catalogue. */
function engineData(kind: keyof typeof PROFILES, s: Partial<VehicleState>, t = T0): Record<string, number> {
  const p = PROFILES[kind];
  const state = { ...initialState(seededRng(7), p, depot), ...s };
  const [rec] = decodeAvlPacket(encodeAvlPacket({ codec: CODEC_8E, records: [buildRecord(p, state, t)] })).records;
  return Object.fromEntries(readIoElements(ioToJson(rec!), ioCatalogue()).filter((r) => r.fms).map((r) => [r.fms, r.value]));
}

describe('the simulated FMS/CAN engine data', () => {
  it('a loaded HGV at speed: warm coolant, plausible fuel rate, axle loads, AdBlue and a service distance', () => {
    const d = engineData('hgv', { ignition: true, speedKmh: 80, odometerM: 125_300_000, fuelUsedLitres: 10_000 });
    expect(d.coolantTemp).toBeGreaterThanOrEqual(82);
    expect(d.coolantTemp).toBeLessThanOrEqual(100);
    expect(d.fuelRate).toBeGreaterThan(10);
    expect(d.fuelRate).toBeLessThan(40);
    expect(d.axle1).toBeGreaterThanOrEqual(6200);
    expect(d.axle2).toBeGreaterThanOrEqual(7400);
    expect(d.axle2).toBeLessThanOrEqual(11_500);
    expect(d.serviceDistance).toBe(60_000 - 5300);
    expect(d.adBluePercent).toBeGreaterThan(0);
    expect(d.adBluePercent).toBeLessThanOrEqual(100);
    expect(d.adBlueLitres).toBeCloseTo(80 - ((10_000 * 0.05) % 68), 0);
  });

  it('idling burns the idle rate; stopped engines send no load; AdBlue falls as fuel is used', () => {
    const idle = engineData('hgv', { ignition: true, speedKmh: 0 });
    expect(idle.fuelRate).toBeCloseTo(PROFILES.hgv.idleLitresPerHour, 1);
    expect(engineData('hgv', { ignition: false, speedKmh: 0 })).toMatchObject({ fuelRate: 0, engineLoad: 0 });
    const before = engineData('hgv', { fuelUsedLitres: 1000 }).adBlueLitres!;
    expect(engineData('hgv', { fuelUsedLitres: 1200 }).adBlueLitres).toBeCloseTo(before - 10, 0);
  });

  it('vans have no axle loads or AdBlue; asset trackers send no engine data', () => {
    const van = engineData('van', { ignition: true, speedKmh: 50 });
    expect(van.axle1).toBeUndefined();
    expect(van.adBluePercent).toBeUndefined();
    expect(van.coolantTemp).toBeGreaterThan(80);
    expect(engineData('asset', {})).not.toHaveProperty('coolantTemp');
  });
});
