import { demoDevices } from '@fleet/demo/demo-devices';
import { luhnDigit } from '@fleet/demo/prng';
import { seedFrom } from './rng.ts';
import { allRoutes, routesForSite } from './routes/index.ts';
import type { VehicleOptions } from './vehicle.ts';

/** One simulated unit: which protocol it speaks, how it drives and where. */
export interface DeviceSpec {
  /** IMEI (Teltonika) or device id (OsmAnd phone). */
  imei: string;
  protocol: 'teltonika' | 'osmand';
  /** Demo unit type id (1 van, 2 HGV, 3 car, 6 asset, 16 PTO vehicle, 20 phone). */
  unitTypeId: number;
  routeId: string;
  label: string;
  start: NonNullable<VehicleOptions['start']>;
  depotMinutes?: readonly [number, number];
}

/** Default first IMEI when not --demo (TAC 35620908, serial 900000; away from the demo's 412001+). */
export const DEFAULT_IMEI_BASE = '356209089000001';
const PHONE = 20;
const ASSET = 6;

/** `count` valid 15-digit IMEIs (Luhn check digit) counting up from `base` (14 or 15 digits). */
export function imeiSequence(base: string, count: number): string[] {
  if (!/^\d{14,15}$/.test(base)) throw new RangeError(`IMEI base must be 14 or 15 digits, got '${base}'`);
  if (base.length === 15 && luhnDigit(base.slice(0, 14)) !== Number(base[14])) {
    throw new RangeError(
      `IMEI base ${base} has a wrong check digit: expected ${luhnDigit(base.slice(0, 14))}`,
    );
  }
  const first = BigInt(base.slice(0, 14));
  if (first + BigInt(count) > 99_999_999_999_999n)
    throw new RangeError(`IMEI base ${base} leaves no room for ${count} devices`);
  return Array.from({ length: count }, (_, i) => {
    const body = (first + BigInt(i)).toString().padStart(14, '0');
    return body + luhnDigit(body);
  });
}

/** Most units start on the road so a newcomer sees movement at once; some are parked; assets mostly parked. */
function startFor(imei: string, unitTypeId: number): DeviceSpec['start'] {
  const r = (seedFrom(imei) % 1000) / 1000;
  if (unitTypeId === ASSET)
    return r < 0.3 ? { phase: 'driving', at: r * 3 } : { phase: 'parked', forS: r * 3600 };
  return r < 0.8 ? { phase: 'driving', at: r / 0.8 } : { phase: 'parked', forS: (r - 0.8) * 900 };
}

function assetDwell(unitTypeId: number): Pick<DeviceSpec, 'depotMinutes'> {
  return unitTypeId === ASSET ? { depotMinutes: [40, 180] } : {};
}

/** The demo seed's 60 units: Teltonika devices for vehicles and assets, OsmAnd for phones. */
export function demoSpecs(): DeviceSpec[] {
  const perSite = new Map<string, number>();
  return demoDevices().map((d) => {
    const routes = routesForSite(d.siteName);
    const n = perSite.get(d.siteName) ?? 0;
    perSite.set(d.siteName, n + 1);
    const route = routes[n % routes.length] ?? (allRoutes()[0] as (typeof routes)[number]);
    return {
      imei: d.imei,
      protocol: d.unitTypeId === PHONE ? 'osmand' : 'teltonika',
      unitTypeId: d.unitTypeId,
      routeId: route.id,
      label: `${d.registration} (${d.siteName})`,
      start: startFor(d.imei, d.unitTypeId),
      ...assetDwell(d.unitTypeId),
    };
  });
}

/** N Teltonika units with IMEIs from `imeiBase`, a mix of vans, HGVs, cars and PTO vehicles on every route. */
export function syntheticSpecs(count: number, imeiBase = DEFAULT_IMEI_BASE): DeviceSpec[] {
  const types = [1, 1, 2, 3, 16, 1, 2, 1];
  const routes = allRoutes();
  return imeiSequence(imeiBase, count).map((imei, i) => {
    const unitTypeId = types[i % types.length] ?? 1;
    const route = routes[i % routes.length] ?? (routes[0] as (typeof routes)[number]);
    return {
      imei,
      protocol: 'teltonika',
      unitTypeId,
      routeId: route.id,
      label: `SIM ${String(i + 1).padStart(3, '0')}`,
      start: startFor(imei, unitTypeId),
    };
  });
}
