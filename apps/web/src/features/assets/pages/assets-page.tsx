import { Stack, Text, TextInput } from '@mantine/core';
import { IconBox, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView, preloadMapEngine } from '../../../shared/map/map-view.tsx';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { LoadingMessage } from '../../../shared/ui/loading-message.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useNow } from '../../../shared/ui/relative-time.tsx';
import { assetsQuery } from '../api/assets-api.ts';
import { AssetDetails } from '../components/asset-details.tsx';
import { AssetList } from '../components/asset-list.tsx';
import classes from '../components/assets.module.css';
import { AssetAreaOverlay } from '../map/asset-area-overlay.tsx';
import { AssetsOverlay } from '../map/assets-overlay.tsx';
import { shownPlace } from '../model/asset-area.ts';
import { assetsStart, matchesSearch, sortAssets } from '../model/asset-view.ts';

preloadMapEngine();

/** assets: the site's asset trackers on a map and in a list; one selected shows its details and allowed hours and place. */
export default function AssetsPage() {
  const { t } = useTranslation();
  const siteId = useSessionUser()?.siteid ?? null;
  const query = useQuery({ ...assetsQuery(siteId ?? 0), enabled: siteId !== null });
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [selected, setSelectedId] = useState<number | null>(null);
  // The place chosen in the selected asset's editor before it is saved (drawn instead of the saved one).
  const [draft, setDraft] = useState<{ uid: number; poiid: number | null } | null>(null);
  const setSelected = (id: number | null) => {
    setSelectedId(id);
    setDraft(null);
  };
  const now = useNow();
  const data = query.data;
  const assets = useMemo(() => sortAssets(data?.assets ?? []), [data]);
  const shown = useMemo(() => assets.filter((a) => matchesSearch(a, deferred)), [assets, deferred]);
  const chosen = assets.find((a) => a.unitid === selected) ?? null;
  const alerts = assets.filter((a) => a.alert).length;
  const place = chosen ? shownPlace(data?.places ?? [], draft?.uid === chosen.unitid ? draft.poiid : chosen.poiid) : null;

  if (siteId === null) return <EmptyState icon={<IconBox size={22} />} title={t('assets.noSite')} />;
  return (
    <div className={classes.page}>
      <PageHeader
        title={t('assets.title')}
        count={data ? t('assets.count', { count: assets.length }) : undefined}
        description={t('assets.description')}
      />
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && <LoadingMessage message={t('assets.loading')} />}
      {data && assets.length === 0 && <EmptyState icon={<IconBox size={22} />} title={t('assets.empty')} hint={t('assets.emptyHint')} />}
      {data && assets.length > 0 && (
        <div className={classes.split}>
          <div className={classes.mapPane}>
            <MapView label={t('assets.mapLabel')} start={assetsStart(assets)}>
              <AssetAreaOverlay asset={chosen} place={place} />
              <AssetsOverlay assets={assets} selected={selected} onSelect={setSelected} />
            </MapView>
          </div>
          <div className={classes.side}>
            <TextInput
              size="xs"
              leftSection={<IconSearch size={14} aria-hidden />}
              placeholder={t('assets.searchPlaceholder')}
              aria-label={t('assets.search')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Text size="xs" c="dimmed" aria-live="polite">
              {t('assets.shown', { count: shown.length, total: assets.length })}
              {alerts > 0 && ` · ${t('assets.alerts', { count: alerts })}`}
            </Text>
            {chosen && (
              <AssetDetails siteId={siteId} asset={chosen} siteHours={data.sitehours} timeZone={data.timezone} places={data.places} shownPlace={place}
                onPlaceChange={(poiid) => setDraft({ uid: chosen.unitid, poiid })} onClose={() => setSelected(null)} />
            )}
            <Stack gap={0}>
              {shown.length === 0 ? <Text size="sm" c="dimmed" p="sm">{t('assets.noMatch')}</Text> : <AssetList assets={shown} selected={selected} onSelect={setSelected} now={now} />}
            </Stack>
          </div>
        </div>
      )}
    </div>
  );
}
