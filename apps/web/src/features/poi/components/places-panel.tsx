import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCircle, IconPolygon, IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnitSystem } from '../../../shared/format/use-units.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { ListSkeletonLite } from './list-skeleton-lite.tsx';
import { usePoiList } from '../api/poi-list.ts';
import { useDeletePoi, useSavePoi } from '../api/poi-mutations.ts';
import { draftOf, newDraft, poiBody } from '../model/poi-draft.ts';
import { focusPoi, setPoiState, usePoiState } from '../model/poi-store.ts';
import { type Poi, placesMatching } from '../model/poi-shapes.ts';
import { PlacesList } from './places-list.tsx';
import { PoiForm } from './poi-form.tsx';
import type { PoiRowActions } from './poi-row.tsx';
import classes from './poi.module.css';
import { useCanChange } from '../../../shared/session/use-can-change.ts';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byName = (a: Poi, b: Poi) => collator.compare(a.name, b.name);

/**
 * The site's places: search, kind, showonmap, delete, fly-to, and drawing new ones. The search
 * filters the list the map already holds (see docs/decisions.md, "Places search").
 */
export function PlacesPanel({ siteId }: { siteId: number }) {
  const canChange = useCanChange();
  const { t } = useTranslation();
  const list = usePoiList(siteId);
  const pois = list.data;
  const { draft } = usePoiState();
  const save = useSavePoi(siteId);
  const remove = useDeletePoi(siteId);
  const [search, setSearch] = useState('');
  const system = useUnitSystem();
  // A draft belongs to this panel: leaving it (another tab, another site) drops the drawing.
  useEffect(() => () => setPoiState({ draft: null }), []);

  // Typing stays responsive on a site with thousands of places: the list follows a beat behind.
  const query = useDeferredValue(search);
  const sorted = useMemo(() => [...(pois ?? [])].sort(byName), [pois]);
  const shown = useMemo(() => placesMatching(sorted, query), [sorted, query]);
  const { mutate: saveMutate } = save;
  const { mutate: removeMutate } = remove;
  const actions = useMemo<PoiRowActions>(
    () => ({
      onFocus: (poi) => focusPoi(poi.id),
      onShowOnMap: (poi, show) => saveMutate({ body: poiBody(poi, show), geofence: poi.geofence }),
      onEdit: (poi) => {
        setPoiState({ draft: draftOf(poi), visible: true });
        focusPoi(poi.id);
      },
      onDelete: (poi) => removeMutate(poi.id),
    }),
    [saveMutate, removeMutate],
  );

  if (draft) return <PoiForm siteId={siteId} draft={draft} />;

  const busyId = save.isPending ? save.variables?.body.id : remove.isPending ? remove.variables : undefined;
  return (
    <div className={classes.panel}>
      <Stack gap={6} p="xs">
        {canChange && <Group gap={6} grow>
          <Button size="xs" variant="default" leftSection={<IconCircle size={14} aria-hidden />} onClick={() => setPoiState({ draft: newDraft(1), visible: true })}>
            {t('poi.newCircle')}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconPolygon size={14} aria-hidden />} onClick={() => setPoiState({ draft: newDraft(2), visible: true })}>
            {t('poi.newPolygon')}
          </Button>
        </Group>}
        <TextInput
          aria-label={t('poi.search')}
          placeholder={t('poi.searchPlaceholder')}
          leftSection={<IconSearch size={14} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          type="search"
          size="xs"
        />
      </Stack>
      {list.isPending && <ListSkeletonLite label={t('poi.loading')} />}
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {(save.isError || remove.isError) && <ErrorState error={save.error ?? remove.error} />}
      {pois && shown.length === 0 && (
        <Text p="md" size="sm" c="gray.7" role="status">
          {search.trim() ? t('poi.noMatch', { query: search.trim() }) : t('poi.empty')}
        </Text>
      )}
      {shown.length > 0 && <PlacesList places={shown} busyId={busyId} system={system} {...actions} />}
    </div>
  );
}
