import { useLocation } from 'react-router';
import FleetConfigPage from './fleet-config-page.tsx';
import MobileConfigPage from './mobile-config-page.tsx';
import NavigatorConfigPage from './navigator-config-page.tsx';

/**
 * fleetconfig, navigatorconfig and mobileconfig in one chunk (one loader keeps the startup code that
 * names page chunks small): the page by the path's last segment.
 */
export default function SitePages() {
  const page = useLocation().pathname.split('/').filter(Boolean).at(-1);
  if (page === 'navigatorconfig') return <NavigatorConfigPage />;
  if (page === 'mobileconfig') return <MobileConfigPage />;
  return <FleetConfigPage />;
}
