export { readDemoAccounts, type StoredAccount } from './accounts.ts';
export {
  type Brand,
  DEMO_BRANDS,
  type DemoBrand,
  defaultBrand,
  type Executor,
  ensureDefaultBrand,
  ensureDemoBrands,
} from './brands.ts';
export {
  DEFAULT_VEHICLE_ICON,
  DEMO_UNIT_TYPES,
  UNIT_TYPE,
  VEHICLE_ICONS,
  type VehicleIcon,
} from './data/fleet.ts';
export { DEMO_ACCOUNTS, DEMO_CUSTOMERS, type DemoAccount } from './data/people.ts';
export { type PoiPoint, SITE_POI } from './data/poi.ts';
export { type SeedDemoResult, seedDemo } from './demo.ts';
export { type DemoDevice, demoDevices } from './demo-devices.ts';
