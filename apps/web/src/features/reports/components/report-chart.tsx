import { Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartModel } from '../model/report-chart.ts';
import classes from './reports.module.css';

// Dark enough on white for graphical objects (WCAG 1.4.11, 3:1) and told apart in grey print.
const COLOURS = ['#1864ab', '#e8590c', '#2b8a3e', '#862e9c'];
const HEIGHT = 260;

/**
 * Axis labels are cut to what their place holds ('Phone - Cour…'), 12 to 24 characters; the table
 * has them whole. About 7 px a character in uPlot's 12 px axis font, with a 14 px gap.
 */
function labelChars(count: number, plotWidth: number): number {
  return Math.max(12, Math.min(24, Math.floor((plotWidth / Math.max(1, count) - 14) / 7)));
}
const cut = (label: string, chars: number) => (label.length > chars ? `${label.slice(0, chars - 1)}…` : label);
const labelWidth = (labels: string[], chars: number) => Math.min(chars, Math.max(1, ...labels.map((l) => l.length))) * 7 + 14;

function options(model: ChartModel, width: number): uPlot.Options {
  const bars = model.kind === 'bar';
  const gap = 0.3;
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: !bars } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      // Categories (registrations, days) at 0 … n-1, each its own place on the axis.
      x: { time: false, auto: false, range: () => [-0.5, model.labels.length - 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        stroke: '#495057',
        grid: { show: false },
        ticks: { stroke: '#dee2e6' },
        splits: () => model.labels.map((_l, i) => i),
        // Every label when they fit, every other one (or fewer) when they would overlap.
        values: (_u, splits) => {
          const plot = Math.max(1, width - 70);
          const chars = labelChars(model.labels.length, plot);
          const step = Math.max(1, Math.ceil((model.labels.length * labelWidth(model.labels, chars)) / plot));
          return splits.map((i) => (i % step === 0 ? cut(model.labels[i] ?? '', chars) : ''));
        },
        rotate: 0,
      },
      { stroke: '#495057', label: model.unit || undefined, labelSize: model.unit ? 18 : 0, size: 52, grid: { stroke: '#e9ecef' }, ticks: { stroke: '#dee2e6' } },
    ],
    series: [
      {},
      ...model.series.map((s, i) => {
        const colour = COLOURS[i % COLOURS.length] ?? '#1864ab';
        // One series: a bar centred on its label; two: side by side (left of it, right of it).
        const two = model.series.length === 2;
        const align = (two ? (i === 0 ? -1 : 1) : 0) as -1 | 0 | 1;
        return bars
          ? {
              label: s.label,
              stroke: colour,
              fill: colour,
              width: 0,
              paths: uPlot.paths.bars?.({ size: [two ? (1 - gap) / 2 : 1 - gap, two ? 40 : 64], align }),
              points: { show: false },
            }
          : { label: s.label, stroke: colour, width: 2, points: { show: model.labels.length <= 62, size: 5, fill: colour } };
      }),
    ],
  };
}

interface ReportChartProps {
  model: ChartModel;
  /** The accessible name: what the chart shows, and that the table holds its figures. */
  label: string;
  /** The id of the table the chart is a picture of. */
  tableId: string;
  note: string | null;
}

/** The result's chart (uPlot: one canvas, bars or a line as the report says). */
export function ReportChart({ model, label, tableId, note }: ReportChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const data = [model.labels.map((_l, i) => i), ...model.series.map((s) => s.values)] as uPlot.AlignedData;
    let chart = new uPlot(options(model, Math.max(240, el.clientWidth)), data, el);
    const resize = new ResizeObserver(() => {
      const width = Math.max(240, el.clientWidth);
      if (Math.abs(width - chart.width) > 1) {
        // The labels' spacing depends on the width: build it again rather than only resize.
        chart.destroy();
        chart = new uPlot(options(model, width), data, el);
      }
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [model]);

  return (
    <figure className={classes.chartFigure}>
      <div ref={host} className={classes.chart} role="img" aria-label={label} aria-describedby={tableId} data-report-chart={model.kind} />
      <figcaption className={classes.chartKey}>
        {model.series.map((s, i) => (
          <span key={s.key}>
            <i aria-hidden style={{ background: COLOURS[i % COLOURS.length] }} className={classes.keySwatch} />
            {s.label}
            {model.unit ? ` (${model.unit})` : ''}
          </span>
        ))}
        {note && (
          <Text span size="xs" c="dark.5">
            {note}
          </Text>
        )}
      </figcaption>
    </figure>
  );
}
