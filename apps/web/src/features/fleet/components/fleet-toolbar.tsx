import type { groupSchema } from '@fleet/shared';
import { Button, Checkbox, Group, Menu, NativeSelect, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconCheck, IconColumns } from '@tabler/icons-react';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ManageGroupsButton } from '../../groups/index.ts';
import type { SortKey, SortState } from '../hooks/vehicle-rows.ts';
import { type ListPrefs, OPTIONAL_COLUMNS, setListPrefs } from '../model/list-prefs.ts';

export type FleetGroup = z.infer<typeof groupSchema>;

const SORT_KEYS: SortKey[] = ['registration', 'driver', 'status', 'updated', 'speed', 'location'];

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
  prefs: ListPrefs;
  /** The status chips, under the search. */
  chips: ReactNode;
}

/**
 * Which vehicles to show (all or a group), a search that filters as you type, the order, the status
 * chips, and how the list is laid out (cards or compact rows with optional columns; alarms on top).
 */
export function FleetToolbar(props: FleetToolbarProps) {
  const { t } = useTranslation();
  const { total, groups, view, onView, search, onSearch, sort, onSort, disabled, prefs, chips } = props;
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
      {chips}
      <Group gap={6} wrap="nowrap" justify="space-between">
        <SegmentedControl
          size="xs"
          value={prefs.layout}
          onChange={(layout) => setListPrefs({ layout: layout === 'compact' ? 'compact' : 'cards' })}
          data={[
            { value: 'cards', label: t('fleet.triage.layoutCards') },
            { value: 'compact', label: t('fleet.triage.layoutCompact') },
          ]}
          aria-label={t('fleet.triage.layoutLabel')}
        />
        <Group gap={6} wrap="nowrap">
          <Checkbox
            size="xs"
            label={t('fleet.triage.pinAlarms')}
            checked={prefs.pinAlarms}
            onChange={(e) => setListPrefs({ pinAlarms: e.currentTarget.checked })}
          />
          {prefs.layout === 'compact' && (
            <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="compact-xs" variant="default" leftSection={<IconColumns size={14} aria-hidden />} aria-label={t('fleet.triage.columnsLabel')}>
                  {t('fleet.triage.columns')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown aria-label={t('fleet.triage.columnsLabel')}>
                {OPTIONAL_COLUMNS.map((c) => {
                  const on = prefs.columns.includes(c);
                  return (
                    <Menu.Item
                      key={c}
                      role="menuitemcheckbox"
                      aria-checked={on}
                      leftSection={<IconCheck size={14} aria-hidden style={{ visibility: on ? 'visible' : 'hidden' }} />}
                      onClick={() =>
                        setListPrefs({ columns: OPTIONAL_COLUMNS.filter((x) => (x === c ? !on : prefs.columns.includes(x))) })
                      }
                    >
                      {t(`fleet.triage.column.${c}`)}
                    </Menu.Item>
                  );
                })}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
