export { type CliOptions, HELP, parseCli, UsageError } from './cli.ts';
export { type DeviceOptions, type DeviceStats, type RecordSource, TeltonikaDevice } from './device.ts';
export { type FleetHandle, type FleetOptions, type FleetStats, formatStatus, runFleet } from './fleet.ts';
export { Gt06Device, type Gt06DeviceOptions } from './gt06-device.ts';
export { formatFaultCodes, IO, J1939_FAULTS, PANIC_DIN_IO, PRIORITY, PTO_DIN_IOS } from './io.ts';
export { OsmandDevice, type OsmandDeviceOptions, type OsmandStats, osmandUrl } from './osmand-device.ts';
export { PROFILES, profileForUnitType, type VehicleKind, type VehicleProfile } from './profiles.ts';
export { allRoutes, depotOf, ROUTE_DEFS, routeById, routesForSite } from './routes/index.ts';
export { DEFAULT_IMEI_BASE, type DeviceSpec, demoSpecs, imeiSequence, syntheticSpecs } from './specs.ts';
export { type Phase, Vehicle, type VehicleOptions, type VehicleSnapshot } from './vehicle.ts';
export {
  DEVICE_FACTORIES,
  type DeviceFactory,
  deviceFactory,
  SIM_PROTOCOLS,
  type SimDevice,
  type SimProtocol,
} from './protocols.ts';
