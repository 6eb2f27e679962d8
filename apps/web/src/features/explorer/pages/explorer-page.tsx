import { EXPLORER_CSV_MAX_DAYS, EXPLORER_MAX_SERIES, type IoReport } from '@fleet/shared';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChartLine, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatFullDate } from '../../../shared/format/time.ts';
import { useSiteTimeZone } from '../../../shared/site/site-time-zone.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState, useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { PanelBoundary } from '../../../shared/ui/panel-boundary.tsx';
import { reportsQuery } from '../api/get-reports.ts';
import { seriesQuery } from '../api/get-series.ts';
import { downloadRecordsCsv } from '../api/records-csv.ts';
import { labelOf } from '../components/chart-options.ts';
import { type ChartMode, ExplorerChart } from '../components/explorer-chart.tsx';
import { IoPicker } from '../components/io-picker.tsx';
import { RangeControls } from '../components/range-controls.tsx';
import { RecordsTable } from '../components/records-table.tsx';
import { fetchWindow, type PresetKey, presetRange, type ViewRange } from '../model/view-range.ts';

/** What the chart shows first: the supply voltage, RPM, fuel or speed when reported, else the first numeric value. */
const FIRST_CHOICE = ['66', '85', '89', '84', '24'];
function defaultIo(io: IoReport[]): string[] {
  const numeric = io.filter((i) => i.numeric).map((i) => i.id);
  const pick = FIRST_CHOICE.find((id) => numeric.includes(id)) ?? numeric[0];
  return pick ? [pick] : [];
}

function Explorer({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { timeZone } = useSiteTimeZone();
  const reports = useQuery(reportsQuery(uid));
  const end = reports.data?.last ? Date.parse(reports.data.last) + 1000 : null;
  const [picked, setPicked] = useState<string[] | null>(null);
  const [preset, setPreset] = useState<PresetKey | 'custom'>('day');
  const [chosen, setChosen] = useState<ViewRange | null>(null);
  const [mode, setMode] = useState<ChartMode>('select');
  const { ref: size, width } = useElementSize();
  const io = picked ?? defaultIo(reports.data?.io ?? []);
  const view = chosen ?? presetRange('day', end ?? Date.now());
  const fetched = fetchWindow(view);
  // A column of the answer for every two pixels of the fetched window (twice the visible range): a column
  // (its low and its high) a pixel on screen. More would only cost drawing time while panning.
  const points = Math.min(5000, Math.max(60, Math.round(width || 800)));
  const series = useQuery({ ...seriesQuery(uid, io, fetched.from, fetched.to, points), enabled: io.length > 0 && reports.isSuccess });
  const shown = useMemo(() => (series.data ? series.data.series.filter((s) => io.includes(s.io)) : []), [series.data, io]);
  const columns = useMemo(() => {
    const byId = new Map((reports.data?.io ?? []).map((i) => [i.id, i]));
    return io.map((id) => ({ id, label: byId.get(id)?.name ?? id }));
  }, [io, reports.data]);
  const [exporting, setExporting] = useState(false);
  const csvTooLong = view.to - view.from > EXPLORER_CSV_MAX_DAYS * 86_400_000;

  if (reports.isError) return <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />;
  const exportCsv = () => {
    setExporting(true);
    downloadRecordsCsv(uid, view.from, view.to)
      .catch((err: unknown) => notifications.show({ color: 'red', message: errorMessage(err) }))
      .finally(() => setExporting(false));
  };
  const pointCount = shown.reduce((n, s) => n + s.t.length, 0);
  return (
    <Stack gap="sm">
      <PageHeader
        title={reports.data ? t('explorer.titleOf', { registration: reports.data.registration }) : t('explorer.title')}
        description={t('explorer.description')}
        actions={
          <Button leftSection={<IconDownload size={16} />} variant="default" loading={exporting} disabled={csvTooLong} onClick={exportCsv}
            title={csvTooLong ? t('explorer.csvTooLong', { days: EXPLORER_CSV_MAX_DAYS }) : undefined}>
            {t('explorer.csv')}
          </Button>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <IoPicker io={reports.data?.io ?? []} value={io} max={EXPLORER_MAX_SERIES} onChange={setPicked} />
      </Group>
      <RangeControls
        view={view} preset={preset} mode={mode} onMode={setMode}
        onPreset={(p) => { setPreset(p); setChosen(presetRange(p, end ?? Date.now())); }}
        onView={(r, custom) => { if (custom) setPreset('custom'); setChosen(r); }}
      />
      <Card withBorder padding="sm">
        <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
          <Text size="sm" fw={600}>{formatFullDate(new Date(view.from), timeZone)} – {formatFullDate(new Date(view.to), timeZone)}</Text>
          <Text size="xs" c="dimmed" aria-live="polite" data-explorer-status={series.isFetching ? 'loading' : 'done'}>
            {series.isFetching ? t('explorer.loading') : series.data ? t(`explorer.source.${series.data.source}`, { points: pointCount.toLocaleString('en-GB'), read: series.data.read.toLocaleString('en-GB') }) : ''}
          </Text>
        </Group>
        <div ref={size} data-view-from={view.from} data-view-to={view.to} data-fetched-from={series.data ? Date.parse(series.data.from) : ''}
          data-fetched-to={series.data ? Date.parse(series.data.to) : ''} data-points={pointCount} data-source={series.data?.source ?? ''}>
          {io.length === 0 ? (
            <EmptyState icon={<IconChartLine size={22} />} title={reports.isSuccess ? t('explorer.pickTitle') : t('explorer.loading')} hint={reports.isSuccess ? t('explorer.pickHint') : undefined} />
          ) : series.isError && !series.data ? (
            <ErrorState error={series.error} onRetry={() => void series.refetch()} />
          ) : (
            <PanelBoundary name={t('explorer.chart')} resetKeys={[io.join(',')]}>
              <ExplorerChart series={shown} view={view} mode={mode} timeZone={timeZone} onView={(r) => { setPreset('custom'); setChosen(r); }}
                label={t('explorer.chartLabel', { values: shown.map(labelOf).join(', ') })} />
            </PanelBoundary>
          )}
        </div>
        <Group gap="md" mt={4} wrap="wrap">
          <Text size="xs" c="dimmed">{mode === 'select' ? t('explorer.hintSelect') : t('explorer.hintPan')}</Text>
        </Group>
      </Card>
      <RecordsTable uid={uid} range={view} columns={columns} timeZone={timeZone} />
    </Stack>
  );
}

/** fmsv2explorer/{uid}: a vehicle's IO values over time, several on one axis, zoom and pan; its raw records below. */
export default function ExplorerPage() {
  const { t } = useTranslation();
  const { uid } = useParams();
  const id = uid && /^\d{1,10}$/.test(uid) ? Number(uid) : null;
  if (id === null || id < 1) return <EmptyState icon={<IconChartLine size={22} />} title={t('explorer.noVehicle')} />;
  return <Explorer key={id} uid={id} />;
}
