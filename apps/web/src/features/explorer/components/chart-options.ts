import type { IoSeries } from '@fleet/shared';
import uPlot from 'uplot';

// Dark enough on white for graphical objects (WCAG 1.4.11, 3:1), told apart from each other.
export const COLOURS = ['#1864ab', '#e8590c', '#2b8a3e', '#862e9c', '#c92a2a', '#0b7285', '#5f3dc4', '#5c940d'];
export const colourOf = (i: number) => COLOURS[i % COLOURS.length] ?? '#1864ab';

export const labelOf = (s: Pick<IoSeries, 'name' | 'unit'>) => (s.unit ? `${s.name} (${s.unit})` : s.name);

/** The series on one time axis: times joined, a series without a value at a time has a gap that the line spans. */
export function alignedData(series: readonly IoSeries[]): uPlot.AlignedData {
  if (series.length === 0) return [[]];
  return uPlot.join(series.map((s) => [s.t, s.v] as uPlot.AlignedData));
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, kind: 'time' | 'dayTime' | 'date'): Intl.DateTimeFormat {
  const key = `${timeZone}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions = kind === 'time' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : kind === 'dayTime' ? { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : { day: 'numeric', month: 'short' };
    formats.set(key, (f = new Intl.DateTimeFormat('en-GB', { ...opts, timeZone })));
  }
  return f;
}

/** Tick labels on the site's clock, 24 hour: times within a day, day and time within a week, dates beyond. */
function timeTicks(splits: number[], x: uPlot.Scale | undefined, timeZone: string): string[] {
  const span = (x?.max ?? 0) - (x?.min ?? 0);
  const kind = span <= 86_400_000 ? 'time' : span <= 7 * 86_400_000 ? 'dayTime' : 'date';
  return splits.map((ms) => format(timeZone, kind).format(ms));
}

/**
 * One time axis in ms on the site's clock; each series its own scale and colour (the first two with
 * an axis, left and right; more share the plot without one: the legend reads their values).
 */
export function chartOptions(
  series: readonly IoSeries[], width: number, height: number, timeZone: string, dragSelect: boolean,
  /** True while a pan is under way: the value scales stay as they were (no range or axis work each frame). */
  panning: () => boolean = () => false,
): uPlot.Options {
  return {
    width,
    height,
    ms: 1,
    tzDate: (ts) => uPlot.tzDate(new Date(ts), timeZone),
    cursor: { drag: { x: dragSelect, y: false, setScale: false }, points: { size: 5 } },
    scales: { x: { time: true, auto: false }, ...Object.fromEntries(series.map((_s, i) => [`y${i}`, { auto: () => !panning() }])) },
    axes: [
      { stroke: '#495057', grid: { stroke: '#e9ecef' }, ticks: { stroke: '#dee2e6' }, values: (u, splits) => timeTicks(splits, u.scales.x, timeZone) },
      ...series.map((s, i) => ({
        scale: `y${i}`,
        side: i === 1 ? 1 : 3,
        show: i < 2,
        stroke: colourOf(i),
        grid: { show: i === 0, stroke: '#e9ecef' },
        ticks: { stroke: '#dee2e6' },
        size: 56,
      })),
    ],
    // 1 px lines: Skia draws them as hairlines; a wider stroke of a dense min-max zigzag (a join at
    // every vertex) cost most of each pan frame in a software canvas (docs/decisions.md, issue 16).
    series: [
      { label: 'Time' },
      ...series.map((s, i) => ({ label: labelOf(s), scale: `y${i}`, stroke: colourOf(i), width: 1, spanGaps: true, points: { show: false } })),
    ],
  };
}
