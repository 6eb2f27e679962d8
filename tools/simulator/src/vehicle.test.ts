import { type AvlRecord, CODEC_8E, decodeAvlPacket, encodeAvlPacket } from '@fleet/protocols';
import { describe, expect, it } from 'vitest';
import { IO, PANIC_DIN_IO, PRIORITY, PTO_DIN_IOS } from './io.ts';
import { PROFILES, type VehicleProfile } from './profiles.ts';
import { bearingDeg, distanceM, distanceToPolylineM, headingDiff } from './routes/geo.ts';
import { positionAt, type RoutePath, routeById } from './routes/index.ts';
import { Vehicle, type VehicleOptions, type VehicleSnapshot } from './vehicle.ts';

const T0 = Date.UTC(2025, 0, 6, 7, 0, 0);

/** Drives a vehicle for `hours` with an injected clock, taking a record every stepMs. */
function drive(
  profile: VehicleProfile,
  routeId: string,
  hours: number,
  stepMs = 5000,
  extra: Partial<VehicleOptions> = {},
): { route: RoutePath; records: AvlRecord[]; periodic: Array<AvlRecord & { snap: VehicleSnapshot }> } {
  const route = routeById(routeId);
  const vehicle = new Vehicle({ route, profile, seed: 1234, startMs: T0, ...extra });
  const records: AvlRecord[] = [];
  const periodic: Array<AvlRecord & { snap: VehicleSnapshot }> = [];
  for (let t = T0 + stepMs; t <= T0 + hours * 3_600_000; t += stepMs) {
    const out = vehicle.advanceTo(t);
    records.push(...out);
    const last = out.at(-1);
    if (last) periodic.push({ ...last, snap: vehicle.snapshot() });
  }
  return { route, records, periodic };
}

const io = (r: AvlRecord, id: number) => r.io.get(id)?.value as number | undefined;

describe('Vehicle', () => {
  const van = drive(PROFILES.van, 'leeds-west-ring', 8);

  it('stays on the route polyline', () => {
    for (const r of van.records) {
      expect(distanceToPolylineM({ lat: r.latitude, lon: r.longitude }, van.route.points)).toBeLessThan(1);
    }
  });

  it('keeps speeds within the road limit and the vehicle top speed, and slows for bends', () => {
    let fastest = 0;
    for (const r of van.periodic) {
      const here = positionAt(van.route, r.snap.distanceM);
      expect(r.speedKmh).toBeGreaterThanOrEqual(0);
      expect(r.speedKmh).toBeLessThanOrEqual(Math.min(here.limitKmh, PROFILES.van.maxKmh) + 1);
      if (here.bendKmh < 25) expect(r.speedKmh).toBeLessThanOrEqual(30);
      fastest = Math.max(fastest, r.speedKmh);
    }
    expect(fastest).toBeGreaterThan(60); // the 50 mph Stanningley bypass
    expect(van.periodic.filter((r) => r.speedKmh > 0).length).toBeGreaterThan(van.periodic.length / 3);
  });

  it('cycles the ignition: parked at the depot with the ignition off, on before driving', () => {
    const ignition = van.records.filter((r) => r.eventIoId === IO.IGNITION);
    expect(ignition.filter((r) => io(r, IO.IGNITION) === 1).length).toBeGreaterThanOrEqual(3);
    expect(ignition.filter((r) => io(r, IO.IGNITION) === 0).length).toBeGreaterThanOrEqual(3);
    const parked = van.periodic.filter((r) => r.snap.phase === 'parked');
    expect(parked.length).toBeGreaterThan(0);
    const depot = van.route.points[0] as { lat: number; lon: number };
    for (const r of parked) {
      expect(io(r, IO.IGNITION)).toBe(0);
      expect(io(r, IO.CAN_RPM)).toBe(0);
      expect(distanceM({ lat: r.latitude, lon: r.longitude }, depot)).toBeLessThan(1);
    }
    for (const r of van.periodic.filter((x) => x.speedKmh > 0)) {
      expect(io(r, IO.IGNITION)).toBe(1);
      expect(io(r, IO.MOVEMENT)).toBe(1);
      expect(io(r, IO.CAN_RPM)).toBeGreaterThan(PROFILES.van.idleRpm);
    }
    expect(
      van.periodic.some((r) => r.snap.phase === 'warmup' && io(r, IO.CAN_RPM) === PROFILES.van.idleRpm),
    ).toBe(true);
  });

  it('reports a heading that matches the direction of travel', () => {
    const { periodic } = drive(PROFILES.car, 'leeds-east-thorpe-park', 2, 1000);
    let checked = 0;
    for (let i = 1; i < periodic.length; i++) {
      const a = periodic[i - 1] as AvlRecord;
      const b = periodic[i] as AvlRecord;
      const from = { lat: a.latitude, lon: a.longitude };
      const to = { lat: b.latitude, lon: b.longitude };
      if (a.speedKmh < 15 || b.speedKmh < 15 || distanceM(from, to) < 5) continue;
      // The chord between two fixes lies between the two headings (within a few degrees).
      const chord = bearingDeg(from, to);
      const turn = headingDiff(a.angle, b.angle);
      expect(headingDiff(chord, a.angle)).toBeLessThanOrEqual(turn + 5);
      expect(headingDiff(chord, b.angle)).toBeLessThanOrEqual(turn + 5);
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('keeps odometer, fuel used and engine hours monotonic; fuel level falls with distance', () => {
    let prev: AvlRecord | undefined;
    for (const r of van.records) {
      if (prev) {
        for (const id of [IO.ODOMETER, IO.CAN_MILEAGE, IO.CAN_FUEL_USED, IO.ENGINE_WORKTIME]) {
          expect(io(r, id)).toBeGreaterThanOrEqual(io(prev, id) ?? 0);
        }
        // The reported level sloshes and has noise (fuel-io.ts): from one extreme of the slosh to the other and noise: never more than 13 % of the tank between two reports, but a refuel.
        if (r.eventIoId !== IO.CAN_FUEL_LEVEL_L) {
          expect(io(r, IO.CAN_FUEL_LEVEL_L)).toBeLessThanOrEqual((io(prev, IO.CAN_FUEL_LEVEL_L) ?? 0) + PROFILES.van.tankLitres * 0.13 * 10);
        }
      }
      prev = r;
    }
    const first = van.records[0] as AvlRecord;
    const last = van.records.at(-1) as AvlRecord;
    const km = ((io(last, IO.ODOMETER) ?? 0) - (io(first, IO.ODOMETER) ?? 0)) / 1000;
    const litres = ((io(last, IO.CAN_FUEL_USED) ?? 0) - (io(first, IO.CAN_FUEL_USED) ?? 0)) / 10;
    expect(km).toBeGreaterThan(50);
    expect(litres / km).toBeGreaterThan(0.08);
    expect(litres / km).toBeLessThan(0.2);
  });

  it('runs 24 V trucks at 27-28 V with the engine on and 24-25 V off', () => {
    const { records } = drive(PROFILES.hgv, 'leeds-wakefield-trunk', 6);
    for (const r of records) {
      const mv = io(r, IO.EXT_VOLTAGE) ?? 0;
      if (io(r, IO.IGNITION) === 1) expect(mv).toBeGreaterThanOrEqual(27_000);
      else expect(mv).toBeLessThanOrEqual(25_000);
      expect(mv).toBeGreaterThanOrEqual(24_000);
      expect(mv).toBeLessThanOrEqual(28_300);
    }
  });

  it('switches PTO on only while stopped at work stops (unit type 16)', () => {
    const { records } = drive(PROFILES.pto, 'bradford-north-shipley', 8);
    const ptoOn = records.filter((r) => io(r, PTO_DIN_IOS[0]) === 1);
    expect(ptoOn.length).toBeGreaterThan(0);
    for (const r of ptoOn) {
      expect(r.speedKmh).toBe(0);
      expect(io(r, IO.IGNITION)).toBe(1);
    }
    expect(records.some((r) => r.eventIoId === PTO_DIN_IOS[0])).toBe(true);
  });

  it('presses panic now and then (DIN2, priority 2) and raises J1939 fault codes in IO 281', () => {
    const { records } = drive(PROFILES.van, 'leeds-north-roundhay', 10, 5000, {
      panicPerHour: 1,
      faultPerHour: 1,
    });
    const panic = records.filter((r) => r.eventIoId === PANIC_DIN_IO && io(r, PANIC_DIN_IO) === 1);
    expect(panic.length).toBeGreaterThan(0);
    for (const r of panic) expect(r.priority).toBe(PRIORITY.panic);
    const faults = records.filter((r) => r.ioVariable.has(IO.FAULT_CODES));
    expect(faults.length).toBeGreaterThan(0);
    for (const r of faults)
      expect(r.ioVariable.get(IO.FAULT_CODES)?.toString('latin1')).toMatch(
        /^(SPN \d+ FMI \d+(,SPN \d+ FMI \d+)*)?$/,
      );
    // A fault's end is an event record with an empty list (the server ends the fault episode there).
    const ends = faults.filter((r) => r.ioVariable.get(IO.FAULT_CODES)?.length === 0);
    expect(ends.length).toBeGreaterThan(0);
    for (const r of ends) expect(r.eventIoId).toBe(IO.FAULT_CODES);
  });

  it('is reproducible for a seed and its records survive a Codec 8E round trip', () => {
    const a = drive(PROFILES.pto, 'wakefield-europort', 1, 5000, { faultPerHour: 5 });
    const b = drive(PROFILES.pto, 'wakefield-europort', 1, 5000, { faultPerHour: 5 });
    expect(b.records).toEqual(a.records);
    const packet = { codec: CODEC_8E, records: a.records.slice(0, 50) } as const;
    const decoded = decodeAvlPacket(encodeAvlPacket(packet));
    expect(decoded.records.map((r) => ({ ...r, io: Object.fromEntries(r.io) }))).toEqual(
      packet.records.map((r) => ({ ...r, io: Object.fromEntries(r.io) })),
    );
  });

  it('keeps asset trackers without ignition or CAN values', () => {
    const { records } = drive(PROFILES.asset, 'leeds-airport', 6, 5000, {
      start: { phase: 'driving', at: 0.1 },
    });
    for (const r of records) {
      expect(io(r, IO.IGNITION)).toBe(0);
      expect(r.io.has(IO.CAN_RPM)).toBe(false);
    }
    expect(records.some((r) => r.speedKmh > 0)).toBe(true);
  });
});
