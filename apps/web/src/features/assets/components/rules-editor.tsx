import type { Asset, WorkingHours } from '@fleet/shared';
import { workingHoursText } from '@fleet/shared/rules/working-hours';
import { Alert, Button, Chip, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanChange } from '../../../shared/session/use-can-change.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { useSaveAssetRules } from '../api/assets-api.ts';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const ANYWHERE = 'anywhere';

interface RulesEditorProps {
  siteId: number;
  asset: Asset;
  siteHours: WorkingHours;
  places: ReadonlyArray<{ id: number; name: string }>;
  /** Told each place chosen (null: anywhere) before it is saved, so the map can draw it. */
  onPlaceChange?: (poiId: number | null) => void;
}

/**
 * An asset's allowed hours (the site's working hours, or its own days and window) and allowed place
 * (anywhere, or one of the site's places with an area). Moving outside either raises Asset Movement.
 * Operators and administrators save; viewers read the rules only.
 */
export function RulesEditor({ siteId, asset, siteHours, places, onPlaceChange }: RulesEditorProps) {
  const { t } = useTranslation();
  const canChange = useCanChange();
  const errorText = useErrorMessage();
  const save = useSaveAssetRules(siteId);
  const [own, setOwn] = useState(asset.hours !== null);
  const [hours, setHours] = useState<WorkingHours>(asset.hours ?? siteHours);
  const [place, setPlace] = useState(asset.poiid === null ? ANYWHERE : String(asset.poiid));

  if (!canChange) {
    return (
      <Text size="sm" c="dimmed">
        {t('assets.rules.readOnly')}
      </Text>
    );
  }
  const submit = () => {
    save.reset();
    save.mutate({ uid: asset.unitid, hours: own ? hours : null, poiid: place === ANYWHERE ? null : Number(place) });
  };
  return (
    <form onSubmit={(e) => { e.preventDefault(); submit(); }} aria-label={t('assets.rules.formLabel', { name: asset.registration })}>
      <Stack gap="sm">
        <Radio.Group label={t('assets.rules.hours')} value={own ? 'own' : 'site'} onChange={(v) => setOwn(v === 'own')}>
          <Stack gap={6} mt={4}>
            <Radio value="site" label={t('assets.rules.siteHours', { hours: workingHoursText(siteHours) })} />
            <Radio value="own" label={t('assets.rules.ownHours')} />
          </Stack>
        </Radio.Group>
        {own && (
          <Stack gap="xs" pl="lg">
            <Chip.Group multiple value={hours.days.map(String)} onChange={(v) => setHours({ ...hours, days: v.map(Number).sort((a, b) => a - b) })}>
              <Group gap={4} role="group" aria-label={t('assets.rules.days')}>
                {DAYS.map((d) => (
                  <Chip key={d} value={String(d)} size="xs">{t(`assets.day.${d}`)}</Chip>
                ))}
              </Group>
            </Chip.Group>
            <Group gap="xs" grow>
              <TextInput type="time" size="xs" label={t('assets.rules.from')} value={hours.start} onChange={(e) => setHours({ ...hours, start: e.currentTarget.value })} required />
              <TextInput type="time" size="xs" label={t('assets.rules.to')} value={hours.end} onChange={(e) => setHours({ ...hours, end: e.currentTarget.value })} required />
            </Group>
            <Text size="xs" c="dimmed">{t('assets.rules.overnight')}</Text>
          </Stack>
        )}
        <Select
          label={t('assets.rules.place')}
          description={t('assets.rules.placeHint')}
          data={[{ value: ANYWHERE, label: t('assets.rules.anywhere') }, ...places.map((p) => ({ value: String(p.id), label: p.name }))]}
          value={place}
          onChange={(v) => {
            const next = v ?? ANYWHERE;
            setPlace(next);
            onPlaceChange?.(next === ANYWHERE ? null : Number(next));
          }}
          allowDeselect={false}
          searchable
        />
        {save.isError && <Alert color="red" variant="light" title={t('assets.rules.notSaved')}>{errorText(save.error)}</Alert>}
        {save.isSuccess && <Text size="sm" c="green.9" role="status">{t('assets.rules.saved')}</Text>}
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={save.isPending}>{t('assets.rules.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
