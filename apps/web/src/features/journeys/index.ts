// The journeys feature's door (issue 12): activity (the day's timeline) and activitymap (replay).
/** Cache keys of the day's answers (activity, data, getdatapoint). */
export { journeyKeys } from './api/journey-keys.ts';
// Replay (activitymap): kept together to ease joining with the activity page's lines.
/** The replay page of a vehicle's day, opening at a moment: for the fleet page's details and alerts. */
export { activityMapPath } from './replay/replay-path.ts';
/** The activitymap page (replay), loaded when first opened. */
export const loadActivityMapPage = () => import('./pages/replay-page.tsx');
