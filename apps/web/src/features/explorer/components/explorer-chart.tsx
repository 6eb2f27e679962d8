import type { IoSeries } from '@fleet/shared';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { selection, type ViewRange, zoomAround } from '../model/view-range.ts';
import { alignedData, chartOptions } from './chart-options.ts';
import classes from './explorer.module.css';

const HEIGHT = 320;

export type ChartMode = 'select' | 'pan';

interface ExplorerChartProps {
  series: IoSeries[];
  /** The visible range; the chart shows it and reports a new one after a gesture (onView). */
  view: ViewRange;
  mode: ChartMode;
  timeZone: string;
  label: string;
  onView: (r: ViewRange) => void;
}

/**
 * The explorer's chart (uPlot: one canvas). Drag selects a range to zoom to (mode 'select') or
 * moves the range (mode 'pan'); the wheel zooms around the pointer. During a gesture
 * only the chart's scale moves (no React render), each frame at most once; the range goes up to
 * the page when it ends, which fetches it at the new resolution.
 */
export function ExplorerChart({ series, view, mode, timeZone, label, onView }: ExplorerChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const viewRef = useRef(view);
  const onViewRef = useRef(onView);
  onViewRef.current = onView;
  const shape = `${series.map((s) => `${s.io}:${s.unit}`).join(',')}|${mode}|${timeZone}`;

  // Built again when the set of series, the mode or the zone changes; data and range go in place.
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let drag: { x: number; from: number; to: number; id: number } | null = null;
    const u = new uPlot(chartOptions(series, Math.max(240, el.clientWidth), HEIGHT, timeZone, mode === 'select', () => drag !== null), alignedData(series), el);
    u.setScale('x', { min: viewRef.current.from, max: viewRef.current.to });
    chart.current = u;
    const over = u.over;
    let frame = 0;
    let pending: ViewRange | null = null;
    let wheelCommit: ReturnType<typeof setTimeout> | undefined;
    const show = (r: ViewRange) => {
      viewRef.current = r;
      pending = r;
      if (!frame) frame = requestAnimationFrame(() => {
        frame = 0;
        if (pending) u.setScale('x', { min: pending.from, max: pending.to });
      });
    };
    const commit = () => onViewRef.current(viewRef.current);

    // Drag-select (uPlot's own selection): zoom to it.
    const onSelect = () => {
      if (u.select.width < 4) return;
      const a = u.posToVal(u.select.left, 'x');
      const b = u.posToVal(u.select.left + u.select.width, 'x');
      u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
      viewRef.current = selection(a, b);
      u.setScale('x', { min: viewRef.current.from, max: viewRef.current.to });
      commit();
    };
    u.hooks.setSelect = [onSelect];

    const down = (e: PointerEvent) => {
      if (mode !== 'pan') return;
      e.preventDefault();
      e.stopPropagation();
      // Keeps the drag when the pointer leaves the plot; a pointer the browser does not know (a synthetic one) just drags without.
      try {
        over.setPointerCapture(e.pointerId);
      } catch {
        /* not capturable */
      }
      drag = { x: e.clientX, from: viewRef.current.from, to: viewRef.current.to, id: e.pointerId };
    };
    const move = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.id) return;
      const dt = ((drag.x - e.clientX) / Math.max(1, over.clientWidth)) * (drag.to - drag.from);
      show({ from: Math.round(drag.from + dt), to: Math.round(drag.to + dt) });
    };
    const up = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.id) return;
      drag = null;
      // The value scales fit the new range again.
      u.setScale('x', { min: viewRef.current.from, max: viewRef.current.to });
      commit();
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = over.getBoundingClientRect();
      const at = (e.clientX - rect.left) / Math.max(1, rect.width);
      show(zoomAround(viewRef.current, e.deltaY < 0 ? 0.8 : 1.25, at));
      clearTimeout(wheelCommit);
      wheelCommit = setTimeout(commit, 250);
    };
    over.addEventListener('pointerdown', down, true);
    over.addEventListener('pointermove', move);
    over.addEventListener('pointerup', up);
    over.addEventListener('pointercancel', up);
    over.addEventListener('wheel', wheel, { passive: false });
    const resize = new ResizeObserver(() => {
      const width = Math.max(240, el.clientWidth);
      if (Math.abs(width - u.width) > 1) u.setSize({ width, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(wheelCommit);
      resize.disconnect();
      u.destroy();
      chart.current = null;
    };
    // `shape` stands for the series' set; their data goes in by the effect below.
  }, [shape]);

  useEffect(() => {
    const u = chart.current;
    if (!u) return;
    u.setData(alignedData(series), false);
    u.setScale('x', { min: viewRef.current.from, max: viewRef.current.to });
  }, [series]);

  useEffect(() => {
    viewRef.current = view;
    chart.current?.setScale('x', { min: view.from, max: view.to });
  }, [view]);

  return <div ref={host} className={classes.chart} data-mode={mode} role="img" aria-label={label} data-explorer-chart="" />;
}
