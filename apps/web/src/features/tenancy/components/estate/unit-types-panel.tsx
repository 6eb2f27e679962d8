import { IO_MAP_DEFAULTS, IO_MAP_KEYS, type IoMapKey } from '@fleet/shared';
import { Alert, Badge, Button, Group, Modal, NumberInput, Paper, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sharedKeys } from '../../../../shared/query-keys.ts';
import { ErrorState, useErrorMessage } from '../../../../shared/ui/error-state.tsx';
import { TableSkeleton } from '../../../../shared/ui/table-skeleton.tsx';
import { estateUnitTypesQuery, saveUnitType } from '../../api/estate-api.ts';
import { tenancyKeys } from '../../api/tenancy-keys.ts';
import { catalogueRowsOf, IoCatalogueEditor, toCatalogueForm } from './io-catalogue-editor.tsx';

type UnitType = {
  id: number; name: string; icon: string; iomap: Record<string, number>; units: number;
  iocatalogue: Array<{ id: number; name: string; unit: string; scale: number; decimals: number; group?: string }>;
};

/** The IO map of a form: each meaning's element id as typed ('' keeps the default). */
type IoForm = Record<IoMapKey, number | string>;

const toForm = (iomap: Record<string, number>): IoForm =>
  Object.fromEntries(IO_MAP_KEYS.map((k) => [k, iomap[k] ?? ''])) as IoForm;

function UnitTypeForm({ type, canEdit, onClose }: { type: UnitType | null; canEdit: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [name, setName] = useState(type?.name ?? '');
  const [icon, setIcon] = useState(type?.icon ?? 'service-van-blue');
  const [io, setIo] = useState<IoForm>(() => toForm(type?.iomap ?? {}));
  const [catalogue, setCatalogue] = useState(() => toCatalogueForm(type?.iocatalogue ?? []));
  const [problems, setProblems] = useState<{ name?: string; icon?: string; io?: string; catalogue?: string }>({});
  const mutation = useMutation({
    mutationFn: saveUnitType,
    onSuccess: async () => {
      notifications.show({ message: t('estate.unitTypeSaved'), color: 'teal' });
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tenancyKeys.estateUnitTypes() }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.unitTypes() }),
      ]);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof problems = {};
    if (!name.trim()) next.name = t('estate.nameNeeded');
    if (!/^[a-z0-9-]{1,60}$/.test(icon.trim())) next.icon = t('estate.iconRule');
    const iomap: Partial<Record<IoMapKey, number>> = {};
    for (const k of IO_MAP_KEYS) {
      const v = io[k];
      if (v === '') continue;
      if (!Number.isInteger(Number(v)) || Number(v) < 0 || Number(v) > 65_535) next.io = t('estate.ioRule');
      else iomap[k] = Number(v);
    }
    const iocatalogue = catalogueRowsOf(catalogue);
    if (!iocatalogue) next.catalogue = t('engine.catalogue.problem');
    setProblems(next);
    if (Object.keys(next).length > 0 || !iocatalogue) return;
    mutation.mutate({ id: type?.id ?? 0, name: name.trim(), icon: icon.trim(), iomap, iocatalogue });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput label={t('estate.unitTypeName')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={problems.name} readOnly={!canEdit} required data-autofocus />
          <TextInput label={t('estate.icon')} value={icon} onChange={(e) => setIcon(e.currentTarget.value)} error={problems.icon} readOnly={!canEdit} required />
        </Group>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} size="sm" mb={4}>
            {t('estate.ioMap')}
          </Text>
          <Text size="xs" c="dimmed" mb="xs">
            {t('estate.ioMapHelp')}
          </Text>
          <Table verticalSpacing={2} withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('estate.meaning')}</Table.Th>
                <Table.Th w={140}>{t('estate.element')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {IO_MAP_KEYS.map((k) => (
                <Table.Tr key={k}>
                  <Table.Td>
                    <Text size="sm" component="label" htmlFor={`io-${k}`}>
                      {t(`estate.io.${k}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      id={`io-${k}`}
                      size="xs"
                      value={io[k]}
                      onChange={(v) => setIo((old) => ({ ...old, [k]: v }))}
                      placeholder={String(IO_MAP_DEFAULTS[k])}
                      min={0}
                      max={65_535}
                      allowDecimal={false}
                      allowNegative={false}
                      readOnly={!canEdit}
                      aria-describedby={`io-${k}-default`}
                    />
                    <VisuallyHidden id={`io-${k}-default`}>{t('estate.defaultElement', { id: IO_MAP_DEFAULTS[k] })}</VisuallyHidden>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {problems.io && (
            <Text c="red" size="sm" role="alert">
              {problems.io}
            </Text>
          )}
        </fieldset>
        <IoCatalogueEditor rows={catalogue} onChange={setCatalogue} readOnly={!canEdit} problem={problems.catalogue} />
        {mutation.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          {canEdit ? (
            <Button variant="subtle" onClick={() => setIo(toForm({}))}>
              {t('estate.resetDefaults')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {canEdit ? t('estate.cancel') : t('estate.close')}
            </Button>
            {canEdit && (
              <Button type="submit" loading={mutation.isPending}>
                {t('estate.save')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The installation's unit types with the IO mapping editor (editable by the default brand's super administrators). */
export function UnitTypesPanel() {
  const { t } = useTranslation();
  const query = useQuery(estateUnitTypesQuery);
  const [editing, setEditing] = useState<UnitType | 'new' | null>(null);
  const canEdit = query.data?.canEdit ?? false;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" maw={600}>
          {canEdit ? t('estate.unitTypesIntro') : t('estate.unitTypesReadOnly')}
        </Text>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('estate.addUnitType')}
          </Button>
        )}
      </Group>
      {query.isPending && <TableSkeleton columns={[t('estate.unitTypeName'), t('estate.unitsCol')]} rows={4} label={t('estate.loading')} />}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <Paper withBorder>
          <Table highlightOnHover verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60} ta="right">{t('estate.id')}</Table.Th>
                <Table.Th>{t('estate.unitTypeName')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('estate.icon')}</Table.Th>
                <Table.Th ta="right">{t('estate.unitsCol')}</Table.Th>
                <Table.Th>{t('estate.ioMap')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.unittypes.map((u) => {
                const changed = Object.keys(u.iomap).length + u.iocatalogue.length;
                return (
                  <Table.Tr key={u.id}>
                    <Table.Td ta="right">{u.id}</Table.Td>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" px={4} onClick={() => setEditing(u)} aria-label={t(canEdit ? 'estate.editUnitType' : 'estate.viewUnitType', { name: u.name })}>
                        {u.name}
                      </Button>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm" c="dimmed">{u.icon}</Text>
                    </Table.Td>
                    <Table.Td ta="right">{u.units}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={changed ? 'blue' : 'gray'} c={changed ? undefined : 'dark.6'} tt="none">
                        {changed ? t('estate.ioChanged', { count: changed }) : t('estate.ioDefault')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        title={<Text fw={600}>{editing === 'new' ? t('estate.newUnitType') : editing ? editing.name : ''}</Text>}
      >
        {editing !== null && <UnitTypeForm key={editing === 'new' ? 0 : editing.id} type={editing === 'new' ? null : editing} canEdit={canEdit} onClose={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
