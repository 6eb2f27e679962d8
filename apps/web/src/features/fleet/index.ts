// The fleet feature's door: the only file other code imports from it.
/** Cache keys: other features invalidate the vehicles through these (a unit added, a state rebuilt). */
export { fleetKeys } from './api/fleet-keys.ts';
/** The fleet page's view (group shown, map or list) is the fleet feature's; others change it only so. */
export { dropGroupFromFleet, resetFleetView, showGroupOnFleet } from './model/fleet-view.ts';
/** For the dashboard: the site's vehicles (the answer the list and map show) and a link to the fleet view by state. */
export { vehiclesQuery } from './api/fleet-api.ts';
export { fleetStatesPath } from './model/fleet-view.ts';
/** The fleet page, loaded when its route is first opened (its own chunk). */
export const loadFleetPage = () => import('./pages/fleet-page.tsx');
