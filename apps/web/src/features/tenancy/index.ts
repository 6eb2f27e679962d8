// The tenancy feature's door: the only file other code imports from it.
export { tenancyKeys } from './api/tenancy-keys.ts';
/** For the shell's header: the customer and site switcher. */
export { SiteSwitcher } from './components/site-switcher.tsx';
/** The super administrator's page, loaded when its route is first opened (its own chunk). */
export const loadSuperadminPage = () => import('./pages/superadmin-page.tsx');
