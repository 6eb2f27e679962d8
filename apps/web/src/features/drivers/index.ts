// The drivers feature's door: the only file other code imports from it.
export { driverKeys } from './api/driver-keys.ts';
/** For the activity page's picker: the site's drivers. */
export { driversQuery } from './api/drivers-api.ts';
/** What the fleet page composes: the Drivers tab of its side panel. */
export { DriversPanel } from './components/drivers-panel.tsx';
