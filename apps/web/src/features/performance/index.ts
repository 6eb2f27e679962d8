// The performance feature's door (issue 16): the fleet navigator (fleetnavigator, fleetnavigator/{reset}) — the
// site's league of drivers, a driver's weeks and trips, a vehicle's heads-up summary.
/** Cache keys of the performance answers. */
export { performanceKeys } from './api/performance-keys.ts';
/** The fleetnavigator page, loaded when its route is first opened (its own chunk). */
export const loadFleetNavigatorPage = () => import('./pages/navigator-page.tsx');
