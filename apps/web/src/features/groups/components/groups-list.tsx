import { ActionIcon, Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconUsersMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { dropGroupFromFleet } from '../../fleet/index.ts';
import { useSaveGroup } from '../api/groups-api.ts';
import type { ListedGroup } from './group-editor.tsx';
import classes from './groups.module.css';
import { useCanChange } from '../../../shared/session/use-can-change.ts';

interface GroupsListProps {
  siteId: number;
  groups: ListedGroup[];
  /** The group the fleet page shows, marked in the list. */
  shownId: number | null;
  onNew(): void;
  onEdit(group: ListedGroup): void;
}

/**
 * Where the group manager opens: the site's groups, each with Edit and, set apart after a divider,
 * Empty (which asks first: an emptied group is hidden), and New group above them.
 */
export function GroupsList({ siteId, groups, shownId, onNew, onEdit }: GroupsListProps) {
  const { t } = useTranslation();
  const save = useSaveGroup(siteId);
  const [confirming, setConfirming] = useState<number | null>(null);
  const canChange = useCanChange();
  const sorted = [...groups].sort((a, b) => a.name.localeCompare(b.name, 'en-GB', { numeric: true }));

  const empty = (g: ListedGroup) =>
    save.mutate(
      { id: g.id, name: g.name, units: [] },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('groups.emptied', { name: g.name }) });
          dropGroupFromFleet(g.id);
          setConfirming(null);
        },
      },
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="gray.7">
          {t('groups.count', { count: groups.length })}
        </Text>
        {canChange && (
          <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew} data-autofocus>
            {t('groups.new')}
          </Button>
        )}
      </Group>
      {save.isError && <ErrorState error={save.error} />}
      {sorted.length === 0 ? (
        <Text size="sm" c="gray.7" role="status">
          {t('groups.none')}
        </Text>
      ) : (
        <ul className={classes.groups} aria-label={t('groups.listLabel')}>
          {sorted.map((g) => (
            <li key={g.id} className={classes.group} data-group={g.id}>
              <div className={classes.groupName}>
                <Text size="sm" fw={600} truncate>
                  {g.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {t('groups.vehicleCount', { count: g.units.length })}
                  {g.id === shownId && ` · ${t('groups.shown')}`}
                </Text>
              </div>
              {confirming === g.id ? (
                <Alert color="orange" variant="light" p="xs" className={classes.confirm}>
                  <Stack gap={6}>
                    <Text size="sm">{t('groups.emptyConfirm', { count: g.units.length, name: g.name })}</Text>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" className={classes.target} onClick={() => setConfirming(null)}>
                        {t('groups.cancel')}
                      </Button>
                      <Button size="xs" color="orange.9" className={classes.target} loading={save.isPending} onClick={() => empty(g)}>
                        {t('groups.emptyYes')}
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              ) : canChange && (
                <Group gap={4} wrap="nowrap" className={classes.groupActions}>
                  <Button size="xs" variant="default" className={classes.target} leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onEdit(g)} aria-label={t('groups.editOf', { name: g.name })}>
                    {t('groups.edit')}
                  </Button>
                  <span className={classes.apart} aria-hidden />
                  <ActionIcon variant="subtle" color="red" size="lg" className={classes.target} onClick={() => setConfirming(g.id)} aria-label={t('groups.emptyOf', { name: g.name })} title={t('groups.emptyOf', { name: g.name })} disabled={save.isPending}>
                    <IconUsersMinus size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </li>
          ))}
        </ul>
      )}
      <Text size="xs" c="gray.7">
        {t('groups.hiddenRule')}
      </Text>
    </Stack>
  );
}
