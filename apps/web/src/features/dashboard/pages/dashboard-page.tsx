import { isAdmin } from '@fleet/shared';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { PanelBoundary } from '../../../shared/ui/panel-boundary.tsx';
import { alertKeys, alertsPath, CategoryTiles, isAlertList } from '../../alerts/index.ts';
import { SiteMessageCard } from '../../site-message/index.ts';
import { FleetStatusStrip } from '../components/fleet-status-strip.tsx';
import { LatestAlerts } from '../components/latest-alerts.tsx';

/**
 * dashboard and dashboard/:jump: the fleet's vehicles by state (tiles into the fleet view), the six
 * alert categories with their open counts (live), the latest open alerts, and for administrators the
 * site message. dashboard/{list} jumps straight to that category's alerts.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { jump } = useParams();
  const user = useSessionUser();
  const queryClient = useQueryClient();

  // Opening the dashboard asks for fresh counts (a colleague may have cleared alerts meanwhile).
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: alertKeys.allDash() });
  }, [queryClient]);

  if (isAlertList(jump)) return <Navigate to={alertsPath(jump)} replace />;
  if (!user) return null;
  return (
    <Stack gap="md">
      <PageHeader title={t('pages.dashboard')} description={t('dashboard.intro', { site: user.sitename })} />
      {user.siteid !== null && (
        <PanelBoundary name={t('panel.fleetStatus')}>
          <FleetStatusStrip siteId={user.siteid} />
        </PanelBoundary>
      )}
      <PanelBoundary name={t('panel.tiles')}>
        <CategoryTiles />
      </PanelBoundary>
      {user.siteid !== null && (
        <PanelBoundary name={t('panel.latestAlerts')}>
          <LatestAlerts siteId={user.siteid} />
        </PanelBoundary>
      )}
      {isAdmin(user.usertype) && (
        <PanelBoundary name={t('panel.siteMessage')}>
          <SiteMessageCard user={user} />
        </PanelBoundary>
      )}
    </Stack>
  );
}
