// The engine feature's door (issue 16): the fleet's engine data (fleetfmsv) and one vehicle's (fleetfmsv/:mid).
/** Cache keys of the engine answers (fmsvvehicles, lastfmsv2data). */
export { engineKeys } from './api/engine-keys.ts';
/** The fleetfmsv page, loaded when its route is first opened (its own chunk). */
export const loadEnginePage = () => import('./pages/engine-page.tsx');
