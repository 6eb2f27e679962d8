import type { CabDeviceRow } from '@fleet/shared';
import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceMobile, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ErrorState, useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useCabDevices, useRegisterCabDevice, useRemoveCabDevice, useTakeCabDevice } from '../api/cab-devices-api.ts';
import { ConfigSectionCard } from '../../../shared/ui/config-section-card.tsx';
import { ConfigBackLink } from './config-back-link.tsx';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : null);

/** On the config page: the card that leads to the site's cab devices. */
export function CabDevicesCard() {
  const { t } = useTranslation();
  return <ConfigSectionCard icon={IconDeviceMobile} title={t('cabDevices.title')} text={t('cabDevices.cardText')} to="/tabs/tabs/mobileconfig" />;
}

type Pending = { kind: 'register'; name: string } | { kind: 'take'; device: CabDeviceRow } | { kind: 'remove'; device: CabDeviceRow };

/** config/cabdevices: the site's cab devices; register this browser, move one here, remove one. */
export function CabDevicesPanel() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const siteId = user?.siteid ?? null;
  const devices = useCabDevices(siteId);
  const register = useRegisterCabDevice();
  const take = useTakeCabDevice();
  const remove = useRemoveCabDevice(siteId);
  const errorMessage = useErrorMessage();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const failed = register.error ?? take.error ?? remove.error;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(t('cabDevices.nameNeeded'));
    if (trimmed.length > 60) return setNameError(t('cabDevices.nameTooLong'));
    setNameError(null);
    setPending({ kind: 'register', name: trimmed });
  };
  const confirm = () => {
    if (!pending || siteId === null) return;
    if (pending.kind === 'register') register.mutate({ siteid: siteId, name: pending.name });
    else if (pending.kind === 'take') take.mutate(pending.device.deviceid);
    else remove.mutate(pending.device.deviceid, { onSettled: () => setPending(null) });
  };

  return (
    <Stack gap="sm" maw={820}>
      <PageHeader title={t('cabDevices.title')} />
      <ConfigBackLink />
      <Text>{t('cabDevices.intro', { site: user?.sitename ?? '' })}</Text>
      {failed && <Alert color="red.9" role="alert">{errorMessage(failed)}</Alert>}
      {devices.isError && <ErrorState error={devices.error} onRetry={() => void devices.refetch()} />}
      {devices.isPending && <Text role="status">{t('cabDevices.loading')}</Text>}
      {devices.data && devices.data.length === 0 && <Text>{t('cabDevices.none')}</Text>}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('cabDevices.listLabel')}>
        {devices.data?.map((d) => (
          <Card key={d.deviceid} withBorder padding="sm" component="li" data-testid="cab-device">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Title order={2} fz="md">{d.name}</Title>
                <Text size="sm">
                  {d.registered ? t('cabDevices.registeredAt', { when: when(d.registered) }) : t('cabDevices.notHeld')}
                  {d.lastseen ? ` · ${t('cabDevices.lastSeen', { when: when(d.lastseen) })}` : ''}
                </Text>
                <Text size="sm">
                  {d.driver ? t('cabDevices.driverNow', { name: d.driver, registration: d.registration ?? t('cabDevices.noVehicle') }) : t('cabDevices.noDriver')}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button size="sm" variant="outline" onClick={() => setPending({ kind: 'take', device: d })} aria-label={t('cabDevices.useThisFor', { name: d.name })}>
                  {t('cabDevices.useThis')}
                </Button>
                <Button size="sm" variant="subtle" color="#c92a2a" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setPending({ kind: 'remove', device: d })} aria-label={t('cabDevices.removeFor', { name: d.name })}>
                  {t('cabDevices.remove')}
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      <Card withBorder padding="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Title order={2} fz="md">{t('cabDevices.registerTitle')}</Title>
            <TextInput label={t('cabDevices.name')} description={t('cabDevices.nameHint')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} maxLength={80} />
            <Group>
              <Button type="submit">{t('cabDevices.register')}</Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.kind === 'remove' ? t('cabDevices.removeTitle') : t('cabDevices.driverModeTitle')}
        centered
      >
        <Stack>
          <Text>
            {pending?.kind === 'remove' ? t('cabDevices.removeText', { name: pending.device.name }) : t('cabDevices.driverModeText')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>{t('cabDevices.cancel')}</Button>
            <Button
              color={pending?.kind === 'remove' ? 'red.9' : undefined}
              loading={register.isPending || take.isPending || remove.isPending}
              onClick={confirm}
            >
              {pending?.kind === 'remove' ? t('cabDevices.remove') : t('cabDevices.continue')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
