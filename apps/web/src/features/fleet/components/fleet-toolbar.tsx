import type { groupSchema } from '@fleet/shared';
import { Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ManageGroupsButton } from '../../groups/index.ts';
import type { SortKey, SortState } from '../hooks/vehicle-rows.ts';

export type FleetGroup = z.infer<typeof groupSchema>;

const SORT_KEYS: SortKey[] = ['registration', 'driver', 'status', 'updated'];

interface FleetToolbarProps {
  total: number;
  groups: FleetGroup[];
  /** 'all' or a group id. */
  view: 'all' | number;
  onView(view: 'all' | number): void;
  search: string;
  onSearch(search: string): void;
  sort: SortState;
  onSort(sort: SortState): void;
  disabled: boolean;
}

/** Which vehicles to show (all or a group), a search that filters as you type, and the order. */
export function FleetToolbar(props: FleetToolbarProps) {
  const { t } = useTranslation();
  const { total, groups, view, onView, search, onSearch, sort, onSort, disabled } = props;
  return (
    <Stack gap={6} p="xs">
      <Group gap={6} wrap="nowrap" grow preventGrowOverflow={false}>
        <NativeSelect
          aria-label={t('fleet.viewLabel')}
          value={String(view)}
          onChange={(e) => onView(e.currentTarget.value === 'all' ? 'all' : Number(e.currentTarget.value))}
          data={[
            { value: 'all', label: t('fleet.allVehicles', { count: total }) },
            ...groups.map((g) => ({ value: String(g.id), label: t('fleet.groupOption', { name: g.name, count: g.vc }) })),
          ]}
          disabled={disabled}
          size="xs"
        />
        <ManageGroupsButton groups={groups} view={view} />
        <NativeSelect
          aria-label={t('fleet.sortLabel')}
          value={`${sort.key}:${sort.direction}`}
          onChange={(e) => {
            const [key, direction] = e.currentTarget.value.split(':') as [SortKey, SortState['direction']];
            onSort({ key, direction });
          }}
          data={SORT_KEYS.flatMap((key) =>
            (['asc', 'desc'] as const).map((direction) => ({
              value: `${key}:${direction}`,
              label: t(`fleet.sort.${key}_${direction}`),
            })),
          )}
          disabled={disabled}
          size="xs"
          maw={170}
        />
      </Group>
      <TextInput
        aria-label={t('fleet.search')}
        placeholder={t('fleet.searchPlaceholder')}
        leftSection={<IconSearch size={14} aria-hidden />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        type="search"
        size="xs"
        disabled={disabled}
      />
    </Stack>
  );
}
