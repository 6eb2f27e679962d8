/** The units module's door: its calls, its repositories, and the device link the server talks to devices through. */
export { unitsRoutes } from './units.routes.ts';
export { unitsRepository } from './units.repository.ts';
export { deviceDirectoryRepository, type DeviceUnitRow } from './device-directory.repository.ts';
export type { DeviceLink, LivePosition, RaisedAlert, StateChange } from './device-link.ts';
export { unitsConfigList } from './units-list.ts';
