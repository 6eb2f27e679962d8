import { ActionIcon, Badge, Button, Group, Switch } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Poi } from '../model/poi-shapes.ts';
import classes from './poi.module.css';

interface PoiRowProps {
  poi: Poi;
  busy: boolean;
  onFocus(): void;
  onShowOnMap(show: boolean): void;
  onEdit(): void;
  onDelete(): void;
}

/** One place: name and kind (click flies the map there), its showonmap switch, edit and delete. */
export function PoiRow({ poi, busy, onFocus, onShowOnMap, onEdit, onDelete }: PoiRowProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className={classes.row} data-poi={poi.id}>
      <button type="button" className={classes.name} onClick={onFocus} title={t('poi.flyTo', { name: poi.name })}>
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
          <Button size="compact-xs" color="red" onClick={onDelete} loading={busy}>
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
            checked={poi.showonmap}
            disabled={busy}
            onChange={(e) => onShowOnMap(e.currentTarget.checked)}
            aria-label={t('poi.showOnMapOf', { name: poi.name })}
          />
          <ActionIcon variant="subtle" size="sm" onClick={onEdit} aria-label={t('poi.editOf', { name: poi.name })}>
            <IconPencil size={15} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size="sm" onClick={() => setConfirming(true)} aria-label={t('poi.deleteOf', { name: poi.name })}>
            <IconTrash size={15} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </li>
  );
}
