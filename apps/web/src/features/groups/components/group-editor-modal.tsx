import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { dropGroupFromFleet, showGroupOnFleet } from '../../fleet/index.ts';
import { groupVehiclesQuery, useSaveGroup } from '../api/groups-api.ts';
import { changes, draftProblem, matchVehicles, setShown, toggleUnit, unitsToSave } from '../model/group-draft.ts';
import { ChecklistSkeleton } from './checklist-skeleton.tsx';
import { VehicleChecklist } from './vehicle-checklist.tsx';

export interface ListedGroup {
  id: number;
  name: string;
  units: number[];
}

interface GroupEditorModalProps {
  siteId: number;
  /** The groups the site lists (those holding vehicles). */
  groups: ListedGroup[];
  /** The group to open on, or null for a new one. */
  initialId: number | null;
  onClose(): void;
}

/** Create a group, or change or empty a listed one, by ticking the site's vehicles. */
export function GroupEditorModal({ siteId, groups, initialId, onClose }: GroupEditorModalProps) {
  const { t } = useTranslation();
  const vehicles = useQuery(groupVehiclesQuery(siteId));
  const save = useSaveGroup(siteId);
  // A phone gets the whole screen: the checklist is the point of the dialog.
  const phone = useMediaQuery('(max-width: 36em)');
  const start = groups.find((g) => g.id === initialId) ?? null;
  const [editing, setEditing] = useState<ListedGroup | null>(start);
  const [name, setName] = useState('');
  const [units, setUnits] = useState<ReadonlySet<number>>(() => new Set(start?.units ?? []));
  const [search, setSearch] = useState('');
  const [tried, setTried] = useState(false);
  const [confirmEmpty, setConfirmEmpty] = useState(false);

  const all = vehicles.data;
  const shown = useMemo(() => matchVehicles(all ?? [], search), [all, search]);
  const draft = { id: editing?.id ?? null, name: editing?.name ?? name, units };
  const problem = draftProblem(draft, groups);
  const diff = editing ? changes(editing.units, units) : null;

  const pick = (value: string) => {
    const g = groups.find((x) => String(x.id) === value) ?? null;
    setEditing(g);
    setUnits(new Set(g?.units ?? []));
    setTried(false);
    setConfirmEmpty(false);
    save.reset();
  };

  const submit = (chosen: ReadonlySet<number>) => {
    setTried(true);
    const d = { ...draft, units: chosen };
    if (draftProblem(d, groups) || !all) return;
    const toSave = unitsToSave(chosen, all);
    save.mutate(
      { id: d.id, name: d.name, units: toSave },
      {
        onSuccess: (id) => {
          const label = d.name.trim();
          notifications.show({
            color: 'teal',
            message: toSave.length ? t('groups.saved', { name: label, count: toSave.length }) : t('groups.emptied', { name: label }),
          });
          // Show the group just saved; an emptied group is no longer listed, so back to all vehicles.
          if (toSave.length > 0) showGroupOnFleet(id);
          else dropGroupFromFleet(id);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('groups.title')} size="lg" fullScreen={phone} transitionProps={{ duration: 0 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit(units);
        }}
        noValidate
      >
        <Stack gap="sm">
          <NativeSelect
            label={t('groups.which')}
            value={editing ? String(editing.id) : 'new'}
            onChange={(e) => pick(e.currentTarget.value)}
            data={[{ value: 'new', label: t('groups.newGroup') }, ...groups.map((g) => ({ value: String(g.id), label: `${g.name} (${g.units.length})` }))]}
            size="sm"
          />
          {!editing && (
            <TextInput
              label={t('groups.name')}
              placeholder={t('groups.namePlaceholder')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={tried && problem?.startsWith('name') ? t(`groups.problem.${problem}`) : undefined}
              maxLength={120}
              required
              data-autofocus
              size="sm"
            />
          )}
          <Text size="xs" c="gray.7">
            <IconInfoCircle size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
            {t('groups.hiddenRule')}
          </Text>
          <Group justify="space-between" align="flex-end" gap="xs">
            <TextInput
              aria-label={t('groups.search')}
              placeholder={t('groups.searchPlaceholder')}
              leftSection={<IconSearch size={14} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              type="search"
              size="xs"
              style={{ flex: 1, minWidth: 180 }}
            />
            <Group gap={4}>
              <Button size="compact-xs" variant="default" disabled={!shown.length} onClick={() => setUnits(setShown(units, shown, true))}>
                {t('groups.selectShown')}
              </Button>
              <Button size="compact-xs" variant="default" disabled={!shown.length} onClick={() => setUnits(setShown(units, shown, false))}>
                {t('groups.clearShown')}
              </Button>
            </Group>
          </Group>
          {vehicles.isPending && <ChecklistSkeleton label={t('groups.loading')} />}
          {vehicles.isError && <ErrorState error={vehicles.error} onRetry={() => void vehicles.refetch()} />}
          {all && all.length === 0 && <Text size="sm" c="gray.7">{t('groups.noVehicles')}</Text>}
          {all && all.length > 0 && shown.length === 0 && (
            <Text size="sm" c="gray.7" role="status">
              {t('groups.noMatch', { query: search.trim() })}
            </Text>
          )}
          {shown.length > 0 && <VehicleChecklist vehicles={shown} selected={units} onToggle={(u) => setUnits((s) => toggleUnit(s, u))} />}
          <Text size="sm" role="status" aria-live="polite" data-testid="group-count">
            {t('groups.selected', { count: units.size, total: all?.length ?? 0 })}
            {diff && (diff.added > 0 || diff.removed > 0) && ` · ${t('groups.changes', diff)}`}
          </Text>
          {tried && !editing && units.size === 0 && (
            <Alert color="orange" variant="light" p="xs">
              {t('groups.problem.noVehicles')}
            </Alert>
          )}
          {save.isError && <ErrorState error={save.error} />}
          {confirmEmpty && editing ? (
            <Alert color="orange" variant="light" p="xs">
              <Stack gap="xs">
                <Text size="sm">{t('groups.emptyConfirm', { count: editing.units.length, name: editing.name })}</Text>
                <Group gap="xs" justify="flex-end">
                  <Button size="xs" variant="default" onClick={() => setConfirmEmpty(false)}>
                    {t('groups.cancel')}
                  </Button>
                  <Button size="xs" color="orange.9" loading={save.isPending} onClick={() => submit(new Set())}>
                    {t('groups.emptyYes')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <Group justify="space-between" gap="xs">
              <div>
                {editing && (
                  <Button variant="default" size="sm" onClick={() => setConfirmEmpty(true)} disabled={save.isPending}>
                    {t('groups.empty')}
                  </Button>
                )}
              </div>
              <Group gap="xs">
                <Button variant="default" size="sm" onClick={onClose} disabled={save.isPending}>
                  {t('groups.cancel')}
                </Button>
                <Button type="submit" size="sm" loading={save.isPending} disabled={!all}>
                  {editing ? t('groups.save') : t('groups.create')}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
