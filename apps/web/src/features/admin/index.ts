// The admin feature's door: the only file other code imports from it.
export { adminKeys } from './api/admin-keys.ts';
/** What the fleet page composes: the service plan section of a vehicle's details. */
export { ServicePlanSection } from './components/service-plan-section.tsx';
/** The config page, loaded when its route is first opened (its own chunk). */
export const loadConfigPage = () => import('./pages/config-page.tsx');
/** fleetconfig, navigatorconfig and mobileconfig (issue 15): the site's settings and cab devices, one chunk. */
export const loadSitePages = () => import('./pages/site-pages.tsx');
