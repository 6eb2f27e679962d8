import type { ReportResult } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { chartModel, MAX_BARS } from './report-chart.ts';

const xText = (_c: unknown, v: unknown) => String(v);
const columns: ReportResult['columns'] = [
  { key: 'vehicle', label: 'Vehicle', kind: 'text' },
  { key: 'distanceM', label: 'Distance', kind: 'distance' },
];

describe('the chart of a result', () => {
  it("plots the chart's own points in the site unit when it has them", () => {
    const chart: ReportResult['chart'] = {
      kind: 'bar', x: 'name', series: [{ key: 'distanceM', label: 'Distance' }], valueKind: 'distance',
      points: [{ name: 'VAN 1', distanceM: 16_093.44 }, { name: 'VAN 2', distanceM: null }],
    };
    const m = chartModel({ chart, columns }, [{ vehicle: 'VAN 1', distanceM: 5 }], 'imperial', xText);
    expect(m?.labels).toEqual(['VAN 1', 'VAN 2']);
    expect(m?.series[0]?.values[0]).toBeCloseTo(10, 6);
    expect(m?.series[0]?.values[1]).toBeNull();
    expect(m?.unit).toBe('mi');
  });

  it("plots the table's rows, typed by their column, when the chart has no points", () => {
    const chart: ReportResult['chart'] = { kind: 'line', x: 'vehicle', series: [{ key: 'distanceM', label: 'Distance' }] };
    const m = chartModel({ chart, columns }, [{ vehicle: 'A', distanceM: 2000 }, { vehicle: 'B', distanceM: 500 }], 'metric', xText);
    expect(m?.series[0]?.values).toEqual([2, 0.5]);
    expect(m?.unit).toBe('km');
  });

  it('stops bars at MAX_BARS and counts the rest; no chart without points or a chart', () => {
    const rows = Array.from({ length: MAX_BARS + 5 }, (_, i) => ({ vehicle: `V${i}`, distanceM: i }));
    const chart: ReportResult['chart'] = { kind: 'bar', x: 'vehicle', series: [{ key: 'distanceM', label: 'Distance' }] };
    const m = chartModel({ chart, columns }, rows, 'metric', xText);
    expect(m?.labels).toHaveLength(MAX_BARS);
    expect(m?.left).toBe(5);
    expect(chartModel({ chart, columns }, [], 'metric', xText)).toBeNull();
    expect(chartModel({ chart: null, columns }, rows, 'metric', xText)).toBeNull();
    expect(chartModel({ chart, columns }, [{ vehicle: 'A', distanceM: 0 }, { vehicle: 'B', distanceM: null }], 'metric', xText)).toBeNull();
  });
});
