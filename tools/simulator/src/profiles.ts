/** Driving and engine characteristics per demo unit type (seed data/fleet.ts UNIT_TYPE ids). */

export type VehicleKind = 'van' | 'hgv' | 'car' | 'asset' | 'pto' | 'phone';

export interface VehicleProfile {
  kind: VehicleKind;
  /** Top speed or limiter, km/h (HGVs are limited to 56 mph = 90 km/h). */
  maxKmh: number;
  /** m/s² */
  accel: number;
  /** m/s², normal braking */
  decel: number;
  tankLitres: number;
  litresPer100Km: number;
  idleLitresPerHour: number;
  /** Nominal electrical system: 24 V trucks (27-28 V charging, 24-25 V resting) or 12 V. */
  systemVolts: 12 | 24;
  /** Has an engine, ignition wire and a CAN bus (asset trackers and phones do not). */
  engine: boolean;
  /** PTO inputs wired (unit type 16). */
  pto: boolean;
  idleRpm: number;
  /** Engine RPM gained per km/h within a gear, and the gear span in km/h. */
  rpmPerKmh: number;
  gearSpanKmh: number;
  maxRpm: number;
}

const base = {
  van: {
    kind: 'van',
    maxKmh: 110,
    accel: 1.5,
    decel: 2.4,
    tankLitres: 80,
    litresPer100Km: 10.5,
    idleLitresPerHour: 0.9,
    systemVolts: 12,
    engine: true,
    pto: false,
    idleRpm: 780,
    rpmPerKmh: 55,
    gearSpanKmh: 25,
    maxRpm: 3200,
  },
  hgv: {
    kind: 'hgv',
    maxKmh: 89,
    accel: 0.7,
    decel: 1.8,
    tankLitres: 400,
    litresPer100Km: 31,
    idleLitresPerHour: 2.6,
    systemVolts: 24,
    engine: true,
    pto: false,
    idleRpm: 600,
    rpmPerKmh: 60,
    gearSpanKmh: 14,
    maxRpm: 1900,
  },
  car: {
    kind: 'car',
    maxKmh: 120,
    accel: 2.0,
    decel: 2.8,
    tankLitres: 55,
    litresPer100Km: 6.4,
    idleLitresPerHour: 0.7,
    systemVolts: 12,
    engine: true,
    pto: false,
    idleRpm: 820,
    rpmPerKmh: 50,
    gearSpanKmh: 30,
    maxRpm: 3500,
  },
  asset: {
    kind: 'asset',
    maxKmh: 89,
    accel: 0.7,
    decel: 1.8,
    tankLitres: 0,
    litresPer100Km: 0,
    idleLitresPerHour: 0,
    systemVolts: 12,
    engine: false,
    pto: false,
    idleRpm: 0,
    rpmPerKmh: 0,
    gearSpanKmh: 1,
    maxRpm: 0,
  },
  pto: {
    kind: 'pto',
    maxKmh: 89,
    accel: 0.6,
    decel: 1.8,
    tankLitres: 300,
    litresPer100Km: 38,
    idleLitresPerHour: 3.2,
    systemVolts: 24,
    engine: true,
    pto: true,
    idleRpm: 650,
    rpmPerKmh: 62,
    gearSpanKmh: 13,
    maxRpm: 2000,
  },
  phone: {
    kind: 'phone',
    maxKmh: 110,
    accel: 1.5,
    decel: 2.4,
    tankLitres: 0,
    litresPer100Km: 0,
    idleLitresPerHour: 0,
    systemVolts: 12,
    engine: false,
    pto: false,
    idleRpm: 0,
    rpmPerKmh: 0,
    gearSpanKmh: 1,
    maxRpm: 0,
  },
} as const satisfies Record<VehicleKind, VehicleProfile>;

export const PROFILES: Readonly<Record<VehicleKind, VehicleProfile>> = base;

/** Unit type ids of the demo seed (data/fleet.ts UNIT_TYPE). */
const KIND_BY_UNIT_TYPE: Readonly<Record<number, VehicleKind>> = {
  1: 'van',
  2: 'hgv',
  3: 'car',
  6: 'asset',
  16: 'pto',
  20: 'phone',
};

/** Profile for a unit type id; unknown types drive like vans. */
export function profileForUnitType(unitTypeId: number): VehicleProfile {
  return PROFILES[KIND_BY_UNIT_TYPE[unitTypeId] ?? 'van'];
}

/** Engine RPM for a road speed: idle when stopped, rising through each gear, dropping on a shift. */
export function rpmFor(profile: VehicleProfile, speedKmh: number, engineOn: boolean): number {
  if (!profile.engine || !engineOn) return 0;
  if (speedKmh < 1) return profile.idleRpm;
  const inGear = speedKmh % profile.gearSpanKmh;
  const gear = Math.floor(speedKmh / profile.gearSpanKmh);
  const rpm = profile.idleRpm + 250 + inGear * profile.rpmPerKmh + Math.min(gear, 4) * 40;
  return Math.round(Math.min(profile.maxRpm, rpm));
}
