import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { configListQuery } from '../../../shared/config-lists/config-list-api.ts';
import { ConfigListEditor, type SelectOption } from '../../../shared/config-lists/config-list-editor.tsx';
import type { ConfigListSpec } from '../../../shared/config-lists/config-list-form.ts';
import { unitTypesQuery } from '../../../shared/units/unit-types-query.ts';
import {
  driversSpec, fixedOptions, groupsSpec, poiSpec, scheduledReportsSpec, servicePlansSpec, unitsSpec,
} from '../model/config-list-specs.ts';

const CONFIG = '/tabs/tabs/config';

/** The lists this page draws with the generic editor (others have their own pages). */
export const GENERIC_LISTS = ['drivers', 'units', 'groups', 'poi', 'serviceplans', 'scheduledreports'] as const;
export type GenericList = (typeof GENERIC_LISTS)[number];
export const isGenericList = (list: string): list is GenericList => (GENERIC_LISTS as readonly string[]).includes(list);

/** Another list's records as options (its first 200, in its own order). */
function useListOptions(list: string, enabled: boolean, label: (r: Record<string, unknown>) => string): SelectOption[] | undefined {
  const query = useQuery({ ...configListQuery(list), enabled });
  return useMemo(() => query.data?.records.map((r) => ({ value: String(r.id), label: label(r) })), [query.data, label]);
}
const byName = (r: Record<string, unknown>) => String(r.name ?? r.id);
const byRegistration = (r: Record<string, unknown>) => String(r.registration ?? r.id);

/** config/{list}[/{id}[/{mode}]] for the issue 15 lists: drivers, units, groups, places, service plans, scheduled reports. */
export function ConfigListPage({ list }: { list: GenericList }) {
  const { t } = useTranslation();
  const { id, mode } = useParams();
  const spec = useMemo((): ConfigListSpec<unknown> => {
    const specs = { drivers: driversSpec, units: unitsSpec, groups: groupsSpec, poi: poiSpec, serviceplans: servicePlansSpec, scheduledreports: scheduledReportsSpec };
    return specs[list](t) as ConfigListSpec<unknown>;
  }, [list, t]);
  const unitTypes = useQuery({ ...unitTypesQuery, enabled: list === 'units' });
  const patterns = useListOptions('shiftpatterns', list === 'drivers', byName);
  const drivers = useListOptions('drivers', list === 'units', byName);
  const units = useListOptions('units', list === 'groups' || list === 'serviceplans', byRegistration);
  const options = useMemo(() => ({
    ...fixedOptions(t),
    shiftpattern: patterns,
    driver: drivers,
    units,
    unittype: unitTypes.data?.map((u) => ({ value: String(u.id), label: u.name })),
  }), [t, patterns, drivers, units, unitTypes.data]);
  const recordTitle = list === 'units'
    ? (r: Record<string, unknown>) => String(r.registration ?? r.id)
    : list === 'serviceplans'
      ? (r: Record<string, unknown>) => String(r.registration ?? units?.find((u) => u.value === String(r.id))?.label ?? r.id)
      : undefined;
  return (
    <ConfigListEditor
      key={list}
      spec={spec}
      base={`${CONFIG}/${list}`}
      back={CONFIG}
      title={t(`configLists.lists.${list}.title`)}
      description={t(`configLists.lists.${list}.about`)}
      noun={t(`configLists.lists.${list}.noun`)}
      countText={(count) => t(`configLists.lists.${list}.count`, { count })}
      recordTitle={recordTitle}
      options={options}
      idParam={id}
      modeParam={mode}
      deleteText={t(`configLists.lists.${list}.deleteText`)}
    />
  );
}
