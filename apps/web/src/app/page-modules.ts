import type { PageKey } from '@fleet/shared';
import type { ComponentType } from 'react';
import { loadConfigPage, loadSitePages } from '../features/admin/index.ts';
import {
  loadDriverEditFaultPage,
  loadDriverSignOffPage,
  loadDriverUnitCheckPage,
  loadDriverVclPage,
  loadVclViewerPage,
} from '../features/checklists/index.ts';
import { loadAlertsPage } from '../features/alerts/index.ts';
import { loadAssetsPage } from '../features/assets/index.ts';
import { loadChangePasswordPage, loadLoginPage, loadPopperPage } from '../features/auth/index.ts';
import { loadDashboardPage } from '../features/dashboard/index.ts';
import { loadDataRequestsPage } from '../features/datarequests/index.ts';
import { loadDebugPage } from '../features/debug/index.ts';
import { loadDriverHomePage, loadDriverLoginPage, loadDriverMapPage, loadVehicleSelectionPage } from '../features/driver/index.ts';
import { loadFleetPage } from '../features/fleet/index.ts';
import { loadEnginePage } from '../features/engine/index.ts';
import { loadFuelMonitorPage } from '../features/fuel/index.ts';
import { loadExplorerPage } from '../features/explorer/index.ts';
import { loadActivityMapPage, loadActivityPage } from '../features/journeys/index.ts';
import { loadFleetNavigatorPage } from '../features/performance/index.ts';
import { loadMessagesPage } from '../features/messages/index.ts';
import { loadScheduledReportPage } from '../features/schedules/index.ts';
import { loadReportingPage } from '../features/reports/index.ts';
import { loadSuperadminPage } from '../features/tenancy/index.ts';
import { loadTimesheetSignoffPage, loadTimesheetsPage } from '../features/timesheets/index.ts';
import { loadUnavailablePage } from '../features/unavailable/index.ts';
import { type BuiltPage, isBuiltPage } from './route-table.ts';

type PageModule = () => Promise<{ default: ComponentType }>;

// Each feature's index hands out its pages as import() loaders, so each page is its own chunk and
// the login page does not download the fleet table or admin pages.
const BUILT: Record<BuiltPage, PageModule> = {
  login: loadLoginPage,
  popper: loadPopperPage,
  changepassword: loadChangePasswordPage,
  fleet: loadFleetPage,
  config: loadConfigPage,
  debug: loadDebugPage,
  dashboard: loadDashboardPage,
  alerts: loadAlertsPage,
  superadmin: loadSuperadminPage,
  suoperadmin: loadSuperadminPage,
  msg: loadMessagesPage,
  driver: loadDriverHomePage,
  driverlogin: loadDriverLoginPage,
  vehicleselection: loadVehicleSelectionPage,
  drivertabs: loadDriverHomePage,
  tabs: loadDriverHomePage,
  startup: loadDriverHomePage,
  map: loadDriverMapPage,
  vcl: loadDriverVclPage,
  editfault: loadDriverEditFaultPage,
  signoff: loadDriverSignOffPage,
  unitcheck: loadDriverUnitCheckPage,
  units: loadDriverUnitCheckPage,
  vclviewer: loadVclViewerPage,
  activity: loadActivityPage,
  activitymap: loadActivityMapPage,
  reporting: loadReportingPage,
  fuelmonitor: loadFuelMonitorPage,
  tracksectimesheets: loadTimesheetsPage,
  tracksectimesheetsignoff: loadTimesheetSignoffPage,
  amazondatarequest: loadDataRequestsPage,
  scheduledreport: loadScheduledReportPage,
  fleetconfig: loadSitePages,
  navigatorconfig: loadSitePages,
  mobileconfig: loadSitePages,
  assets: loadAssetsPage,
  fleetnavigator: loadFleetNavigatorPage,
  fleetfmsv: loadEnginePage,
  fmsv2explorer: loadExplorerPage,
};

/** The module behind a spec page; pages without content yet share the 'not available yet' page. */
export function pageModule(page: PageKey): PageModule {
  return isBuiltPage(page) ? BUILT[page] : loadUnavailablePage;
}
