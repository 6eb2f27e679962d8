import type { ReportCell, ReportColumn, ReportColumnKind, ReportResult, ReportRow, UnitSystem } from '@fleet/shared';
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
  /** The axis's unit ('mi', 'h', ''). */
  unit: string;
  /** Points not plotted (bars beyond MAX_BARS). */
  left: number;
}

/** How an x value reads: through its column when the table has one, else as it is. */
export type XText = (column: ReportColumn | null, value: ReportCell) => string;

/**
 * The chart of a result as result.chart describes it, in the site's units: its own points when it
 * has them (a trips table lists trips, its chart the distance per vehicle), else the table's rows.
 * null when the result has no chart or nothing to plot (no points, or every value zero).
 */
export function chartModel(result: Pick<ReportResult, 'chart' | 'columns'>, rows: readonly ReportRow[], system: UnitSystem, xText: XText): ChartModel | null {
  const chart = result.chart;
  if (!chart || chart.series.length === 0) return null;
  const points = chart.points ?? rows;
  if (points.length === 0) return null;
  const columnOf = (key: string) => result.columns.find((c) => c.key === key) ?? null;
  const kindOf = (key: string): ReportColumnKind => chart.valueKind ?? columnOf(key)?.kind ?? 'number';
  const xColumn = columnOf(chart.x);
  const shown = chart.kind === 'bar' ? points.slice(0, MAX_BARS) : points;
  const firstKey = chart.series[0]?.key ?? '';
  const series = chart.series.map((s) => ({
    key: s.key,
    label: s.label,
    values: shown.map((p) => chartValue(kindOf(s.key), p[s.key] ?? null, system)),
  }));
  // Nothing but zeros is an empty picture: the headline says it.
  if (series.every((s) => s.values.every((v) => !v))) return null;
  return {
    kind: chart.kind,
    labels: shown.map((p) => xText(xColumn, p[chart.x] ?? null)),
    series,
    unit: chartUnit(kindOf(firstKey), system),
    left: points.length - shown.length,
  };
}
