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
// The demo data itself lives in @fleet/demo (no database); re-exported here for the seed's callers.
export {
  DEFAULT_VEHICLE_ICON,
  DEMO_ACCOUNTS,
  DEMO_CUSTOMERS,
  DEMO_UNIT_TYPES,
  type DemoAccount,
  type DemoDevice,
  demoDevices,
  type PoiPoint,
  SITE_POI,
  UNIT_TYPE,
  VEHICLE_ICONS,
  type VehicleIcon,
} from '@fleet/demo';
export { type SeedDemoResult, seedDemo } from './demo.ts';
