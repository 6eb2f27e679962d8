import '../../../shared/styles/all.ts';
import { Alert, Button, Center, Group, Paper, PasswordInput, Radio, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconAlertTriangle, IconLogin2, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { forgetCabKey, useCabKey } from '../../../shared/device/cab-device.ts';
import { clearSessionCaches } from '../../../shared/query-client.ts';
import { signOut } from '../../../shared/session/session-actions.ts';
import { session, useSessionUser } from '../../../shared/session/session-store.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { driverLogin, useCabDrivers } from '../api/driver-api.ts';
import classes from '../components/driver.module.css';

/** Names listed before a search box helps. */
const SEARCH_FROM = 8;

/** driverlogin: on a cab device, the driver picks their name and enters their password. */
export default function DriverLoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('driver.loginTitle'));
  const key = useCabKey();
  const user = useSessionUser();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const drivers = useCabDrivers(key);
  const [search, setSearch] = useState('');
  const [driverId, setDriverId] = useState<string | null>(null);
  const [pass, setPass] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const signIn = useMutation({
    mutationFn: () => driverLogin(key!, Number(driverId), pass),
    onSuccess: ({ user: signedIn }) => {
      clearSessionCaches();
      session.setUser(signedIn);
      void navigate('/tabs/tabs/driver', { replace: true });
    },
  });
  const list = drivers.data?.drivers ?? [];
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? list.filter((d) => d.name.toLowerCase().includes(q)) : list;
  }, [list, search]);

  // A driver already signed in on this device goes on; a user session never stays on a cab device.
  if (key && user?.driver?.deviceid === key.deviceid) return <Navigate to="/tabs/tabs/driver" replace />;
  // Not a cab device: the ordinary sign-in (or, signed in, the user's own pages).
  if (!key) return <Navigate to="/login" replace />;
  if (user) {
    void signOut({ to: '/tabs/tabs/driverlogin' });
    return null;
  }

  const deviceGone = drivers.error instanceof ApiError && drivers.error.status === 401;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!driverId) return setProblem(t('driver.pickName'));
    if (!pass) return setProblem(t('driver.enterPassword'));
    setProblem(null);
    signIn.mutate();
  };

  return (
    <Center mih="100dvh" p="sm" bg="gray.1">
      <Paper withBorder shadow="sm" radius="md" p="lg" w="100%" maw={560} component="main" id="main">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Title order={1} fz={26}>
                {t('driver.loginTitle')}
              </Title>
              <Text fz="lg" fw={600} data-testid="driver-site">
                {drivers.data?.site.sitename ?? key.sitename}
              </Text>
              <Text size="sm" c="gray.8">
                {t('driver.deviceName', { name: key.name })}
              </Text>
            </div>
            {deviceGone ? (
              <Stack>
                <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
                  {errorMessage(drivers.error)}
                </Alert>
                <Button size="lg" variant="outline" className={classes.bigButton} onClick={() => { forgetCabKey(); void navigate('/login', { replace: true }); }}>
                  {t('driver.leaveDriverMode')}
                </Button>
              </Stack>
            ) : drivers.isPending ? (
              <Text role="status">{t('driver.pleaseWait')}</Text>
            ) : drivers.isError ? (
              <Alert color="red" role="alert">{errorMessage(drivers.error)}</Alert>
            ) : list.length === 0 ? (
              <Text>{t('driver.noDrivers')}</Text>
            ) : (
              <>
                {list.length > SEARCH_FROM && (
                  <TextInput
                    size="lg"
                    label={t('driver.searchName')}
                    leftSection={<IconSearch aria-hidden />}
                    value={search}
                    onChange={(e) => setSearch(e.currentTarget.value)}
                  />
                )}
                <Radio.Group label={t('driver.yourName')} value={driverId} onChange={setDriverId} size="lg">
                  <ScrollArea.Autosize mah={list.length > SEARCH_FROM ? 320 : undefined} mt="xs" type="auto">
                    <Stack gap={6}>
                      {shown.map((d) => (
                        <Radio.Card key={d.id} value={String(d.id)} p="md" radius="md" withBorder className={classes.choice} data-testid="driver-choice">
                          <Group wrap="nowrap" gap="md">
                            <Radio.Indicator size="md" />
                            <Text fz="lg" fw={driverId === String(d.id) ? 700 : 500}>
                              {d.name}
                            </Text>
                          </Group>
                        </Radio.Card>
                      ))}
                      {shown.length === 0 && <Text>{t('driver.noMatch')}</Text>}
                    </Stack>
                  </ScrollArea.Autosize>
                </Radio.Group>
                <PasswordInput
                  size="lg"
                  label={t('driver.password')}
                  autoComplete="current-password"
                  value={pass}
                  onChange={(e) => setPass(e.currentTarget.value)}
                  visibilityToggleButtonProps={{ 'aria-label': t('driver.showPassword'), style: { minWidth: 48, minHeight: 48 } }}
                />
                {(problem || signIn.isError) && (
                  <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
                    {problem ?? errorMessage(signIn.error)}
                  </Alert>
                )}
                <Button type="submit" size="xl" className={classes.bigButton} disabled={signIn.isPending} leftSection={<IconLogin2 aria-hidden />}>
                  {signIn.isPending ? t('driver.pleaseWait') : t('driver.signIn')}
                </Button>
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
