import { Button, Group, NativeSelect, Switch, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type AlertFilter, DATE_FILTERS, type DateFilter } from '../hooks/alert-filters.ts';

interface AlertsToolbarProps {
  filter: AlertFilter;
  onFilter(next: AlertFilter): void;
  vehicles: Array<{ uid: number; vehicle: string }>;
  grouped: boolean;
  onGrouped(grouped: boolean): void;
  /** Open alerts among those shown; with onClearShown, the 'Clear the 12 shown' button. */
  openShown: number;
  onClearShown: (() => void) | null;
}

/** Search that filters as you type, the vehicle and date filters, grouping, and clearing what is shown. */
export function AlertsToolbar({ filter, onFilter, vehicles, grouped, onGrouped, openShown, onClearShown }: AlertsToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="sm" role="search" aria-label={t('alertList.filters')}>
      <TextInput
        type="search"
        label={t('alertList.search')}
        placeholder={t('alertList.searchPlaceholder')}
        leftSection={<IconSearch size={14} aria-hidden />}
        value={filter.search}
        onChange={(e) => onFilter({ ...filter, search: e.currentTarget.value })}
        w={{ base: '100%', xs: 260 }}
      />
      <NativeSelect
        label={t('alertList.vehicle')}
        value={filter.vehicle === null ? '' : String(filter.vehicle)}
        onChange={(e) => onFilter({ ...filter, vehicle: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
        data={[{ value: '', label: t('alertList.allVehicles') }, ...vehicles.map((v) => ({ value: String(v.uid), label: v.vehicle }))]}
        w={{ base: 'calc(50% - 6px)', xs: 170 }}
      />
      <NativeSelect
        label={t('alertList.date')}
        value={filter.date}
        onChange={(e) => onFilter({ ...filter, date: e.currentTarget.value as DateFilter })}
        data={DATE_FILTERS.map((d) => ({ value: d, label: t(`alertList.dates.${d}`) }))}
        w={{ base: 'calc(50% - 6px)', xs: 150 }}
      />
      <Switch label={t('alertList.group')} checked={grouped} onChange={(e) => onGrouped(e.currentTarget.checked)} mb={8} />
      {onClearShown && openShown > 0 && (
        <Button variant="default" color="red" leftSection={<IconX size={14} aria-hidden />} onClick={onClearShown} ml="auto" mih={36}>
          {t('alertList.clearShown', { count: openShown })}
        </Button>
      )}
    </Group>
  );
}
