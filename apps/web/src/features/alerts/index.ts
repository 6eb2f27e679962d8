// The alerts feature's door: the only file other code imports from it.
/** Cache keys: other features invalidate the counts and lists through these (e.g. a saved service plan). */
export { alertKeys } from './api/alert-keys.ts';
/** For the shell: the banners above every signed-in page and the feed that keeps them live. */
export { GeofenceBanner } from './components/geofence-banner.tsx';
export { PanicBanner } from './components/panic-banner.tsx';
/** For the shell on administration pages: a compact count of open alerts instead of the banners. */
export { AlertCountStrip } from './components/alert-count-strip.tsx';
export { useAlertsFeed } from './hooks/use-alerts-feed.ts';
/** For the shell: forgets the alerts held when the session ends. */
export { clearAlerts } from './hooks/alerts-store.ts';
/** For the dashboard: the category tiles and the links into the alerts page. */
export { CategoryTiles } from './components/category-tiles.tsx';
export { alertsPath, isAlertList } from './hooks/alert-categories.ts';
/**
 * What an alert is about, in readable words ('Ignition on outside working hours (Mon–Fri
 * 06:00–18:00)', 'Entered Depot yard', 'Panic button pressed'): for the fleet's vehicle card
 * ("alarm cause") and anything else that names an alert. Takes a record or a live event.
 */
export { alertCauseText } from './hooks/alert-cause.ts';
/** The alerts page, loaded when its route is first opened (its own chunk). */
export const loadAlertsPage = () => import('./pages/alerts-page.tsx');
