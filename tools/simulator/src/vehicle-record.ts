import type { AvlRecord } from '@fleet/protocols';
import { formatFaultCodes, IO, IoBuilder, PANIC_DIN_IO, PTO_DIN_IOS } from './io.ts';
import { addFmsIo } from './fms-io.ts';
import { rpmFor, type VehicleProfile } from './profiles.ts';
import { type Rng, uniform } from './rng.ts';

/** What a record is made from: the vehicle's state at one instant. */
export interface VehicleState {
  lat: number;
  lon: number;
  altitude: number;
  heading: number;
  speedKmh: number;
  satellites: number;
  hdop: number;
  gsm: number;
  ignition: boolean;
  pto: readonly [boolean, boolean];
  panic: boolean;
  outputs: readonly [boolean, boolean];
  odometerM: number;
  fuelLitres: number;
  /** The level the fuel sensor reports (sloshing, noise: fuel-io.ts); absent: the true level. */
  fuelReading?: number;
  fuelUsedLitres: number;
  engineSeconds: number;
  faults: ReadonlyArray<{ spn: number; fmi: number }>;
  /** A stable number in [0, 1) per record, used for voltage noise. */
  noise: number;
}

/** Builds the Codec 8E record for a state; the IO layout is documented in io.ts. */
export function buildRecord(
  profile: VehicleProfile,
  s: VehicleState,
  timestampMs: number,
  eventIoId = 0,
  priority = 0,
): AvlRecord {
  const moving = s.speedKmh > 0;
  const ignition = profile.engine && s.ignition;
  const b = new IoBuilder()
    .u8(IO.IGNITION, ignition ? 1 : 0)
    .u8(IO.MOVEMENT, moving ? 1 : 0)
    .u8(IO.GSM, s.gsm)
    .u8(IO.GNSS_STATUS, s.satellites > 0 ? 1 : 2)
    .u8(IO.DIN1, ignition ? 1 : 0)
    .u8(PANIC_DIN_IO, s.panic ? 1 : 0)
    .u8(IO.DOUT1, s.outputs[0] ? 1 : 0)
    .u8(IO.DOUT2, s.outputs[1] ? 1 : 0)
    .u16(IO.SPEED, s.speedKmh)
    .u16(IO.EXT_VOLTAGE, externalMillivolts(profile, ignition, s.noise))
    .u16(IO.BATTERY_VOLTAGE, 4050 + Math.round(s.noise * 100))
    .u16(IO.HDOP, Math.round(s.hdop * 10))
    .u32(IO.ODOMETER, s.odometerM);
  if (profile.pto) {
    b.u8(PTO_DIN_IOS[0], s.pto[0] ? 1 : 0).u8(PTO_DIN_IOS[1], s.pto[1] ? 1 : 0);
  }
  if (profile.engine) {
    const level = s.fuelReading ?? s.fuelLitres;
    const pct = profile.tankLitres > 0 ? (level / profile.tankLitres) * 100 : 0;
    b.u8(IO.CAN_SPEED, s.speedKmh)
      .u8(IO.CAN_FUEL_LEVEL_PCT, pct)
      .u16(IO.CAN_FUEL_LEVEL_L, level * 10)
      .u16(IO.CAN_RPM, rpmFor(profile, s.speedKmh, ignition))
      .u32(IO.CAN_FUEL_USED, s.fuelUsedLitres * 10)
      .u32(IO.CAN_MILEAGE, s.odometerM)
      .u32(IO.ENGINE_WORKTIME, Math.floor(s.engineSeconds / 60));
  }
  addFmsIo(b, profile, s, timestampMs);
  const ioVariable = new Map<number, Buffer>();
  // The list while faults are active, and an empty one on the event record of their end (vehicle.ts clearFaults).
  if (profile.engine && (s.faults.length > 0 || eventIoId === IO.FAULT_CODES)) ioVariable.set(IO.FAULT_CODES, formatFaultCodes(s.faults));
  return {
    timestampMs,
    priority,
    latitude: round7(s.lat),
    longitude: round7(s.lon),
    altitude: Math.round(s.altitude),
    angle: Math.round(s.heading) % 360,
    satellites: s.satellites,
    speedKmh: s.speedKmh,
    eventIoId,
    io: b.io,
    ioVariable,
  };
}

/** External supply: charging while the engine runs, resting battery voltage when off. */
function externalMillivolts(profile: VehicleProfile, running: boolean, noise: number): number {
  if (!profile.engine) return 12_600 + noise * 300;
  if (profile.systemVolts === 24) return running ? 27_200 + noise * 1000 : 24_200 + noise * 800;
  return running ? 13_800 + noise * 600 : 12_200 + noise * 500;
}

/** Coordinates travel as ×1e-7 integers; round here so a decoded record equals the sent one. */
function round7(deg: number): number {
  return Math.round(deg * 1e7) / 1e7;
}

/** A vehicle's state on its first day in the simulator: parked at the depot, mid-life counters. */
export function initialState(rng: Rng, p: VehicleProfile, depot: { lat: number; lon: number }): VehicleState {
  return {
    lat: depot.lat,
    lon: depot.lon,
    heading: 0,
    altitude: 0,
    speedKmh: 0,
    satellites: 10,
    hdop: 0.9,
    gsm: 4,
    ignition: false,
    pto: [false, false],
    panic: false,
    outputs: [false, false],
    odometerM: Math.round(uniform(rng, 20_000, 250_000) * 1000),
    fuelLitres: p.tankLitres * uniform(rng, 0.45, 0.95),
    fuelUsedLitres: uniform(rng, 2000, 40_000),
    engineSeconds: uniform(rng, 500, 9000) * 3600,
    faults: [],
    noise: 0,
  };
}
