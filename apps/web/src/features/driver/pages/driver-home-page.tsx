import '../../../shared/styles/all.ts';
import { Button, Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClipboardCheck, IconMap2, IconMessages, IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useAssignmentQuery } from '../api/driver-api.ts';
import { DriverShell } from '../components/driver-shell.tsx';
import { useDriverShellExtras } from '../components/driver-shell-extras.tsx';
import classes from '../components/driver.module.css';

/** driver, tabs, startup and drivertabs: without a vehicle, the vehicle selection; with one, the driver's home. */
export default function DriverHomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('driver.homeTitle'));
  const assignment = useAssignmentQuery();
  const { home } = useDriverShellExtras();
  if (assignment.isPending) return <Center mih="100dvh"><Loader aria-label={t('driver.pleaseWait')} /></Center>;
  if (assignment.data?.empty !== false && !assignment.isError) return <Navigate to="/tabs/tabs/vehicleselection" replace />;
  const record = assignment.data?.empty === false ? assignment.data : null;
  const links = [
    { to: '/tabs/tabs/vcl', label: t('driver.tabs.checkList'), Icon: IconClipboardCheck },
    { to: '/tabs/tabs/unitcheck', label: t('driver.tabs.vehicle'), Icon: IconTruck },
    { to: '/tabs/tabs/msg', label: t('driver.tabs.messages'), Icon: IconMessages },
    { to: '/tabs/tabs/map', label: t('driver.tabs.map'), Icon: IconMap2 },
  ];
  return (
    <DriverShell title={t('driver.homeTitle')}>
      <Stack gap="md">
        <Text fz="lg" data-testid="driver-home-text">
          {record ? t('driver.homeText', { registration: record.registration, site: record.site }) : t('driver.noVehicle')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {links.map(({ to, label, Icon }) => (
            <Button key={to} component={Link} to={to} size="xl" variant="filled" color="dark" className={classes.bigButton} leftSection={<Icon size={26} aria-hidden />}>
              {label}
            </Button>
          ))}
        </SimpleGrid>
        <Button component={Link} to="/tabs/tabs/vehicleselection" size="lg" variant="outline" color="dark" className={classes.bigButton}>
          {t('driver.changeVehicle')}
        </Button>
        {home}
      </Stack>
    </DriverShell>
  );
}
