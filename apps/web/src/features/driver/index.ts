// The driver feature's door (issue 11): driver mode on a cab device.
/** The driver's frame for every driver page, and the driver's vehicle record. */
export { DriverShell, logOffVehicle } from './components/driver-shell.tsx';
/** What the app puts in the driver's frame from other features (waiting check lists, unread messages). */
export { type DriverShellExtras, DriverShellExtrasProvider } from './components/driver-shell-extras.tsx';
export { useCabAssignment } from './hooks/use-cab-assignment.ts';
/** Clears the cab's last check lists (local storage 'fleet.vcl.*'), as assigning a vehicle does. */
export { clearCheckListCaches, CHECK_LIST_CACHE_PREFIX } from './model/driver-record.ts';
export { assignDriver } from './api/driver-api.ts';
export { type AssignResult, assignResult, isDriverRecord } from './model/assign-result.ts';
/** The pages, each loaded when its route is first opened (its own chunk). */
export const loadDriverLoginPage = () => import('./pages/driver-login-page.tsx');
export const loadVehicleSelectionPage = () => import('./pages/vehicle-selection-page.tsx');
export const loadDriverHomePage = () => import('./pages/driver-home-page.tsx');
export const loadDriverMapPage = () => import('./pages/driver-map-page.tsx');
