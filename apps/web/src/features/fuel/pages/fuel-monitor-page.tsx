import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconGasStation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useSiteTimeZone } from '../../../shared/site/site-time-zone.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { LoadingMessage } from '../../../shared/ui/loading-message.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { downloadFuelEvents, fuelEventsQuery, fuelLevelsQuery, fuelSummaryQuery, fuelVehiclesQuery } from '../api/fuel-api.ts';
import { DROP_COLOUR, FuelChart, REFUEL_COLOUR } from '../components/fuel-chart.tsx';
import { FuelEventsTable } from '../components/fuel-events-table.tsx';
import { FuelSummary } from '../components/fuel-summary.tsx';
import classes from '../components/fuel.module.css';
import { FUEL_RANGES, type FuelRangeKey, rangeOf } from '../model/fuel-view.ts';

const TABLE_ID = 'fuel-events';

/** fuelmonitor: a vehicle's fuel level over a range with its refuels and drops, consumption, and the events as CSV. */
export default function FuelMonitorPage() {
  const { t } = useTranslation();
  const siteId = useSessionUser()?.siteid ?? null;
  const { timeZone } = useSiteTimeZone();
  const vehicles = useQuery({ ...fuelVehiclesQuery(siteId ?? 0), enabled: siteId !== null });
  const [picked, setPicked] = useState<string | null>(null);
  const [rangeKey, setRangeKey] = useState<FuelRangeKey>('week');
  const [stamp, setStamp] = useState(() => Date.now());
  const range = useMemo(() => rangeOf(rangeKey, stamp), [rangeKey, stamp]);
  const list = vehicles.data?.vehicles ?? [];
  const uid = Number(picked ?? list[0]?.uid ?? 0);
  const vehicle = list.find((v) => v.uid === uid);

  return (
    <Stack gap="md" maw={1200}>
      <PageHeader title={t('fuel.title')} description={t('fuel.description')} />
      {siteId === null && <EmptyState icon={<IconGasStation size={22} />} title={t('fuel.noSite')} />}
      {vehicles.isPending && siteId !== null && <LoadingMessage message={t('fuel.loading')} />}
      {vehicles.isError && <ErrorState error={vehicles.error} onRetry={() => void vehicles.refetch()} />}
      {vehicles.isSuccess && list.length === 0 && (
        <EmptyState icon={<IconGasStation size={22} />} title={t('fuel.noVehicles')} hint={t('fuel.noVehiclesHint')} />
      )}
      {siteId !== null && vehicle && (
        <>
          <Group align="flex-end" gap="md" wrap="wrap">
            <Select
              label={t('fuel.vehicle')} searchable allowDeselect={false} w={240}
              data={list.map((v) => ({ value: String(v.uid), label: v.registration }))}
              value={String(uid)} onChange={(v) => setPicked(v)}
            />
            <div>
              <Text component="label" id="fuel-range-label" size="sm" fw={500} display="block" mb={4}>{t('fuel.range')}</Text>
              <SegmentedControl
                aria-labelledby="fuel-range-label" value={rangeKey}
                onChange={(v) => { setRangeKey(v as FuelRangeKey); setStamp(Date.now()); }}
                data={FUEL_RANGES.map((k) => ({ value: k, label: t(`fuel.ranges.${k}`) }))}
              />
            </div>
            <ExportButton siteId={siteId} uid={uid} range={range} />
          </Group>
          {vehicle.tankLitres === null && (
            <Alert color="yellow" variant="light" title={t('fuel.noTank')}>{t('fuel.noTankHint')}</Alert>
          )}
          <VehicleFuel siteId={siteId} uid={uid} range={range} timeZone={timeZone} registration={vehicle.registration} />
        </>
      )}
    </Stack>
  );
}

function ExportButton({ siteId, uid, range }: { siteId: number; uid: number; range: { from: string; to: string } }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  return (
    <Stack gap={2}>
      <Button
        variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={state.busy}
        onClick={() => {
          setState({ busy: true, error: null });
          downloadFuelEvents(siteId, uid, range).then(
            () => setState({ busy: false, error: null }),
            (err: unknown) => setState({ busy: false, error: err instanceof Error ? err.message : String(err) }),
          );
        }}
      >
        {t('fuel.export')}
      </Button>
      {state.error && <Text size="xs" c="red.8" role="alert">{state.error}</Text>}
    </Stack>
  );
}

function VehicleFuel({ siteId, uid, range, timeZone, registration }: {
  siteId: number; uid: number; range: { from: string; to: string }; timeZone: string; registration: string;
}) {
  const { t } = useTranslation();
  const levels = useQuery(fuelLevelsQuery(uid, range));
  const events = useQuery(fuelEventsQuery(siteId, uid, range));
  const summary = useQuery(fuelSummaryQuery(uid, range));
  const failed = [levels, events, summary].find((q) => q.isError);
  if (failed) return <ErrorState error={failed.error} onRetry={() => { void levels.refetch(); void events.refetch(); void summary.refetch(); }} />;
  if (!levels.data || !events.data || !summary.data) return <LoadingMessage message={t('fuel.loadingVehicle')} />;
  const list = events.data.events;
  return (
    <Stack gap="md">
      <FuelSummary s={summary.data} />
      <Paper withBorder p="sm" radius="sm">
        <Title order={2} fz="h5" mb="xs">{t('fuel.chartTitle', { registration })}</Title>
        {levels.data.t.length === 0
          ? <EmptyState icon={<IconGasStation size={22} />} title={t('fuel.noReadings')} />
          : (
            <figure style={{ margin: 0 }}>
              <FuelChart
                t={levels.data.t} level={levels.data.level} unit={levels.data.unit} events={list} timeZone={timeZone} tableId={TABLE_ID}
                label={t('fuel.chartLabel', { registration, refuels: summary.data.refuels, drops: summary.data.drops })}
              />
              <figcaption className={classes.key}>
                <span>{t('fuel.keyLevel', { unit: levels.data.unit === 'l' ? 'litres' : '%' })}</span>
                <Text span c={REFUEL_COLOUR} fw={600}>▲ {t('fuel.kind.refuel')}</Text>
                <Text span c={DROP_COLOUR} fw={600}>▼ {t('fuel.kind.drop')}</Text>
              </figcaption>
            </figure>
          )}
      </Paper>
      <section aria-labelledby="fuel-events-title">
        <Title order={2} fz="h5" id="fuel-events-title" mb="xs">{t('fuel.eventsTitle', { count: list.length })}</Title>
        {list.length === 0
          ? <Text size="sm" c="dark.5">{t('fuel.noEvents')}</Text>
          : <FuelEventsTable events={list} timeZone={timeZone} id={TABLE_ID} />}
      </section>
    </Stack>
  );
}
