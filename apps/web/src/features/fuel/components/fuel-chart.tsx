import type { FuelEvent } from '@fleet/shared';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import classes from './fuel.module.css';

const LINE = '#1864ab';
// Dark enough on white for graphical objects (WCAG 1.4.11), told apart by shape too: ▲ refuel, ▼ drop.
export const REFUEL_COLOUR = '#2b8a3e';
export const DROP_COLOUR = '#c92a2a';
const HEIGHT = 260;

interface FuelChartProps {
  t: number[];
  level: number[];
  unit: 'l' | '%';
  events: FuelEvent[];
  timeZone: string;
  /** The accessible name: what the chart shows; the events table holds its figures. */
  label: string;
  tableId: string;
}

/** Marks each event: a line where it started and a triangle (▲ refuel, ▼ drop) at the top. */
function markers(events: FuelEvent[]): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const ctx = u.ctx;
        const top = u.bbox.top;
        const bottom = top + u.bbox.height;
        for (const e of events) {
          const x = Math.round(u.valToPos(Date.parse(e.start) / 1000, 'x', true));
          if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) continue;
          const colour = e.kind === 'refuel' ? REFUEL_COLOUR : DROP_COLOUR;
          const s = 7 * devicePixelRatio;
          ctx.save();
          ctx.strokeStyle = colour;
          ctx.fillStyle = colour;
          ctx.lineWidth = 2 * devicePixelRatio;
          ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
          ctx.beginPath();
          ctx.moveTo(x, top);
          ctx.lineTo(x, bottom);
          ctx.stroke();
          ctx.setLineDash([]);
          ctx.beginPath();
          if (e.kind === 'refuel') {
            ctx.moveTo(x, top);
            ctx.lineTo(x - s, top + s * 1.6);
            ctx.lineTo(x + s, top + s * 1.6);
          } else {
            ctx.moveTo(x - s, top);
            ctx.lineTo(x + s, top);
            ctx.lineTo(x, top + s * 1.6);
          }
          ctx.closePath();
          ctx.fill();
          ctx.restore();
        }
      },
    },
  };
}

/** Axis times in the site's zone, 24-hour: 'HH:mm' over a day or so, '24 Nov' over longer ranges. */
function timeLabels(props: FuelChartProps): uPlot.Axis.DynamicValues {
  const span = (props.t[props.t.length - 1] ?? 0) - (props.t[0] ?? 0);
  const format = new Intl.DateTimeFormat('en-GB', span > 36 * 3_600_000
    ? { timeZone: props.timeZone, day: 'numeric', month: 'short' }
    : { timeZone: props.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (_u, splits) => splits.map((s) => format.format(new Date(s * 1000)));
}

function options(width: number, props: FuelChartProps): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), props.timeZone),
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(10, max * 1.1)] } },
    axes: [
      { stroke: '#495057', grid: { stroke: '#e9ecef' }, ticks: { stroke: '#dee2e6' }, values: timeLabels(props) },
      { stroke: '#495057', label: props.unit === 'l' ? 'litres' : '%', labelSize: 18, size: 52, grid: { stroke: '#e9ecef' }, ticks: { stroke: '#dee2e6' } },
    ],
    series: [{}, { label: 'Fuel level', stroke: LINE, width: 2, points: { show: false } }],
    plugins: [markers(props.events)],
  };
}

/** The fuel level over the range (uPlot, one canvas) with the refuels and drops marked. */
export function FuelChart(props: FuelChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const data: uPlot.AlignedData = [props.t.map((ms) => ms / 1000), props.level];
    const chart = new uPlot(options(Math.max(240, el.clientWidth), props), data, el);
    const resize = new ResizeObserver(() => {
      const width = Math.max(240, el.clientWidth);
      if (Math.abs(width - chart.width) > 1) chart.setSize({ width, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [props]);

  return <div ref={host} className={classes.chart} role="img" aria-label={props.label} aria-describedby={props.tableId} data-fuel-chart={props.t.length} />;
}
