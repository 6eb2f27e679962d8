import '../../../shared/styles/all.ts';
import type { CabVehicle } from '@fleet/shared';
import { Alert, Button, LoadingOverlay, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconSearch, IconTruck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { assignDriver, driverKeys, useCabVehicles } from '../api/driver-api.ts';
import { DriverShell } from '../components/driver-shell.tsx';
import classes from '../components/driver.module.css';
import { isDriverRecord } from '../model/assign-result.ts';
import { clearCheckListCaches, storeDriverRecord } from '../model/driver-record.ts';

/** vehicleselection: the site's vehicles by registration; tapping one puts the driver on it. */
export default function VehicleSelectionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('driver.pickVehicle'));
  const vehicles = useCabVehicles();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const list = vehicles.data?.vehicles ?? [];
  const shown = useMemo(() => {
    const q = search.replace(/\s+/g, '').toLowerCase();
    return q ? list.filter((v) => v.registration.replace(/\s+/g, '').toLowerCase().includes(q)) : list;
  }, [list, search]);

  const pick = async (v: CabVehicle) => {
    setBusy(true);
    setProblem(null);
    const result = await assignDriver(v.uid);
    if (isDriverRecord(result)) {
      storeDriverRecord(result);
      clearCheckListCaches();
      queryClient.setQueryData(driverKeys.assignment(), result);
      // cabassignment adds where the vehicle last reported (the map's): asked again at once.
      await queryClient.invalidateQueries({ queryKey: driverKeys.assignment() });
      await queryClient.invalidateQueries({ queryKey: driverKeys.vehicles() });
      void navigate('/tabs/tabs/drivertabs', { replace: true });
      return;
    }
    setBusy(false);
    setProblem(result === false ? t('errors.network') : typeof result.message === 'string' ? result.message : t('driver.assignFailed'));
  };

  return (
    <DriverShell title={t('driver.pickVehicle')} noTabs>
      <Stack gap="sm" pos="relative">
        <LoadingOverlay visible={busy} loaderProps={{ children: <Text fz="lg" fw={700} role="status">{t('driver.settingUp')}</Text> }} />
        <TextInput
          size="lg"
          label={t('driver.searchRegistration')}
          leftSection={<IconSearch aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {problem && (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {problem}
          </Alert>
        )}
        {vehicles.isPending && <Text role="status">{t('driver.pleaseWait')}</Text>}
        {vehicles.isError && <Alert color="red" role="alert">{errorMessage(vehicles.error)}</Alert>}
        {vehicles.isSuccess && shown.length === 0 && <Text>{t('driver.noVehicles')}</Text>}
        <Stack gap={8} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('driver.vehicles')}>
          {shown.map((v) => (
            <li key={v.uid}>
              <Button
                variant="default"
                size="xl"
                fullWidth
                className={classes.choice}
                leftSection={<IconTruck size={26} aria-hidden />}
                onClick={() => void pick(v)}
                disabled={busy}
                data-testid="vehicle-choice"
                styles={{ inner: { justifyContent: 'flex-start' }, label: { flexDirection: 'column', alignItems: 'flex-start', whiteSpace: 'normal', height: 'auto', textAlign: 'left' } }}
                h="auto"
                py={8}
              >
                <Text span fz={20} fw={800} c="dark.9">{v.registration}</Text>
                <Text span fz="sm" c="gray.8">
                  {v.driver ? t('driver.assignedTo', { type: v.typename, name: v.driver }) : v.typename}
                </Text>
              </Button>
            </li>
          ))}
        </Stack>
      </Stack>
    </DriverShell>
  );
}
