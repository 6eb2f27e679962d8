// The fuel feature's door (issue 16): the fuel monitor page.
/** The fuelmonitor page, loaded when its route is first opened (its own chunk). */
export const loadFuelMonitorPage = () => import('./pages/fuel-monitor-page.tsx');
