import { Group, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { vehiclesQuery } from '../../fleet/index.ts';
import classes from './replay.module.css';

interface PickerProps {
  siteId: number;
  unitId: number | null;
  day: string;
  onChange(next: { unitId: number | null; day: string }): void;
}

/** Which vehicle and which day: a searchable list of the site's vehicles and a date field. */
export function ReplayPicker({ siteId, unitId, day, onChange }: PickerProps) {
  const { t } = useTranslation();
  const vehicles = useQuery(vehiclesQuery(siteId));
  const options = useMemo(
    () =>
      (vehicles.data ?? [])
        .map((v) => ({ value: String(v.unitid), label: v.registration }))
        .sort((a, b) => a.label.localeCompare(b.label, 'en-GB', { numeric: true })),
    [vehicles.data],
  );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end" className={classes.picker}>
      <Select
        label={t('replay.vehicle')}
        placeholder={vehicles.isPending ? t('replay.vehiclesLoading') : t('replay.vehiclePick')}
        data={options}
        value={unitId === null ? null : String(unitId)}
        onChange={(v) => v && onChange({ unitId: Number(v), day })}
        searchable
        nothingFoundMessage={t('replay.noVehicleFound')}
        allowDeselect={false}
        size="md"
        className={classes.vehiclePick}
      />
      <TextInput
        label={t('replay.day')}
        type="date"
        value={day}
        onChange={(e) => {
          const next = e.currentTarget.value;
          if (next) onChange({ unitId, day: next });
        }}
        size="md"
        className={classes.dayPick}
      />
    </Group>
  );
}
