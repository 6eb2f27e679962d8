// The journeys feature's door (issue 12): a vehicle's or a driver's day (activity) and its replay on
// the map (activitymap). Links into both pages are in shared/routing/journey-links.ts.
/** Cache keys of the day's answers (activity, data, getdatapoint). */
export { journeyKeys } from './api/journey-keys.ts';
/** The activity page (activity?v|driver&d), loaded when its route is first opened (its own chunk). */
export const loadActivityPage = () => import('./pages/activity-page.tsx');
/** The activitymap page (replay), loaded when first opened. */
export const loadActivityMapPage = () => import('./pages/replay-page.tsx');
