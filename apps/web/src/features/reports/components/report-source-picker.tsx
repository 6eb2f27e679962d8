import { MultiSelect } from '@mantine/core';
import type { ReportMetric } from '@fleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { driversQuery } from '../../drivers/index.ts';
import { vehiclesQuery } from '../../fleet/index.ts';
import { groupsQuery } from '../../groups/index.ts';

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

interface SourcePickerProps {
  siteId: number;
  metric: Exclude<ReportMetric, 'site'>;
  value: number[];
  onChange(ids: number[]): void;
}

/** Which vehicles, groups or drivers of the site (vehicles?siteid, groups?siteid, drivers?siteid); none chosen: all. */
export function ReportSourcePicker({ siteId, metric, value, onChange }: SourcePickerProps) {
  const { t } = useTranslation();
  const vehicles = useQuery({ ...vehiclesQuery(siteId), enabled: metric === 'vehicle' });
  const groups = useQuery({ ...groupsQuery(siteId), enabled: metric === 'group' });
  const drivers = useQuery({ ...driversQuery(siteId), enabled: metric === 'driver', refetchInterval: false });
  const data = useMemo(() => {
    const items =
      metric === 'vehicle'
        ? (vehicles.data ?? []).map((v) => ({ value: String(v.unitid), label: v.registration.trim() || t('reporting.form.unnamed', { id: v.unitid }) }))
        : metric === 'group'
          ? (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))
          : (drivers.data ?? []).map((d) => ({ value: String(d.id), label: d.name }));
    return items.sort((a, b) => collator.compare(a.label, b.label));
  }, [metric, vehicles.data, groups.data, drivers.data, t]);
  const loading = metric === 'vehicle' ? vehicles.isPending : metric === 'group' ? groups.isPending : drivers.isPending;
  const failed = metric === 'vehicle' ? vehicles.isError : metric === 'group' ? groups.isError : drivers.isError;

  return (
    <MultiSelect
      label={t(`reporting.form.which.${metric}`)}
      description={t('reporting.form.whichHint')}
      placeholder={value.length === 0 ? t(`reporting.form.all.${metric}`) : undefined}
      data={data}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      searchable
      clearable
      hidePickedOptions
      maxDropdownHeight={280}
      nothingFoundMessage={loading ? t('reporting.form.loadingList') : t('reporting.form.nothingFound')}
      error={failed ? t('reporting.form.listFailed') : undefined}
      comboboxProps={{ withinPortal: true }}
      data-testid="report-src"
    />
  );
}
