import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReplayClock } from './replay-clock.ts';
import type { ReplayTrack } from './replay-track.ts';
import classes from './replay.module.css';

const SPEED_COLOUR = '#1971c2';
const IGNITION_FILL = 'rgba(47, 158, 68, 0.22)';
export const CHART_HEIGHT = 150;
const HHmm = uPlot.fmtDate('{HH}:{mm}');

interface ReplayChartProps {
  track: ReplayTrack;
  clock: ReplayClock;
  timezone: string;
  /** km/h to the site's speed unit. */
  toUnit(kmh: number): number;
  speedUnit: string;
  /** The accessible summary (the chart itself is a picture; the slider is its keyboard twin). */
  label: string;
  speedLabel: string;
  ignitionLabel: string;
}

/** The series: time (s), speed in the site's unit, ignition as a low band (null where not reported). */
function chartData(track: ReplayTrack, toUnit: (kmh: number) => number): uPlot.AlignedData {
  const x = new Float64Array(track.size);
  const speed = new Float64Array(track.size);
  const ign: (number | null)[] = new Array<number | null>(track.size);
  for (let i = 0; i < track.size; i++) {
    x[i] = (track.t[i] ?? 0) / 1000;
    speed[i] = toUnit(track.speed[i] ?? 0);
    const v = track.ign[i];
    ign[i] = v === -1 ? null : v === 1 ? 1 : 0;
  }
  return [x, speed, ign] as unknown as uPlot.AlignedData;
}

/**
 * Speed and ignition over the day (uPlot: one canvas, fast with 86,400 points). Its cursor is a line
 * moved by the clock; a press or a drag on the chart sets the clock. The chart's own hover cursor is
 * off, so the line always shows the replay's moment, never the mouse's.
 */
export function ReplayChart({ track, clock, timezone, toUnit, speedUnit, label, speedLabel, ignitionLabel }: ReplayChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const cursor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const zoned = (ts: number) => uPlot.tzDate(new Date(ts * 1000), timezone);
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: CHART_HEIGHT,
      legend: { show: false },
      cursor: { show: false, drag: { x: false, y: false } },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      tzDate: zoned,
      scales: { x: { time: true }, speed: { range: (_u, _min, max) => [0, Math.max(10, Math.ceil(max / 10) * 10)] }, ign: { range: [0, 5] } },
      axes: [
        {
          stroke: '#495057',
          grid: { stroke: '#e9ecef' },
          ticks: { stroke: '#dee2e6' },
          // 24-hour clock in the site's zone (tzDate above), as every time in the app.
          values: (_u, splits) => splits.map((s) => HHmm(zoned(s))),
        },
        { scale: 'speed', stroke: '#495057', label: speedUnit, labelSize: 18, size: 44, grid: { stroke: '#e9ecef' }, ticks: { stroke: '#dee2e6' } },
      ],
      series: [
        {},
        { label: speedUnit, scale: 'speed', stroke: SPEED_COLOUR, width: 1.5, points: { show: false } },
        { label: 'ignition', scale: 'ign', stroke: 'transparent', fill: IGNITION_FILL, paths: uPlot.paths.stepped?.({ align: 1 }), points: { show: false } },
      ],
    };
    const chart = new uPlot(opts, chartData(track, toUnit), el);
    const line = cursor.current;
    const over = chart.over;
    if (line) over.appendChild(line);
    const moveLine = (time: number) => {
      if (!line) return;
      line.style.transform = `translateX(${chart.valToPos(time / 1000, 'x')}px)`;
    };
    moveLine(clock.get());
    const off = clock.subscribe(moveLine);

    let dragging = false;
    const seek = (e: PointerEvent) => {
      const x = e.clientX - over.getBoundingClientRect().left;
      clock.set(chart.posToVal(Math.max(0, Math.min(over.clientWidth, x)), 'x') * 1000);
    };
    const down = (e: PointerEvent) => {
      dragging = true;
      over.setPointerCapture(e.pointerId);
      seek(e);
    };
    const move = (e: PointerEvent) => {
      if (dragging) seek(e);
    };
    const up = () => {
      dragging = false;
    };
    over.addEventListener('pointerdown', down);
    over.addEventListener('pointermove', move);
    over.addEventListener('pointerup', up);
    over.addEventListener('pointercancel', up);
    const resize = new ResizeObserver(() => {
      const width = Math.max(200, el.clientWidth);
      if (width !== chart.width) {
        chart.setSize({ width, height: CHART_HEIGHT });
        moveLine(clock.get());
      }
    });
    resize.observe(el);
    return () => {
      off();
      resize.disconnect();
      if (line) el.parentElement?.appendChild(line);
      chart.destroy();
    };
  }, [track, clock, timezone, toUnit, speedUnit]);

  return (
    <div className={classes.chartFrame} role="img" aria-label={label}>
      <div ref={host} className={classes.chart} data-replay-chart />
      <div ref={cursor} className={classes.cursor} data-replay-cursor aria-hidden />
      <div className={classes.chartKey} aria-hidden>
        <span><i style={{ background: SPEED_COLOUR }} className={classes.keyLine} /> {speedLabel}</span>
        <span><i style={{ background: IGNITION_FILL }} className={classes.keyBox} /> {ignitionLabel}</span>
      </div>
    </div>
  );
}
