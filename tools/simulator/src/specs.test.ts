import { SITE_FLEETS } from '@fleet/demo/data/fleet';
import { demoDevices } from '@fleet/demo/demo-devices';
import { imei, luhnDigit } from '@fleet/demo/prng';
import { describe, expect, it } from 'vitest';
import { routeById } from './routes/index.ts';
import { DEFAULT_IMEI_BASE, demoSpecs, imeiSequence, syntheticSpecs } from './specs.ts';

describe('demo devices (packages/db seed/demo-devices.ts)', () => {
  const devices = demoDevices();

  it('are the seed fleet: SITE_FLEETS batches in order, IMEIs imei(412001) upwards', () => {
    const expected = Object.entries(SITE_FLEETS).flatMap(([siteName, batches]) =>
      batches.flatMap((b) =>
        Array.from({ length: b.count }, (_, i) => ({ siteName, unitTypeId: b.type, label: b.labels?.[i] })),
      ),
    );
    expect(devices).toHaveLength(60);
    expect(devices.map((d) => ({ siteName: d.siteName, unitTypeId: d.unitTypeId }))).toEqual(
      expected.map(({ siteName, unitTypeId }) => ({ siteName, unitTypeId })),
    );
    devices.forEach((d, i) => {
      expect(d.imei).toBe(imei(412_001 + i));
      const label = expected[i]?.label;
      if (label) expect(d.registration).toBe(label);
      else expect(d.registration).toMatch(/^[A-Y]{2}\d{2} [A-Y]{3}$/);
    });
    expect(new Set(devices.map((d) => d.registration)).size).toBe(60);
  });

  it('keeps the values the seed inserted before the planner was extracted', () => {
    // Pinned from the pre-refactor seedDemo loop (same PRNG sequence).
    expect(devices[0]).toEqual({
      imei: '356209084120010',
      registration: 'YJ21 FRL',
      siteName: 'Leeds Depot',
      unitTypeId: 1,
    });
    expect(devices.at(-1)).toEqual({
      imei: '356209084120606',
      registration: 'Phone - Site engineer',
      siteName: 'Wakefield Works',
      unitTypeId: 20,
    });
  });
});

describe('device specs', () => {
  it('simulates phones over OsmAnd and everything else over Teltonika, on routes of their own site', () => {
    const specs = demoSpecs();
    expect(specs).toHaveLength(60);
    expect(specs.filter((s) => s.protocol === 'osmand').map((s) => s.unitTypeId)).toEqual([20, 20, 20]);
    const sites = new Map(demoDevices().map((d) => [d.imei, d.siteName]));
    for (const s of specs) expect(routeById(s.routeId).site).toBe(sites.get(s.imei));
    expect(specs.filter((s) => s.start.phase === 'driving').length).toBeGreaterThan(30);
  });

  it('generates valid, distinct IMEIs from a base', () => {
    const imeis = imeiSequence('35620908900000', 25);
    expect(imeis[0]).toBe(DEFAULT_IMEI_BASE);
    expect(new Set(imeis).size).toBe(25);
    for (const i of imeis) {
      expect(i).toMatch(/^\d{15}$/);
      expect(luhnDigit(i.slice(0, 14))).toBe(Number(i[14]));
    }
    const second = imeis[1] as string;
    expect(syntheticSpecs(3, second).map((s) => s.imei)).toEqual(imeiSequence('35620908900001', 3));
    expect(() => imeiSequence('356209089000011', 1)).toThrow(/check digit/);
    expect(() => imeiSequence('12345', 1)).toThrow(/14 or 15 digits/);
  });
});
