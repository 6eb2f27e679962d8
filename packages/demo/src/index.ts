// The demo world as plain data, with no database: customers, sites, people, fleets, places, the demo
// devices (IMEIs, registrations, key tags) and the seeded PRNG that makes them. packages/db's seed
// writes it into tables; tools/simulator drives the same devices over the real protocols.
export {
  DEFAULT_VEHICLE_ICON,
  DEMO_TANK_LITRES,
  DEMO_UNIT_TYPES,
  SITE_FLEETS,
  SITE_GROUPS,
  UNIT_TYPE,
  VEHICLE_ICONS,
  type VehicleIcon,
} from './data/fleet.ts';
export { DEMO_ACCOUNTS, DEMO_CUSTOMERS, type DemoAccount, SITE_CABS, SITE_DRIVERS, SITE_MESSAGES } from './data/people.ts';
export { type PoiPoint, SITE_POI } from './data/poi.ts';
export { type DemoDevice, demoDevices, demoFleetPlanner } from './demo-devices.ts';
export { imei, luhnDigit, mulberry32, type Rng } from './prng.ts';
export { DEMO_CHECKLISTS, type DemoChecklist, DEMO_VCL_TEMPLATES } from './data/checklists.ts';
