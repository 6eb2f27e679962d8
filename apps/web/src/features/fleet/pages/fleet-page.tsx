import { isAdmin } from '@fleet/shared';
import { keepNonEmpty } from '@fleet/shared/rules/lists';
import { Paper, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { IconMapPinOff, IconTruck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useWindowWidth } from '../../../shared/device/use-window-width.ts';
import { preloadMapEngine } from '../../../shared/map/map-view.tsx';
import { parseUnitId } from '../../../shared/routing/unit-links.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useSiteView } from '../../../shared/session/use-site-view.ts';
import { usePageSkipLink } from '../../../shared/ui/page-skip-links.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { PanelBoundary } from '../../../shared/ui/panel-boundary.tsx';
import { useNow } from '../../../shared/ui/relative-time.tsx';
import { DriversPanel } from '../../drivers/index.ts';
import { groupsQuery } from '../../groups/index.ts';
import { PlacesPanel, PoiDraftBar, PoiDraftOverlay, PoiOverlay, usePoiDrafting } from '../../poi/index.ts';
import { vehiclesQuery } from '../api/fleet-api.ts';
import { CompactHeader } from '../components/compact-header.tsx';
import { CrowdPicker } from '../components/crowd-picker.tsx';
import classes from '../components/fleet-page.module.css';
import { FleetToolbar } from '../components/fleet-toolbar.tsx';
import { ListSkeleton } from '../components/list-skeleton.tsx';
import { MapCard } from '../components/map-card.tsx';
import { VehicleDetails } from '../components/vehicle-details.tsx';
import { StatusChips } from '../components/status-chips.tsx';
import { VehicleList, type VehicleListHandle } from '../components/vehicle-list.tsx';
import { useFleetSelection } from '../hooks/use-fleet-selection.ts';
import { useLiveVehicles } from '../hooks/use-live-vehicles.ts';
import { useStatesParam } from '../hooks/use-states-param.ts';
import { type SortState, triageVehicles, type VehicleFilter } from '../hooks/vehicle-rows.ts';
import { LiveIndicator } from '../live/live-indicator.tsx';
import { liveState } from '../live/live-status.ts';
import { FleetMap } from '../map/fleet-map.tsx';
import { type FleetMapStart, fleetMapStart } from '../map/fleet-start.ts';
import { MapLoadFailed, MapWaiting, VehiclesLoadFailed } from '../map/map-status.tsx';
import type { FitRequest } from '../map/vehicle-camera.tsx';
import { currentFleetView, fleetCamera, setFleetView, showStatesOnFleet, useFleetView } from '../model/fleet-view.ts';
import { useListPrefs } from '../model/list-prefs.ts';

/** Below this window width the map and the list take turns (a toggle) instead of sitting side by side. */
const SPLIT_FROM = 768;

/** One site's live map and vehicle list; a new site (or session) starts afresh. */
function FleetWorkspace({ siteId, token, admin }: { siteId: number; token: string; admin: boolean }) {
  const { t } = useTranslation();
  const routeUnit = parseUnitId(useParams().uid);
  // The site's own start view (fleetconfig), when its administrators chose one.
  const siteView = useSiteView()?.mapView ?? null;
  const vehicles = useQuery(vehiclesQuery(siteId));
  const groups = useQuery(groupsQuery(siteId));
  const socket = useLiveVehicles(siteId, token);
  const live = liveState(socket, { failed: vehicles.isError, hasData: vehicles.data !== undefined });
  const view = useFleetView();
  const toggle = useWindowWidth() < SPLIT_FROM;
  const mapShown = !toggle || view.mode === 'map';
  useEffect(preloadMapEngine, []);
  // Where the map opens, settled once: where the user left it, else the fleet's bounds once the
  // vehicles are in (the map waits for them, so its first frame is already right). Not while the
  // map is hidden behind the list on a phone: a hidden map has no size to fit anything in.
  const [opening, setOpening] = useState<FleetMapStart | null>(null);
  if (opening === null && mapShown) {
    const next = fleetMapStart(vehicles.data, vehicles.isPending, fleetCamera(siteId), toggle, siteView);
    if (next) setOpening(next);
  }
  const [fit, setFit] = useState<FitRequest | null>(null);
  const now = useNow().getTime();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>({ key: 'registration', direction: 'asc' });
  const clearSearch = useCallback(() => setSearch(''), []);
  const sel = useFleetSelection(routeUnit, clearSearch);
  const [pane, setPane] = useState<'vehicles' | 'drivers' | 'places'>('vehicles');
  const listScroll = useRef<HTMLDivElement>(null);
  const listHandle = useRef<VehicleListHandle>(null);
  const prefs = useListPrefs();
  useStatesParam();
  // Stable, so the memoised map does not re-render on live updates.
  const poiOverlays = useMemo(
    () => (
      <>
        <PoiOverlay siteId={siteId} />
        <PoiDraftOverlay />
      </>
    ),
    [siteId],
  );

  // Spec 9: only groups holding at least one vehicle.
  const shownGroups = useMemo(() => keepNonEmpty(groups.data ?? [], (g) => g.vc), [groups.data]);
  const group = view.filter === 'all' ? undefined : shownGroups.find((g) => g.id === view.filter);
  const units = group?.units ?? null;
  const filter = useMemo<VehicleFilter>(() => ({ units, search, states: view.states }), [units, search, view.states]);
  const all = vehicles.data;
  const { rows, counts } = useMemo(
    () => triageVehicles(all ?? [], filter, { sort, pinAlarms: prefs.pinAlarms }, now),
    [all, filter, sort, prefs.pinAlarms, now],
  );
  const selected = all?.find((v) => v.unitid === sel.selectedId);
  const total = all?.length;

  // Choosing which vehicles to show fits the map to them, and a selection that is not among them goes.
  const { selectedId, clear: clearSelection, endFollow } = sel;
  const chooseView = useCallback(
    (filter: 'all' | number) => {
      setFleetView({ ...currentFleetView(), filter });
      const unitIds = filter === 'all' ? null : (shownGroups.find((g) => g.id === filter)?.units ?? []);
      const keep = selectedId !== null && (unitIds === null || unitIds.includes(selectedId));
      if (!keep) clearSelection();
      endFollow();
      setFit((f) => ({ unitIds, cardOpen: keep, seq: (f?.seq ?? 0) + 1 }));
    },
    [shownGroups, selectedId, clearSelection, endFollow],
  );

  const showMode = useCallback((mode: 'map' | 'list') => setFleetView({ ...view, mode }), [view]);
  // On a phone a place is drawn on the map: starting one shows the map, and a bar over it leads back
  // to the form to name and save it.
  const drafting = usePoiDrafting();
  const modeRef = useRef(showMode);
  modeRef.current = showMode;
  useEffect(() => {
    if (drafting && toggle) modeRef.current('map');
  }, [drafting, toggle]);
  // Stable, so list rows re-render only when their own vehicle changes.
  const { pickInList: select, openDetails: detail } = sel;
  const pickInList = useCallback(
    (unitId: number) => {
      select(unitId);
      if (toggle) showMode('map');
    },
    [select, toggle, showMode],
  );
  const openDetails = useCallback(
    (unitId: number) => {
      detail(unitId);
      if (toggle) showMode('list');
    },
    [detail, toggle, showMode],
  );
  // Keyboard: "Skip to vehicle list" (after the shell's skip link) and Esc to drop the selection.
  const skipToList = useCallback(() => {
    setPane('vehicles');
    sel.closeDetails();
    if (toggle) showMode('list');
    requestAnimationFrame(() => listHandle.current?.focus());
  }, [sel.closeDetails, toggle, showMode]);
  usePageSkipLink('vehicle-list', t('fleet.triage.skipToList'), skipToList);
  const onPageKey = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (e.key !== 'Escape' || e.defaultPrevented || sel.selectedId === null) return;
    if (target.closest('[role="dialog"], [role="menu"], input, select, textarea')) return;
    const inList = listScroll.current?.contains(target) ?? false;
    sel.clear();
    // Focus in the map card would fall to the page with it: keep it in the list.
    if (!inList) requestAnimationFrame(() => listHandle.current?.focus());
  };
  const crowdVehicles = sel.crowd ? (all ?? []).filter((v) => sel.crowd?.unitIds.includes(v.unitid)) : [];

  const count =
    total === undefined
      ? undefined
      : rows.length === total
        ? t('fleet.count', { count: total })
        : t('fleet.countOf', { shown: rows.length, count: total });

  return (
    // Esc anywhere on the page drops the selection (a shortcut; the controls keep their own keys).
    <div className={classes.page} onKeyDown={onPageKey}>
      <PageHeader
        title={t('fleet.title')}
        count={count}
        actions={
          <>
            <LiveIndicator state={live} />
            {toggle && (
              <SegmentedControl
                size="xs"
                value={view.mode}
                onChange={(mode) => showMode(mode as 'map' | 'list')}
                data={[
                  { value: 'map', label: t('fleet.modeMap') },
                  { value: 'list', label: t('fleet.modeList') },
                ]}
                aria-label={t('fleet.modeLabel')}
              />
            )}
          </>
        }
      />
      <div className={classes.split} data-layout={toggle ? 'toggle' : 'split'} data-mode={view.mode}>
        <div className={classes.mapPane}>
          {/* Each panel fails on its own (a short message and a retry); the rest of the page goes on. */}
          <PanelBoundary name={t('panel.map')} className={classes.mapFailed}>
            {opening ? (
              <FleetMap
                siteId={siteId}
                opening={opening}
                phone={toggle}
                filter={filter}
                selectedId={sel.selectedId}
                followId={sel.followId}
                focus={sel.focus}
                fit={fit}
                onPick={sel.pickOnMap}
                onCrowd={sel.setCrowd}
                onFollowEnd={sel.endFollow}
                overlays={poiOverlays}
              />
            ) : (
              <MapWaiting />
            )}
            {vehicles.isError && !all && <MapLoadFailed error={vehicles.error} onRetry={() => void vehicles.refetch()} />}
            {toggle && <PoiDraftBar onForm={() => showMode('list')} />}
          </PanelBoundary>
          {selected && (
            <PanelBoundary name={t('panel.vehicleCard')} className={classes.mapCard} resetKeys={[selected.unitid]}>
              <MapCard
                vehicle={selected}
                now={now}
                following={sel.followId === selected.unitid}
                onFollow={(on) => sel.follow(selected.unitid, on)}
                onDetails={() => openDetails(selected.unitid)}
                onClose={sel.clear}
                siteId={siteId}
              />
            </PanelBoundary>
          )}
          {sel.crowd && crowdVehicles.length > 0 && (
            <PanelBoundary name={t('panel.vehicleList')} className={classes.mapCard}>
              <CrowdPicker
                x={sel.crowd.x}
                y={sel.crowd.y}
                vehicles={crowdVehicles}
                now={now}
                onPick={pickInList}
                onClose={sel.closeCrowd}
              />
            </PanelBoundary>
          )}
        </div>
        <Paper withBorder radius="sm" className={classes.listPane}>
          <Tabs value={pane} onChange={(v) => setPane(v === 'places' || v === 'drivers' ? v : 'vehicles')} className={classes.tabs}>
            <Tabs.List grow aria-label={t('drivers.tabsLabel')}>
              <Tabs.Tab value="vehicles">{t('poi.vehiclesTab')}</Tabs.Tab>
              <Tabs.Tab value="drivers">{t('drivers.tab')}</Tabs.Tab>
              <Tabs.Tab value="places">{t('poi.tab')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="drivers" className={classes.tabPanel}>
              {pane === 'drivers' && (
                <PanelBoundary name={t('panel.drivers')}>
                  <DriversPanel
                    siteId={siteId}
                    vehicles={all}
                    selectedId={sel.selectedId}
                    onSelectVehicle={pickInList}
                  />
                </PanelBoundary>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="places" className={classes.tabPanel}>
              <PanelBoundary name={t('panel.places')}>
                <PlacesPanel siteId={siteId} />
              </PanelBoundary>
            </Tabs.Panel>
            <Tabs.Panel value="vehicles" className={classes.tabPanel}>
              {sel.detailsOpen && selected ? (
                <div className={classes.listScroll}>
                  <PanelBoundary name={t('panel.vehicleDetails')} resetKeys={[selected.unitid]}>
                    <VehicleDetails
                      vehicle={selected}
                      now={now}
                      following={sel.followId === selected.unitid}
                      onFollow={(on) => {
                        sel.follow(selected.unitid, on);
                        if (on && toggle) showMode('map');
                      }}
                      onShowOnMap={() => pickInList(selected.unitid)}
                      siteId={siteId}
                      admin={admin}
                      onClose={sel.closeDetails}
                    />
                  </PanelBoundary>
                </div>
              ) : (
                <>
                  <FleetToolbar
                    total={total ?? 0}
                    groups={shownGroups}
                    view={group ? group.id : 'all'}
                    onView={chooseView}
                    search={search}
                    onSearch={setSearch}
                    sort={sort}
                    onSort={setSort}
                    disabled={!total}
                    prefs={prefs}
                    chips={<StatusChips counts={all ? counts : null} chosen={view.states} onChange={showStatesOnFleet} />}
                  />
                  {prefs.layout === 'compact' && rows.length > 0 && (
                    <CompactHeader columns={prefs.columns} sort={sort} onSort={setSort} />
                  )}
                  <div ref={listScroll} className={classes.listScroll}>
                    {vehicles.isPending && <ListSkeleton label={t('fleet.loading')} />}
                    {vehicles.isError && (
                      <Stack p="sm">
                        <VehiclesLoadFailed error={vehicles.error} onRetry={() => void vehicles.refetch()} />
                      </Stack>
                    )}
                    {total === 0 && (
                      <EmptyState icon={<IconTruck size={22} />} title={t('fleet.empty')} hint={t('fleet.emptyHint')} />
                    )}
                    {total !== undefined && total > 0 && rows.length === 0 && (
                      <Text p="md" size="sm" c="gray.7" role="status">
                        {search.trim()
                          ? t('fleet.noMatch', { query: search.trim() })
                          : view.states.length > 0
                            ? t('fleet.triage.noneInStates')
                            : t('fleet.groupEmpty')}
                      </Text>
                    )}
                    {rows.length > 0 && (
                      <PanelBoundary name={t('panel.vehicleList')}>
                        <VehicleList
                          vehicles={rows}
                          selectedId={sel.selectedId}
                          now={now}
                          layout={prefs.layout}
                          columns={prefs.columns}
                          onSelect={pickInList}
                          onDetails={openDetails}
                          scrollRef={listScroll}
                          handle={listHandle}
                        />
                      </PanelBoundary>
                    )}
                  </div>
                </>
              )}
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </div>
    </div>
  );
}

/** fleet, fleet/:uuid and fleet/:aid/:uid: the live fleet map with the vehicle list beside it. */
export default function FleetPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!user || user.siteid === null) {
    return (
      <Stack gap="sm">
        <PageHeader title={t('fleet.title')} />
        <EmptyState icon={<IconMapPinOff size={22} />} title={t('shell.noSite')} hint={t('fleet.noSite')} />
      </Stack>
    );
  }
  return (
    <FleetWorkspace key={`${user.siteid}:${user.token}`} siteId={user.siteid} token={user.token} admin={isAdmin(user.usertype)} />
  );
}
