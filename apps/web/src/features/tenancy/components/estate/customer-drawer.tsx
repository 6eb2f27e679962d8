import { type EstateCustomer } from '@fleet/shared';
import { ActionIcon, Alert, Badge, Button, Drawer, Group, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, useErrorMessage } from '../../../../shared/ui/error-state.tsx';
import { unitTypesQuery } from '../../../../shared/units/unit-types-query.ts';
import { addNewSite, customerUnitsQuery, estateSitesQuery, removeSite, removeUnit } from '../../api/estate-api.ts';
import { addSiteUnit } from '../../api/tenancy-api.ts';
import { tenancyKeys } from '../../api/tenancy-keys.ts';
import { ConfirmModal } from './confirm-modal.tsx';

type Unit = { unitid: number; registration: string; deviceid: string; unittypename: string; siteid: number };
type Site = { siteid: number; sitename: string; units: number; users: number };

function useRefreshEstate() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: tenancyKeys.estateAll() }),
    queryClient.invalidateQueries({ queryKey: tenancyKeys.companies() }),
    queryClient.invalidateQueries({ queryKey: ['customers'] }),
  ]);
}

function AddSiteForm({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const refresh = useRefreshEstate();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: addNewSite,
    onSuccess: async () => {
      notifications.show({ message: t('estate.siteAdded', { name: name.trim() }), color: 'teal' });
      setName('');
      await refresh();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem(t('estate.siteNameNeeded'));
    if (trimmed.length > 80) return setProblem(t('estate.nameTooLong', { max: 80 }));
    setProblem(undefined);
    mutation.mutate({ cid, sitename: trimmed });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          flex={1}
          label={t('estate.newSiteName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={problem ?? (mutation.isError ? errorMessage(mutation.error) : undefined)}
        />
        <Button type="submit" mt={24} leftSection={<IconPlus size={16} aria-hidden />} loading={mutation.isPending}>
          {t('estate.addSite')}
        </Button>
      </Group>
    </form>
  );
}

function AddUnitForm({ siteId, onDone }: { siteId: number; onDone(): void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const refresh = useRefreshEstate();
  const types = useQuery(unitTypesQuery);
  const [deviceId, setDeviceId] = useState('');
  const [unitType, setUnitType] = useState<string | null>(null);
  const [registration, setRegistration] = useState('');
  const [problems, setProblems] = useState<{ device?: string; type?: string; registration?: string }>({});
  const mutation = useMutation({
    mutationFn: addSiteUnit,
    onSuccess: async () => {
      notifications.show({ message: t('estate.unitAdded'), color: 'teal' });
      onDone();
      await refresh();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof problems = {};
    const device = deviceId.trim();
    if (!/^[A-Za-z0-9._:-]{1,64}$/.test(device)) next.device = t('estate.deviceIdRule');
    if (!unitType) next.type = t('estate.chooseUnitType');
    if (registration.trim().length > 40) next.registration = t('estate.nameTooLong', { max: 40 });
    setProblems(next);
    if (Object.keys(next).length > 0 || !unitType) return;
    mutation.mutate({ siteid: siteId, uid: device, unittype: Number(unitType), ...(registration.trim() ? { registration: registration.trim() } : {}) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs" p="xs" bg="gray.0" style={{ borderRadius: 4 }}>
        <Group grow align="flex-start" gap="xs" wrap="wrap">
          <TextInput label={t('estate.deviceId')} value={deviceId} onChange={(e) => setDeviceId(e.currentTarget.value)} error={problems.device} required miw={140} data-autofocus />
          <Select
            label={t('estate.unitType')}
            data={(types.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            value={unitType}
            onChange={setUnitType}
            error={problems.type}
            required
            miw={140}
          />
          <TextInput label={t('estate.registration')} value={registration} onChange={(e) => setRegistration(e.currentTarget.value)} error={problems.registration} miw={140} />
        </Group>
        {mutation.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone}>
            {t('estate.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={mutation.isPending}>
            {t('estate.addUnit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SiteCard({ site, units, onRemoveSite, onRemoveUnit }: {
  site: Site; units: Unit[]; onRemoveSite(site: Site): void; onRemoveUnit(site: Site, unit: Unit): void;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={3} fz="md" lineClamp={1}>
            {site.sitename}
          </Title>
          <Text size="xs" c="dimmed">
            {t('estate.siteCounts', { units: site.units, users: site.users })}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setAdding(true)} aria-label={t('estate.addUnitTo', { site: site.sitename })}>
            {t('estate.addUnit')}
          </Button>
          <ActionIcon variant="subtle" color="red" onClick={() => onRemoveSite(site)} aria-label={t('estate.removeSiteNamed', { site: site.sitename })}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {adding && (
        <div style={{ marginTop: 8 }}>
          <AddUnitForm siteId={site.siteid} onDone={() => setAdding(false)} />
        </div>
      )}
      {units.length > 0 && (
        <Stack gap={2} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('estate.unitsOf', { site: site.sitename })}>
          {units.map((u) => (
            <Group key={u.unitid} component="li" justify="space-between" wrap="nowrap" gap="xs" py={2} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {u.registration}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {u.deviceid} · {u.unittypename}
                </Text>
              </div>
              <ActionIcon variant="subtle" color="red" onClick={() => onRemoveUnit(site, u)} aria-label={t('estate.removeUnitNamed', { unit: u.registration })}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** One customer's sites and units: add and remove sites, add and take off units (a drawer; the whole screen on a phone). */
export function CustomerDrawer({ customer, onClose }: { customer: EstateCustomer | null; onClose(): void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const cid = customer?.cid ?? 0;
  const sites = useQuery({ ...estateSitesQuery(cid), enabled: customer !== null });
  const queryClient = useQueryClient();
  const units = useQuery({ ...customerUnitsQuery(queryClient, cid), enabled: customer !== null });
  const refresh = useRefreshEstate();
  const [removingSite, setRemovingSite] = useState<Site | null>(null);
  const [removingUnit, setRemovingUnit] = useState<{ site: Site; unit: Unit } | null>(null);

  return (
    <Drawer
      opened={customer !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={
        <Group gap="xs">
          <Text fw={700}>{customer?.name}</Text>
          {customer?.suspended && (
            <Badge color="red" variant="light" tt="none">
              {t('estate.suspended')}
            </Badge>
          )}
        </Group>
      }
    >
      {customer && (
        <Stack gap="sm">
          <AddSiteForm cid={customer.cid} />
          {(sites.isPending || units.isPending) && [0, 1].map((i) => <Skeleton key={i} height={90} />)}
          {sites.isError && <ErrorState error={sites.error} onRetry={() => void sites.refetch()} />}
          {sites.isSuccess && sites.data.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('estate.noSites')}
            </Text>
          )}
          {sites.isSuccess && units.isSuccess &&
            sites.data.map((s) => (
              <SiteCard
                key={s.siteid}
                site={s}
                units={units.data.filter((u) => u.siteid === s.siteid)}
                onRemoveSite={setRemovingSite}
                onRemoveUnit={(site, unit) => setRemovingUnit({ site, unit })}
              />
            ))}
        </Stack>
      )}
      <ConfirmModal
        opened={removingSite !== null}
        title={t('estate.removeSiteTitle', { site: removingSite?.sitename ?? '' })}
        confirmLabel={t('estate.removeSite')}
        onClose={() => setRemovingSite(null)}
        action={() => removeSite(removingSite?.siteid ?? 0)}
        onDone={(answer) => {
          notifications.show({ message: (answer as { message: string }).message, color: 'teal' });
          void refresh();
        }}
      >
        {t('estate.removeSiteText', { users: removingSite?.users ?? 0 })}
      </ConfirmModal>
      <ConfirmModal
        opened={removingUnit !== null}
        title={t('estate.removeUnitTitle', { unit: removingUnit?.unit.registration ?? '' })}
        confirmLabel={t('estate.removeUnit')}
        onClose={() => setRemovingUnit(null)}
        action={() => removeUnit(removingUnit?.site.siteid ?? 0, removingUnit?.unit.unitid ?? 0)}
        onDone={(answer) => {
          notifications.show({ message: (answer as { message: string }).message, color: 'teal' });
          void refresh();
        }}
      >
        {t('estate.removeUnitText', { site: removingUnit?.site.sitename ?? '', device: removingUnit?.unit.deviceid ?? '' })}
      </ConfirmModal>
    </Drawer>
  );
}
