import type { UnitSystem } from '@fleet/shared';
import { ActionIcon, Badge, Button, Group, Switch } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRadius } from '../../../shared/format/units.ts';
import type { Poi } from '../model/poi-shapes.ts';
import classes from './poi.module.css';
import { useCanChange } from '../../../shared/session/use-can-change.ts';

/** What a row does with its place; the same functions for every row. */
export interface PoiRowActions {
  onFocus(poi: Poi): void;
  onShowOnMap(poi: Poi, show: boolean): void;
  onEdit(poi: Poi): void;
  onDelete(poi: Poi): void;
}

interface PoiRowProps extends PoiRowActions {
  poi: Poi;
  busy: boolean;
  /** The site's unit system: a circle's radius reads '900 m' or '984 yd'. */
  system: UnitSystem;
  /** In a virtual list: the row's place, the total (for screen readers) and the measurer. */
  placed?: { index: number; of: number; top: number; measure(el: HTMLLIElement | null): void };
}

/**
 * One place: name and kind (click flies the map there), its showonmap switch and Edit, and Delete
 * set apart from them after a divider (it asks first). On a phone every action is a 44 px target.
 */
export const PoiRow = memo(function PoiRow({ poi, busy, system, placed, onFocus, onShowOnMap, onEdit, onDelete }: PoiRowProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const canChange = useCanChange();
  // The switch follows the hand at once: the list's own optimistic change lands only after the
  // save has cancelled any fetch of the list in flight, and a controlled switch would spring back
  // meanwhile. Once the save settles the list's value (optimistic, then the server's) rules again.
  const [switched, setSwitched] = useState<boolean | null>(null);
  useEffect(() => {
    if (!busy) setSwitched(null);
  }, [busy]);
  const position = placed
    ? {
        ref: placed.measure,
        'data-index': placed.index,
        'aria-posinset': placed.index + 1,
        'aria-setsize': placed.of,
        className: `${classes.row} ${classes.placed}`,
        style: { transform: `translateY(${placed.top}px)` },
      }
    : { className: classes.row };
  return (
    <li {...position} data-poi={poi.id}>
      <button type="button" className={classes.name} onClick={() => onFocus(poi)} title={t('poi.flyTo', { name: poi.name })}>
        <div className={classes.title}>{poi.name}</div>
        <Group gap={4} mt={2}>
          {/* Badges upper-case their text by default: unit symbols stay as written ('900 m', never '900 M'). */}
          <Badge size="xs" variant="light" color="gray" tt="none" data-testid="poi-kind">
            {poi.mode === 1 ? t('poi.kindCircle', { radius: formatRadius(poi.radius, system) }) : t('poi.kindPolygon')}
          </Badge>
          {poi.geofence && (
            <Badge size="xs" variant="light" color="pink" tt="none">
              {t('poi.geofence')}
            </Badge>
          )}
        </Group>
      </button>
      {confirming ? (
        <Group gap={6} wrap="nowrap" className={classes.actions}>
          <Button size="compact-xs" variant="default" className={classes.target} onClick={() => setConfirming(false)}>
            {t('poi.cancel')}
          </Button>
          <Button size="compact-xs" color="red" className={classes.target} onClick={() => onDelete(poi)} loading={busy}>
            {t('poi.confirmDelete')}
          </Button>
        </Group>
      ) : canChange && (
        <Group gap={4} wrap="nowrap" className={classes.actions}>
          <Switch
            classNames={{ body: classes.switchTarget }}
            size="xs"
            checked={switched ?? poi.showonmap}
            disabled={busy}
            onChange={(e) => {
              const show = e.currentTarget.checked;
              setSwitched(show);
              onShowOnMap(poi, show);
            }}
            aria-label={t('poi.showOnMapOf', { name: poi.name })}
          />
          <ActionIcon variant="subtle" size="md" className={classes.target} onClick={() => onEdit(poi)} aria-label={t('poi.editOf', { name: poi.name })}>
            <IconPencil size={15} aria-hidden />
          </ActionIcon>
          <span className={classes.apart} aria-hidden />
          <ActionIcon variant="subtle" color="red" size="md" className={classes.target} onClick={() => setConfirming(true)} aria-label={t('poi.deleteOf', { name: poi.name })}>
            <IconTrash size={15} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </li>
  );
});
