import { SITE_FLEETS, UNIT_TYPE } from './data/fleet.ts';
import { DEMO_CUSTOMERS, SITE_DRIVERS } from './data/people.ts';
import { hexTag, imei, mulberry32, type Rng, randInt, shuffle, ukRegistration } from './prng.ts';

/**
 * The pure half of the demo seed: which drivers and units each demo site gets (IMEIs,
 * registrations, driver key tags). seedDemo inserts exactly these plans, and the fleet simulator
 * reads them through demoDevices(), so both see the same IMEIs without a database.
 */

/** Seed of the demo PRNG; the same on every machine. */
export const DEMO_SEED = 0x5eed_f1ee;
/** Serial of the first demo IMEI (imei(412001)); later units count up in site order. */
export const FIRST_DEMO_SERIAL = 412_001;
/** Demo site names in the order seedDemo creates them (customer order, then site order). */
export const DEMO_SITE_NAMES: readonly string[] = DEMO_CUSTOMERS.flatMap((c) => [...c.sites]);

const HOUR = 3_600_000;

export interface PlannedDriver {
  name: string;
  tag: string | null;
  /** How long before the seed runs the driver was last updated, in ms. */
  lastSeenAgoMs: number;
}

export interface PlannedUnit {
  deviceId: string;
  unitTypeId: number;
  registration: string;
  vicon: string;
  /** Index into the site's drivers of the driver assigned to this unit, or null. */
  driverIndex: number | null;
}

export interface SitePlan {
  drivers: PlannedDriver[];
  units: PlannedUnit[];
}

/**
 * Plans the demo sites one after another; the sites must be planned in DEMO_SITE_NAMES order
 * because they share one PRNG, one serial counter and one set of registrations.
 */
export function demoFleetPlanner(rng: Rng = mulberry32(DEMO_SEED)): { planSite(siteName: string): SitePlan } {
  const regs = new Set<string>();
  let serial = FIRST_DEMO_SERIAL;
  return {
    planSite(siteName) {
      // Drivers: a quarter last seen more than 24 h ago so 'out of date' shows.
      const drivers = (SITE_DRIVERS[siteName] ?? []).map((name, i) => ({
        name,
        tag: i % 5 === 4 ? null : hexTag(rng),
        lastSeenAgoMs: i % 4 === 3 ? randInt(rng, 26, 96) * HOUR : randInt(rng, 3, 20 * 60) * 60_000,
      }));
      const units: PlannedUnit[] = [];
      for (const batch of SITE_FLEETS[siteName] ?? []) {
        for (let i = 0; i < batch.count; i++) {
          units.push({
            deviceId: imei(serial++),
            unitTypeId: batch.type,
            registration: batch.labels?.[i] ?? ukRegistration(rng, regs),
            vicon: batch.icons[i % batch.icons.length] ?? '',
            driverIndex: null,
          });
        }
      }
      // Drivers go to a shuffled selection of the site's non-asset units; the rest have none.
      const drivable = shuffle(
        rng,
        units.filter((u) => u.unitTypeId !== UNIT_TYPE.asset),
      );
      drivers.forEach((_, i) => {
        const unit = drivable[i];
        if (unit) unit.driverIndex = i;
      });
      return { drivers, units };
    },
  };
}

export interface DemoDevice {
  imei: string;
  registration: string;
  siteName: string;
  unitTypeId: number;
}

/** Every demo unit as seedDemo inserts it, in insertion order. */
export function demoDevices(): DemoDevice[] {
  const planner = demoFleetPlanner();
  return DEMO_SITE_NAMES.flatMap((siteName) =>
    planner.planSite(siteName).units.map((u) => ({
      imei: u.deviceId,
      registration: u.registration,
      siteName,
      unitTypeId: u.unitTypeId,
    })),
  );
}
