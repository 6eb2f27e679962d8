import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ScoresAnswer } from '../api/performance-api.ts';
import classes from './performance.module.css';

const HEIGHT = 200;

function options(labels: string[], width: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: { x: { time: false, auto: false, range: () => [-0.5, labels.length - 0.5] }, y: { range: () => [0, 100] } },
    axes: [
      { stroke: '#495057', grid: { show: false }, splits: () => labels.map((_l, i) => i), values: (_u, s) => s.map((i) => (width >= 420 || (labels.length - 1 - i) % 2 === 0 ? (labels[i] ?? '') : '')) },
      { stroke: '#495057', size: 40, grid: { stroke: '#e9ecef' }, splits: () => [0, 25, 50, 75, 100] },
    ],
    series: [{}, { label: 'Score', stroke: '#1864ab', fill: '#1864ab', width: 0, paths: uPlot.paths.bars?.({ size: [0.6, 48] }), points: { show: false } }],
  };
}

/** A driver's score per week as bars (uPlot); weeks too short to score have no bar. The table beside it has the figures. */
export function WeeksChart({ weeks, label }: { weeks: ScoresAnswer['weeks']; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const labels = weeks.map((w) => new Date(`${w.week}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }));
    const data = [labels.map((_l, i) => i), weeks.map((w) => w.score)] as uPlot.AlignedData;
    let chart = new uPlot(options(labels, Math.max(240, el.clientWidth)), data, el);
    const resize = new ResizeObserver(() => {
      const width = Math.max(240, el.clientWidth);
      if (Math.abs(width - chart.width) > 1) {
        // The labels' spacing depends on the width: build it again rather than only resize.
        chart.destroy();
        chart = new uPlot(options(labels, width), data, el);
      }
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [weeks]);
  return <div ref={host} className={classes.chart} role="img" aria-label={label} data-testid="weeks-chart" />;
}
