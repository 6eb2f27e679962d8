import { TABS_PREFIX } from '@fleet/shared/routes/routes';

/** Where the driver's check-list pages live (the tab bar links to /tabs/tabs/vcl and /tabs/tabs/unitcheck). */
export const driverPaths = {
  vcl: `${TABS_PREFIX}/vcl`,
  editFault: (index: number) => `${TABS_PREFIX}/editfault?item=${index}`,
  signOff: `${TABS_PREFIX}/signoff`,
  unitCheck: `${TABS_PREFIX}/unitcheck`,
  vehicleSelection: `${TABS_PREFIX}/vehicleselection`,
};
