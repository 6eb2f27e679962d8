import type { ReportColumn, ReportResult, ReportRow, UnitSystem } from '@fleet/shared';
import { chartUnit, chartValue } from './report-format.ts';

/** More bars than this do not read on any screen: the chart shows the first ones, the table all. */
export const MAX_BARS = 40;

export interface ChartSeries {
  key: string;
  label: string;
  values: (number | null)[];
}

export interface ChartModel {
  kind: 'bar' | 'line';
  /** The x axis's labels (a registration, a day), one per point. */
  labels: string[];
  series: ChartSeries[];
  /** The axis's unit ('mi', 'h', ''): the first series' column kind decides it. */
  unit: string;
  /** Rows not plotted (bars beyond MAX_BARS). */
  left: number;
}

/**
 * The chart of a result as result.chart describes it, in the site's units; null when the result
 * has no chart, no rows, or names columns it does not have.
 */
export function chartModel(result: Pick<ReportResult, 'chart' | 'columns'>, rows: readonly ReportRow[], system: UnitSystem, xText: (column: ReportColumn, row: ReportRow) => string): ChartModel | null {
  const chart = result.chart;
  if (!chart || rows.length === 0) return null;
  const xColumn = result.columns.find((c) => c.key === chart.x);
  const columns = chart.series.map((s) => ({ s, column: result.columns.find((c) => c.key === s.key) }));
  if (!xColumn || columns.length === 0 || columns.some((c) => !c.column)) return null;
  const shown = chart.kind === 'bar' ? rows.slice(0, MAX_BARS) : rows;
  return {
    kind: chart.kind,
    labels: shown.map((row) => xText(xColumn, row)),
    series: columns.map(({ s, column }) => ({
      key: s.key,
      label: s.label,
      values: shown.map((row) => chartValue((column as ReportColumn).kind, row[s.key] ?? null, system)),
    })),
    unit: chartUnit((columns[0]?.column as ReportColumn).kind, system),
    left: rows.length - shown.length,
  };
}
