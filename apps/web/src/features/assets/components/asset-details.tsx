import type { Asset, Poi, WorkingHours } from '@fleet/shared';
import { LOCATION_CODE_NAME } from '@fleet/shared/rules/location-code';
import { workingHoursText } from '@fleet/shared/rules/working-hours';
import { Card, CloseButton, Divider, Group, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFullDate } from '../../../shared/format/time.ts';
import { FieldList } from '../../../shared/ui/field-list.tsx';
import { assetWhereInPlace } from '../model/asset-area.ts';
import { batteryText } from '../model/asset-view.ts';
import { RulesEditor } from './rules-editor.tsx';

interface AssetDetailsProps {
  siteId: number;
  asset: Asset;
  siteHours: WorkingHours;
  timeZone: string;
  places: readonly Poi[];
  /** The allowed place drawn on the map: the saved one, or the one chosen in the editor and not saved yet. */
  shownPlace: Poi | null;
  onPlaceChange: (poiId: number | null) => void;
  onClose: () => void;
}

/** One asset: its latest report, its open Asset Movement alert, and the editor of its allowed hours and place. */
export function AssetDetails({ siteId, asset, siteHours, timeZone, places, shownPlace, onPlaceChange, onClose }: AssetDetailsProps) {
  const { t } = useTranslation();
  const code = asset.loccode ? LOCATION_CODE_NAME[asset.loccode] : t('assets.none');
  const card = useRef<HTMLElement>(null);
  // In words what the map draws: whether the last position is inside the allowed place's area.
  const where = shownPlace ? assetWhereInPlace(asset, shownPlace) : null;
  const areaLine: [string, string] | null = shownPlace && [
    t('assets.field.area'),
    `${where === null ? t('assets.area.unknown', { name: shownPlace.name }) : t(`assets.area.${where}`, { name: shownPlace.name })}${shownPlace.id !== asset.poiid ? ` ${t('assets.area.notSaved')}` : ''}`,
  ];
  // Picked low in the list or on the map: the details come into view. A block body: newer browsers'
  // scrollIntoView answers a promise, which React would take for the effect's clean-up.
  useEffect(() => {
    void card.current?.scrollIntoView?.({ block: 'nearest' });
  }, [asset.unitid]);
  return (
    <Card ref={card} withBorder padding="sm" component="section" aria-labelledby="asset-details-title">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="h5" id="asset-details-title">{asset.registration}</Title>
        <CloseButton onClick={onClose} aria-label={t('assets.close')} />
      </Group>
      <FieldList
        fields={[
          [t('assets.field.lastPing'), asset.updated ? formatFullDate(asset.updated, timeZone) : t('assets.never')],
          [t('assets.field.battery'), batteryText(asset) ? `${batteryText(asset)}${asset.batterylow ? ` — ${t('assets.low')}` : ''}` : t('assets.none')],
          [t('assets.field.movement'), asset.moving === null ? t('assets.none') : asset.moving ? t('assets.moving') : t('assets.standing')],
          [t('assets.field.code'), code],
          [t('assets.field.place'), asset.loc || t('assets.noPosition')],
          [t('assets.field.hours'), asset.hours ? workingHoursText(asset.hours) : t('assets.siteHoursShort', { hours: workingHoursText(siteHours) })],
          [t('assets.field.allowedPlace'), asset.poiname ?? t('assets.rules.anywhere')],
          ...(areaLine ? [areaLine] : []),
          [t('assets.field.alert'), asset.alert ? `${formatFullDate(asset.alert.happened, timeZone)} — ${asset.alert.detail || t('assets.started')}` : t('assets.none')],
        ]}
      />
      <Divider my="sm" label={t('assets.rules.title')} labelPosition="left" />
      <RulesEditor key={asset.unitid} siteId={siteId} asset={asset} siteHours={siteHours} places={places} onPlaceChange={onPlaceChange} />
    </Card>
  );
}
