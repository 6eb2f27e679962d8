import { addSiteUnitBodySchema } from '@fleet/shared';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { unitTypesQuery } from '../../../shared/units/unit-types-query.ts';
import { addSiteUnit, allSitesQuery, unknownDevicesQuery } from '../api/tenancy-api.ts';
import type { UnknownDevice } from './unknown-devices-table.tsx';
import { fleetKeys } from '../../fleet/index.ts';
import { protocolName } from '../model/unknown-devices.ts';

const MAX_REGISTRATION = 40;

interface Problems {
  site?: string;
  unitType?: string;
  registration?: string;
}

function AddUnitForm({ device, onClose }: { device: UnknownDevice; onClose(): void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const sites = useQuery(allSitesQuery);
  const unitTypes = useQuery(unitTypesQuery);
  const [siteId, setSiteId] = useState<string | null>(null);
  const [unitType, setUnitType] = useState<string | null>(null);
  const [registration, setRegistration] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const mutation = useMutation({
    mutationFn: addSiteUnit,
    onSuccess: async () => {
      notifications.show({ message: t('unknownDevices.added'), color: 'teal' });
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: unknownDevicesQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: fleetKeys.allVehicles() }),
      ]);
    },
  });

  const siteData = (sites.data ?? [])
    .filter((c) => c.sites.length > 0)
    .map((c) => ({
      group: c.name,
      items: c.sites.map((s) => ({ value: String(s.siteid), label: s.sitename })),
    }));
  const typeData = (unitTypes.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Problems = {};
    if (!siteId) next.site = t('unknownDevices.chooseSite');
    if (!unitType) next.unitType = t('unknownDevices.chooseUnitType');
    if (registration.trim().length > MAX_REGISTRATION)
      next.registration = t('unknownDevices.registrationTooLong');
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    const parsed = addSiteUnitBodySchema.safeParse({
      siteid: Number(siteId),
      uid: device.deviceid,
      unittype: Number(unitType),
      registration: registration.trim() || undefined,
    });
    if (!parsed.success) {
      setProblems({ registration: parsed.error.issues[0]?.message ?? t('errors.generic') });
      return;
    }
    mutation.mutate(parsed.data);
  };

  const loadError = sites.error ?? unitTypes.error;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label={t('unknownDevices.site')}
          placeholder={t('unknownDevices.sitePlaceholder')}
          data={siteData}
          value={siteId}
          onChange={setSiteId}
          searchable
          nothingFoundMessage={t('unknownDevices.noSites')}
          disabled={sites.isPending}
          error={problems.site}
          required
          withAsterisk={false}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Select
          label={t('unknownDevices.unitType')}
          placeholder={t('unknownDevices.unitTypePlaceholder')}
          data={typeData}
          value={unitType}
          onChange={setUnitType}
          disabled={unitTypes.isPending}
          error={problems.unitType}
          required
          withAsterisk={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('unknownDevices.registration')}
          description={t('unknownDevices.registrationHint')}
          placeholder={device.deviceid}
          value={registration}
          onChange={(e) => setRegistration(e.currentTarget.value)}
          error={problems.registration}
          maxLength={MAX_REGISTRATION}
          autoComplete="off"
        />
        {loadError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(loadError)}
          </Alert>
        )}
        {mutation.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('unknownDevices.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('unknownDevices.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Add to site' for one unknown device: site, unit type and registration, then addnewsiteunit. */
export function AddUnitModal({ device, onClose }: { device: UnknownDevice | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={device !== null}
      onClose={onClose}
      title={device ? t('unknownDevices.modalTitle', { device: device.deviceid }) : undefined}
      size="md"
    >
      {device && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {protocolName(device.protocol)} · {device.address}
          </Text>
          <AddUnitForm key={device.deviceid} device={device} onClose={onClose} />
        </Stack>
      )}
    </Modal>
  );
}
