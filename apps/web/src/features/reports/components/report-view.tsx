import { Alert, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReportCell, ReportColumn, ReportResult, ReportRunSummary } from '@fleet/shared';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { reportRunQuery } from '../api/reports-api.ts';
import { chartModel } from '../model/report-chart.ts';
import { type CellContext, formatCell } from '../model/report-format.ts';
import { WHOLE_RESULT_LIMIT } from '../model/report-runs.ts';
import { nextSort, type ReportSort, sortRows } from '../model/report-sort.ts';
import { ReportChart } from './report-chart.tsx';
import { ReportExports } from './report-exports.tsx';
import { ReportTable } from './report-table.tsx';
import classes from './reports.module.css';

/** Rows on one page of the table. */
export const PAGE_SIZE = 50;

const shortDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });

/** An x label: a day as '16 Nov', else through its column when the table has one. */
function xLabel(column: ReportColumn | null, value: ReportCell, ctx: CellContext): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return shortDay.format(new Date(`${value}T12:00:00Z`));
  if (column) return formatCell(column.kind, value, ctx);
  return value === null ? '' : String(value);
}

function Headline({ result, ctx }: { result: ReportResult; ctx: CellContext }) {
  return (
    <div data-testid="report-headline">
      <Text size="sm" c="dark.6" fw={500}>
        {result.headline.label}
      </Text>
      <div className={classes.headline}>{formatCell(result.headline.kind, result.headline.value, ctx)}</div>
    </div>
  );
}

interface ReportViewProps {
  run: ReportRunSummary;
  ctx: CellContext;
  /** Called once the result is on screen (the page brings it into view on a phone). */
  onShown?: () => void;
}

/**
 * A finished run: the headline figure and the chart first, then the table. A result of up to
 * WHOLE_RESULT_LIMIT rows is read whole and sorted here; a bigger one is paged from the server
 * (reportrun offset/limit) in the report's own order.
 */
export function ReportView({ run, ctx, onShown }: ReportViewProps) {
  const { t } = useTranslation();
  const whole = run.rowCount !== null && run.rowCount <= WHOLE_RESULT_LIMIT;
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ReportSort | null>(null);
  const query = useQuery({
    ...reportRunQuery(run.id, whole ? 0 : (page - 1) * PAGE_SIZE, whole ? WHOLE_RESULT_LIMIT : PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const result = query.data?.result ?? null;
  // A chart without points of its own plots rows: of a big result, its first page, whichever page the table shows.
  const first = useQuery({ ...reportRunQuery(run.id, 0, PAGE_SIZE), enabled: !whole && result !== null && !result.chart?.points });
  const totalRows = query.data?.totalRows ?? 0;
  const sorted = useMemo(() => (result ? (whole ? sortRows(result.rows, sort) : result.rows) : []), [result, whole, sort]);
  const shown = whole ? sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : sorted;
  const chartResult = whole || result?.chart?.points ? result : (first.data?.result ?? null);
  const chart = useMemo(
    () => (chartResult ? chartModel(chartResult, chartResult.rows, ctx.system, (c, v) => xLabel(c, v, ctx)) : null),
    [chartResult, ctx],
  );

  const ready = result !== null;
  // Once per opened run (the view is keyed by the run), when its result first shows.
  const shownOnce = useRef(false);
  useEffect(() => {
    if (!ready || shownOnce.current) return;
    shownOnce.current = true;
    onShown?.();
  }, [ready, onShown]);

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!result) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={t('reporting.view.loading')}>
        <Skeleton height={72} />
        <Skeleton height={260} />
        <Skeleton height={320} />
      </Stack>
    );
  }
  const pages = Math.max(1, Math.ceil(totalRows / PAGE_SIZE));
  const tableId = `report-${run.id}-table`;
  const plotted = chart?.labels.length ?? 0;
  const plottable = result.chart?.points ? result.chart.points.length : whole ? result.rows.length : totalRows;
  const chartNote = chart && plotted < plottable ? t('reporting.view.chartFirst', { shown: plotted, count: plottable }) : null;

  return (
    <Stack gap="md" component="section" aria-labelledby={`report-${run.id}-title`} data-testid="report-view">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz="h4" id={`report-${run.id}-title`} tabIndex={-1}>
            {result.title}
          </Title>
          <Text size="sm" c="dark.6">
            {result.subtitle}
          </Text>
        </div>
        <ReportExports runId={run.id} title={result.title} />
      </Group>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Headline result={result} ctx={ctx} />
          {chart && <ReportChart model={chart} label={t('reporting.view.chartLabel', { title: result.title })} tableId={tableId} note={chartNote} />}
        </Stack>
      </Paper>
      {totalRows === 0 ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} c="dark.8">
          {t('reporting.view.noRows')}
        </Alert>
      ) : (
        <Stack gap="xs">
          {!whole && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} c="dark.8">
              {t('reporting.view.tooBigToSort', { limit: WHOLE_RESULT_LIMIT.toLocaleString('en-GB') })}
            </Alert>
          )}
          <ReportTable
            id={tableId}
            caption={t('reporting.view.tableCaption', { title: result.title, count: totalRows })}
            columns={result.columns}
            rows={shown}
            totals={result.totals}
            ctx={ctx}
            sort={sort}
            onSort={
              whole
                ? (key) => {
                    setSort((s) => nextSort(s, key));
                    setPage(1);
                  }
                : null
            }
          />
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dark.6" aria-live="polite">
              {t('reporting.view.rowsShown', {
                from: (page - 1) * PAGE_SIZE + 1,
                to: Math.min(page * PAGE_SIZE, totalRows),
                count: totalRows,
              })}
            </Text>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={1} getControlProps={(c) => ({ 'aria-label': t(`reporting.view.page.${c}`) })} getItemProps={(p) => ({ 'aria-label': t('reporting.view.page.number', { page: p }) })} />}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
