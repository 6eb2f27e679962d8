import { vehicleMotion } from './vehicle-status.ts';

/**
 * The vehicle icon catalogue (spec section 3): vehicle types by colour, the default Asset Icon and
 * the Shield Icon. The seed data's VEHICLE_ICONS uses the same names.
 */
export const VEHICLE_ICON_NAMES = [
  'service-van-blue',
  'service-van-white',
  'service-van-red',
  'hgv-white',
  'hgv-blue',
  'car-silver',
  'car-black',
  'car-red',
  'gritter-orange',
  'tipper-yellow',
  'asset',
  'shield',
  'phone',
] as const;

export type VehicleIconName = (typeof VEHICLE_ICON_NAMES)[number];

/** The spec's default vehicle icon: a blue service van. */
export const DEFAULT_VEHICLE_ICON_NAME: VehicleIconName = 'service-van-blue';

/** Unit type 16 picks its icon by which of its two PTO triggers are on (spec section 4). */
export const PTO_UNIT_TYPE = 16;

/** The four PTO icons: neither trigger, only the first, only the second, both. */
export type PtoIconName = 'pto-none' | 'pto-1' | 'pto-2' | 'pto-both';

/** The icon a unit type falls back to when its vicon is empty or not in the catalogue. */
const UNIT_TYPE_ICON: Readonly<Record<number, VehicleIconName>> = {
  1: 'service-van-blue',
  2: 'hgv-white',
  3: 'car-silver',
  6: 'asset',
  16: 'gritter-orange',
  20: 'phone',
};

/** Names older data used for the two non-vehicle icons, and for "the default". */
const ALIASES: Readonly<Record<string, VehicleIconName>> = {
  'asset-icon': 'asset',
  'shield-icon': 'shield',
  default: DEFAULT_VEHICLE_ICON_NAME,
};

const KNOWN = new Set<string>(VEHICLE_ICON_NAMES);

/** 'Shield Icon', 'icons/hgv_white.png' -> 'shield-icon', 'hgv-white'. */
function normaliseIconName(vicon: string): string {
  return vicon
    .trim()
    .toLowerCase()
    .replace(/^.*\//, '')
    .replace(/\.(png|svg|jpe?g|gif|webp)$/, '')
    .replace(/[\s_]+/g, '-');
}

/** The catalogue icon for a vehicle: its vicon if known, else its unit type's icon, else the blue van. */
export function vehicleIconName(v: { vicon: string; unittype: number }): VehicleIconName {
  const name = normaliseIconName(v.vicon);
  if (KNOWN.has(name)) return name as VehicleIconName;
  const alias = ALIASES[name];
  if (alias) return alias;
  return UNIT_TYPE_ICON[v.unittype] ?? DEFAULT_VEHICLE_ICON_NAME;
}

/** Spec section 4: for unit type 16, which PTO icon its triggers pick; null for any other unit type. */
export function ptoIcon(unittype: number, ptotrigger1: number, ptotrigger2: number): PtoIconName | null {
  if (unittype !== PTO_UNIT_TYPE) return null;
  const first = ptotrigger1 !== 0;
  const second = ptotrigger2 !== 0;
  if (first && second) return 'pto-both';
  if (first) return 'pto-1';
  if (second) return 'pto-2';
  return 'pto-none';
}

/** What a vehicle's icon and badge show, by colour and shape together. */
export type VehicleIconState = 'alarm' | 'stale' | 'driving' | 'idling' | 'stopped';

/** No report for longer than this fades the vehicle (the spec's 24-hour out-of-date threshold). */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface VehicleIconStateInput {
  ign: number;
  speed: number;
  updated: string | null;
  vehiclealarm: boolean;
}

/**
 * An alarm shows above everything; a vehicle that has not reported for over 24 hours (or never)
 * is stale whatever it last said; otherwise it is driving, idling or stopped as the status text says.
 */
export function vehicleIconState(v: VehicleIconStateInput, now: number): VehicleIconState {
  if (v.vehiclealarm) return 'alarm';
  const at = v.updated ? Date.parse(v.updated) : Number.NaN;
  if (!Number.isFinite(at) || now - at > STALE_AFTER_MS) return 'stale';
  return vehicleMotion(v);
}
