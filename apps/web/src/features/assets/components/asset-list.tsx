import type { Asset } from '@fleet/shared';
import { Badge, Group } from '@mantine/core';
import { IconBatteryOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import { DrawingSvg } from '../../../shared/vehicles/drawing-svg.tsx';
import { vehicleMarker } from '../../../shared/vehicles/vehicle-look.ts';
import { assetIcon, assetState, batteryText } from '../model/asset-view.ts';
import classes from './assets.module.css';

interface AssetListProps {
  assets: readonly Asset[];
  selected: number | null;
  onSelect: (id: number) => void;
  now: Date;
}

/**
 * The assets as a dense list: icon and state, name, place, last ping age, battery (low in red with an
 * icon, never colour alone) and a Moving / Alert badge. Each row is a button that selects the asset.
 */
export function AssetList({ assets, selected, onSelect, now }: AssetListProps) {
  const { t } = useTranslation();
  return (
    <ul className={classes.list} aria-label={t('assets.listLabel')}>
      {assets.map((a) => {
        const state = assetState(a, now.getTime());
        const battery = batteryText(a);
        return (
          <li key={a.unitid} className={classes.row} data-state={state} data-selected={a.unitid === selected || undefined}>
            <button type="button" className={classes.pick} onClick={() => onSelect(a.unitid)} aria-pressed={a.unitid === selected}>
              <DrawingSvg drawing={vehicleMarker(assetIcon(a), null, state)} size={34} label={t(`assets.icon.${assetIcon(a)}`)} />
              <span className={classes.main}>
                <span className={classes.name}>{a.registration}</span>
                <span className={classes.sub} style={{ display: 'block' }}>{a.loc || t('assets.noPosition')}</span>
                <Group gap={4} mt={2}>
                  {a.alert && <Badge size="xs" color="red" variant="filled">{t('assets.alertBadge')}</Badge>}
                  {a.moving && <Badge size="xs" color="green" variant="light" c="green.9">{t('assets.moving')}</Badge>}
                  {state === 'stale' && <Badge size="xs" color="gray" variant="light" c="dark.6">{t('assets.silent')}</Badge>}
                </Group>
              </span>
              <span className={classes.figures}>
                <span style={{ display: 'block' }}>{a.updated ? <RelativeTime value={a.updated} now={now} /> : t('assets.never')}</span>
                {battery && (
                  <span className={a.batterylow ? classes.low : undefined} style={{ display: 'block' }}>
                    {a.batterylow && <IconBatteryOff size={12} aria-hidden style={{ verticalAlign: -2, marginRight: 2 }} />}
                    {a.batterylow ? t('assets.batteryLow', { battery }) : battery}
                  </span>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
