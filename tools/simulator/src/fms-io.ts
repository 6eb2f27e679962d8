import type { IoBuilder } from './io.ts';
import type { VehicleProfile } from './profiles.ts';
import type { VehicleState } from './vehicle-record.ts';

/**
 * The FMS/CAN engine data a vehicle's unit sends beside io.ts's (issue 16), in the FMB/FMB640
 * numbering of packages/protocols io-catalogue.ts:
 *
 * | id  | size | meaning                                                             |
 * |-----|------|---------------------------------------------------------------------|
 * | 82  | 1    | accelerator pedal position, % (0 when stopped)                      |
 * | 114 | 1    | engine load, % (idle ~18 %, up with speed and payload)              |
 * | 111 | 1    | AdBlue level, % (HGVs: used at ~5 % of diesel, topped up at 15 %)   |
 * | 160 | 1    | DTC count: the active faults                                        |
 * | 115 | 2    | coolant temperature, ×0.1 °C signed (82-95 °C running, cooling off)  |
 * | 110 | 2    | fuel rate, ×0.1 l/h (idle rate to the profile's cruise rate)        |
 * | 112 | 2    | AdBlue level, ×0.1 l (HGVs: 80 l tank)                              |
 * | 118 | 2    | axle 1 load, kg (HGVs: steer axle)                                  |
 * | 119 | 2    | axle 2 load, kg (HGVs: drive axle, with the payload)                |
 * | 120 | 2    | axle 3 load, kg (HGVs: trailing axle)                               |
 * | 400 | 4    | distance to next service, km (every 60,000 km of the odometer)      |
 *
 * Every value is a function of the vehicle's state and the time, so a replayed history sends the
 * same values: the payload changes at each 4-hour "drop" (a stable hash of the time), AdBlue follows
 * the fuel used, the service distance the odometer.
 */
const SERVICE_EVERY_KM = 60_000;
const ADBLUE_TANK_L = 80;
/** AdBlue used per litre of diesel (SCR engines: 3-6 %). */
const ADBLUE_PER_DIESEL = 0.05;
const DROP_MS = 4 * 3600_000;

/** A stable number in [0, 1) for an integer (the payload of one drop). */
function hash01(n: number): number {
  let x = (n ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
}

/** Adds the engine data to a record of a vehicle with an engine (nothing for asset trackers and phones). */
export function addFmsIo(b: IoBuilder, profile: VehicleProfile, s: VehicleState, timestampMs: number): void {
  if (!profile.engine) return;
  const running = s.ignition;
  const pace = Math.min(1, s.speedKmh / profile.maxKmh);
  const hgv = profile.kind === 'hgv';
  const payload = hgv ? hash01(Math.floor(timestampMs / DROP_MS) + Math.round(s.fuelUsedLitres / 1e6)) : 0.3;
  const load = running ? 18 + 55 * pace + 20 * payload * pace + 4 * s.noise : 0;
  const cruiseRate = (profile.litresPer100Km * profile.maxKmh * 0.8) / 100;
  const rate = running ? profile.idleLitresPerHour + (cruiseRate - profile.idleLitresPerHour) * pace * (0.8 + 0.4 * payload) : 0;
  // Running: warm (82 °C) and warmer under load; stopped: cooled towards the air (reports while off are rare).
  const coolant = running ? 82 + 10 * pace + 3 * payload + 2 * s.noise : 30 + 10 * s.noise;
  b.u8(82, s.speedKmh > 0 ? 10 + 50 * pace + 10 * s.noise : 0)
    .u8(114, load)
    .u8(160, s.faults.length)
    .u16(115, Math.round(coolant * 10))
    .u16(110, rate * 10)
    .u32(400, SERVICE_EVERY_KM - ((s.odometerM / 1000) % SERVICE_EVERY_KM));
  if (!hgv) return;
  const adBlueUsed = (s.fuelUsedLitres * ADBLUE_PER_DIESEL) % (ADBLUE_TANK_L * 0.85);
  const adBlue = ADBLUE_TANK_L - adBlueUsed;
  b.u8(111, (adBlue / ADBLUE_TANK_L) * 100)
    .u16(112, adBlue * 10)
    .u16(118, 6200 + 1400 * payload)
    .u16(119, 7400 + 4100 * payload)
    .u16(120, 5200 + 2600 * payload);
}
