import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconInfoCircle, IconSearch } from '@tabler/icons-react';
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

interface GroupEditorProps {
  siteId: number;
  /** The groups the site lists (those holding vehicles). */
  groups: ListedGroup[];
  /** The group to change, or null for a new one. */
  editing: ListedGroup | null;
  /** Back to the list of groups, nothing saved. */
  onBack(): void;
  /** Saved: the manager closes (the fleet page shows the group). */
  onDone(): void;
}

/** Inside the group manager: create a group, or change or empty a listed one, by ticking the site's vehicles. */
export function GroupEditor({ siteId, groups, editing, onBack, onDone }: GroupEditorProps) {
  const { t } = useTranslation();
  const vehicles = useQuery(groupVehiclesQuery(siteId));
  const save = useSaveGroup(siteId);
  const [name, setName] = useState('');
  const [units, setUnits] = useState<ReadonlySet<number>>(() => new Set(editing?.units ?? []));
  const [search, setSearch] = useState('');
  const [tried, setTried] = useState(false);
  const [confirmEmpty, setConfirmEmpty] = useState(false);

  const all = vehicles.data;
  const shown = useMemo(() => matchVehicles(all ?? [], search), [all, search]);
  const draft = { id: editing?.id ?? null, name: editing?.name ?? name, units };
  const problem = draftProblem(draft, groups);
  const diff = editing ? changes(editing.units, units) : null;

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
          onDone();
        },
      },
    );
  };

  return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit(units);
        }}
        noValidate
      >
        <Stack gap="sm">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Anchor component="button" type="button" size="sm" onClick={onBack}>
              <Group gap={4} wrap="nowrap">
                <IconArrowLeft size={14} aria-hidden />
                {t('groups.backToList')}
              </Group>
            </Anchor>
            <Text size="sm" fw={600} truncate>
              {editing ? t('groups.editing', { name: editing.name }) : t('groups.newTitle')}
            </Text>
          </Group>
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
                <Button variant="default" size="sm" onClick={onBack} disabled={save.isPending}>
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
  );
}
