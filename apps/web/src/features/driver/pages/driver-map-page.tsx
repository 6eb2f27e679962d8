import '../../../shared/styles/all.ts';
import { Alert, Box, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { MapView } from '../../../shared/map/map-view.tsx';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { PoiOverlay } from '../../poi/index.ts';
import { useAssignmentQuery } from '../api/driver-api.ts';
import { DriverShell } from '../components/driver-shell.tsx';
import { VehicleDotOverlay } from '../components/vehicle-dot-overlay.tsx';

/**
 * map (driver): the assigned vehicle where it last reported (cabassignment's position, asked again
 * every minute) and the site's places (poi, which a driver may read).
 */
export default function DriverMapPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('driver.mapTitle'));
  const user = useSessionUser();
  const assignment = useAssignmentQuery();
  if (assignment.isSuccess && assignment.data.empty) return <Navigate to="/tabs/tabs/vehicleselection" replace />;
  const record = assignment.data?.empty === false ? assignment.data : null;
  const position = record?.position ?? null;
  return (
    <DriverShell title={t('driver.mapTitle')}>
      <Stack gap="xs">
        {record && !position && <Alert color="gray">{t('driver.noPosition')}</Alert>}
        {position && (
          <Text fz="md" data-testid="driver-map-updated">
            {t('driver.lastReport')} <RelativeTime value={position.updated} now={new Date()} />
          </Text>
        )}
        <Box h="calc(100dvh - 260px)" mih={280} pos="relative">
          {assignment.isSuccess && (
            <MapView label={t('driver.mapLabel')} start={position ? { center: [position.lon, position.lat], zoom: 14 } : undefined}>
              {user?.siteid && <PoiOverlay siteId={user.siteid} />}
              {position && <VehicleDotOverlay lat={position.lat} lon={position.lon} />}
            </MapView>
          )}
        </Box>
      </Stack>
    </DriverShell>
  );
}
