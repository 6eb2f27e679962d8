import { Anchor, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconBellCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { loadVclAlertsList } from '../../checklists/index.ts';
import { parseUnitId } from '../../../shared/routing/unit-links.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { TableSkeleton } from '../../../shared/ui/table-skeleton.tsx';
import { alertListQuery } from '../api/alerts-api.ts';
import { PanelBoundary } from '../../../shared/ui/panel-boundary.tsx';
import { AlertDetail } from '../components/alert-detail.tsx';
import { AlertCards } from '../components/alert-cards.tsx';
import { ALERT_COLUMNS, AlertsTable } from '../components/alerts-table.tsx';
import { AlertsToolbar } from '../components/alerts-toolbar.tsx';
import { type ClearQuestion, ConfirmClearModal } from '../components/confirm-clear-modal.tsx';
import { useAlertWhat } from '../components/alert-text.tsx';
import { useNow } from '../../../shared/ui/relative-time.tsx';
import {
  DEFAULT_SORT, filterAlerts, groupByVehicle, NO_FILTER, nextSort, openIds, sortAlerts, vehiclesOf, type VehicleGroup,
} from '../hooks/alert-filters.ts';
import { clearListedAlerts } from '../hooks/clear-alerts.ts';
import type { AlertRecord } from '../api/alerts-api.ts';
import classes from '../components/alerts-page.module.css';
import { PanicAckModal, type PanicToAcknowledge } from '../components/panic-ack-modal.tsx';
import { type BuiltAlertList, alertsPath, isAlertList, isBuiltAlertList } from '../hooks/alert-categories.ts';

/** Lists whose shown alerts can be cleared together (panics are acknowledged one by one; a service due is a state). */
const BULK_CLEAR: ReadonlySet<BuiltAlertList> = new Set(['zone', 'spn', 'runover', 'device']);
/** Under this width the table becomes stacked cards (When, State and Clear stay in view). */
const CARDS_QUERY = '(max-width: 600px)';

/** The server answers at most this many records per list. */
const LIST_LIMIT = 500;
const DASHBOARD = '/tabs/tabs/dashboard';

function BackToDashboard() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={DASHBOARD} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {t('alertList.back')}
      </Group>
    </Anchor>
  );
}

/** alerts/vcl: the check lists with open faults, from the check lists feature (its own chunk). */
const VclAlertsList = lazy(loadVclAlertsList);

/** A category without records yet, or a list name that is no category. */
function NotAList({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap="sm" maw={720}>
      <PageHeader title={title} />
      <Paper withBorder p="md">
        <Text>{text}</Text>
      </Paper>
      <BackToDashboard />
    </Stack>
  );
}

function AlertListView({ list, idParam }: { list: BuiltAlertList; idParam: string | undefined }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const siteId = user?.siteid ?? null;
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const showAll = search.get('show') === 'all';
  const query = useQuery(alertListQuery(siteId, list, !showAll));
  const alerts = query.data;
  const [acknowledging, setAcknowledging] = useState<PanicToAcknowledge | null>(null);
  const [filter, setFilter] = useState(NO_FILTER);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [grouped, setGrouped] = useState(false);
  const [question, setQuestion] = useState<ClearQuestion | null>(null);
  const cardsView = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const what = useAlertWhat();
  const now = useNow();
  const id = idParam === undefined ? null : parseUnitId(idParam);
  const suffix = showAll ? '?show=all' : '';
  const detailHref = (aid: number) => `${alertsPath(list, aid)}${suffix}`;
  const title = t(`dashboard.category.${list}`);
  const shown = useMemo(
    () => (alerts ? sortAlerts(filterAlerts(alerts, filter, what, now), sort, what) : []),
    [alerts, filter, sort, what, now],
  );
  const groups = grouped ? groupByVehicle(shown) : null;
  const vehicles = useMemo(() => vehiclesOf(alerts ?? []), [alerts]);
  const site = user?.sitename ?? '';
  const ask = (ids: number[], titleText: string) =>
    setQuestion({
      title: titleText,
      message: t('alertList.clearMessage', { count: ids.length, list: title, site }),
      confirm: t('alertList.clearConfirm', { count: ids.length }),
      run: () => clearListedAlerts(ids),
    });
  const bulk = BULK_CLEAR.has(list);
  const clearGroup = bulk
    ? (g: VehicleGroup<AlertRecord>) => ask(openIds(g.alerts), t('alertList.clearGroupTitle', { count: openIds(g.alerts).length, vehicle: g.vehicle }))
    : null;
  const openShown = openIds(shown).length;
  const count = alerts
    ? t(showAll ? 'alertList.count' : 'alertList.countOpen', { count: alerts.length })
    : undefined;
  const filtered = alerts !== undefined && shown.length !== alerts.length;
  const View = cardsView ? AlertCards : AlertsTable;

  return (
    <Stack gap="sm">
      <PageHeader
        title={title}
        count={count}
        description={t(`alertList.about.${list}`)}
        actions={
          <SegmentedControl
            size="xs"
            aria-label={t('alertList.showLabel')}
            value={showAll ? 'all' : 'open'}
            onChange={(v) => {
              const next = new URLSearchParams(search);
              if (v === 'all') next.set('show', 'all');
              else next.delete('show');
              setSearch(next, { replace: true });
            }}
            data={[
              { value: 'open', label: t('alertList.showOpen') },
              { value: 'all', label: t('alertList.showAll') },
            ]}
          />
        }
      />
      <div className={classes.layout} data-detail={idParam !== undefined || undefined}>
        <div className={classes.listPane}>
          {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
          {alerts && alerts.length > 0 && (
            <AlertsToolbar
              filter={filter}
              onFilter={setFilter}
              vehicles={vehicles}
              grouped={grouped}
              onGrouped={setGrouped}
              openShown={openShown}
              onClearShown={bulk ? () => ask(openIds(shown), t('alertList.clearShownTitle', { count: openShown })) : null}
            />
          )}
          {filtered && (
            <Text size="sm" c="dark.6" mb={6} aria-live="polite">
              {t('alertList.shownOf', { shown: shown.length, count: alerts.length })}
            </Text>
          )}
          <Paper withBorder radius="sm">
            {query.isPending && (
              <TableSkeleton columns={ALERT_COLUMNS.map((c) => t(`alertList.columns.${c}`))} label={title} rows={6} />
            )}
            {alerts?.length === 0 && (
              <EmptyState
                icon={<IconBellCheck size={22} />}
                title={showAll ? t('alertList.emptyAll') : t('alertList.emptyOpen')}
                hint={showAll ? undefined : t('alertList.emptyOpenHint')}
              />
            )}
            {alerts && alerts.length > 0 && shown.length === 0 && (
              <EmptyState icon={<IconBellCheck size={22} />} title={t('alertList.noneMatch')} hint={t('alertList.noneMatchHint')} />
            )}
            {shown.length > 0 && (
              <PanelBoundary name={t('panel.alertsTable')}>
                <View
                  list={list}
                  alerts={shown}
                  groups={groups}
                  sort={sort}
                  onSort={(c) => setSort((s) => nextSort(s, c))}
                  selectedId={id}
                  detailHref={detailHref}
                  onAcknowledge={setAcknowledging}
                  onClearGroup={clearGroup}
                />
              </PanelBoundary>
            )}
          </Paper>
          {alerts && alerts.length >= LIST_LIMIT && (
            <Text size="xs" c="dimmed" mt={4}>
              {t('alertList.limited', { count: LIST_LIMIT })}
            </Text>
          )}
          <Group mt="sm">
            <BackToDashboard />
          </Group>
        </div>
        {idParam !== undefined && (
          <div className={classes.detailPane}>
            {id === null ? (
              <Paper withBorder p="md" role="alert">
                <Text size="sm">{t('alertList.badId', { id: idParam })}</Text>
              </Paper>
            ) : (
              <PanelBoundary name={t('panel.alertDetail')} resetKeys={[id]}>
                <AlertDetail
                  key={id}
                  siteId={siteId}
                  list={list}
                  id={id}
                  fromList={alerts?.find((a) => a.aid === id)}
                  onClose={() => void navigate(`${alertsPath(list)}${suffix}`)}
                  onAcknowledge={setAcknowledging}
                />
              </PanelBoundary>
            )}
          </div>
        )}
      </div>
      <PanicAckModal alert={acknowledging} onClose={() => setAcknowledging(null)} />
      <ConfirmClearModal question={question} onClose={() => setQuestion(null)} />
    </Stack>
  );
}

/** alerts/:list and alerts/:list/:id: one dashboard category's alert records, and one record's detail. */
export default function AlertsPage() {
  const { t } = useTranslation();
  const { list, id } = useParams();
  if (!isAlertList(list)) {
    return <NotAList title={t('pages.alerts')} text={t('alertList.unknownList', { list: list ?? '' })} />;
  }
  const title = t(`dashboard.category.${list}`);
  if (list === 'vcl') {
    return (
      <Suspense fallback={<TableSkeleton columns={[title]} label={title} rows={5} />}>
        <VclAlertsList back={<BackToDashboard />} />
      </Suspense>
    );
  }
  if (!isBuiltAlertList(list)) return <NotAList title={title} text={t('unavailable', { title })} />;
  return <AlertListView key={list} list={list} idParam={id} />;
}
