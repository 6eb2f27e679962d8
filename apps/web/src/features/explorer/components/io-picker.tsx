import type { IoReport } from '@fleet/shared';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { labelOf } from './chart-options.ts';

interface IoPickerProps {
  io: IoReport[];
  value: string[];
  max: number;
  onChange: (ids: string[]) => void;
}

/** The numeric IO values the vehicle reported, several at once on the chart. */
export function IoPicker({ io, value, max, onChange }: IoPickerProps) {
  const { t } = useTranslation();
  return (
    <MultiSelect
      label={t('explorer.values')}
      placeholder={value.length === 0 ? t('explorer.valuesPick') : undefined}
      data={io.filter((i) => i.numeric).map((i) => ({ value: i.id, label: `${labelOf(i)} · ${i.id}` }))}
      value={value}
      onChange={onChange}
      maxValues={max}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={t('explorer.noValues')}
      style={{ flex: '1 1 320px', maxWidth: 720 }}
    />
  );
}
