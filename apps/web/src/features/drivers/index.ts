// The drivers feature's door: the only file other code imports from it.
export { driverKeys } from './api/driver-keys.ts';
/** What the fleet page composes: the Drivers tab of its side panel. */
export { DriversPanel } from './components/drivers-panel.tsx';
