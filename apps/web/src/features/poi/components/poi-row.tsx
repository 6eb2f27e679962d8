import { ActionIcon, Badge, Button, Group, Switch } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Poi } from '../model/poi-shapes.ts';
import classes from './poi.module.css';

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
  /** In a virtual list: the row's place, the total (for screen readers) and the measurer. */
  placed?: { index: number; of: number; top: number; measure(el: HTMLLIElement | null): void };
}

/** One place: name and kind (click flies the map there), its showonmap switch, edit and delete. */
export const PoiRow = memo(function PoiRow({ poi, busy, placed, onFocus, onShowOnMap, onEdit, onDelete }: PoiRowProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
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
          <Badge size="xs" variant="light" color="gray">
            {poi.mode === 1 ? t('poi.kindCircle', { radius: poi.radius ?? 0 }) : t('poi.kindPolygon')}
          </Badge>
          {poi.geofence && (
            <Badge size="xs" variant="light" color="pink">
              {t('poi.geofence')}
            </Badge>
          )}
        </Group>
      </button>
      {confirming ? (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" color="red" onClick={() => onDelete(poi)} loading={busy}>
            {t('poi.confirmDelete')}
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => setConfirming(false)}>
            {t('poi.cancel')}
          </Button>
        </Group>
      ) : (
        <Group gap={4} wrap="nowrap">
          <Switch
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
          <ActionIcon variant="subtle" size="sm" onClick={() => onEdit(poi)} aria-label={t('poi.editOf', { name: poi.name })}>
            <IconPencil size={15} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size="sm" onClick={() => setConfirming(true)} aria-label={t('poi.deleteOf', { name: poi.name })}>
            <IconTrash size={15} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </li>
  );
});
