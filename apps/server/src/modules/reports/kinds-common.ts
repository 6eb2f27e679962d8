import type { ReportColumn, ReportColumnKind, ReportRow } from '@fleet/shared';
import type { KindContext, KindResult } from './produce.ts';

/** Helpers every report kind uses: columns, rounding, counted words, the loop's label, the per-subject chart. */
export const col = (key: string, label: string, kind: ReportColumnKind): ReportColumn => ({ key, label, kind });
export const round1 = (n: number) => Math.round(n * 10) / 10;
/** '1,234 trips', '1 trip'. */
export const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** The label of the loop's items: "Vehicle 3 of 40" or "Driver 3 of 40". */
export const subjectLabel = (ctx: KindContext) => () => (ctx.body.metric === 'driver' ? 'Driver' : 'Vehicle');

/** A bar per subject of one figure: the chart of the kinds whose table lists events. */
export function perSubject(xLabel: string, key: string, label: string, valueKind: ReportColumnKind, points: ReportRow[]): KindResult['chart'] {
  return { kind: 'bar', x: 'name', xLabel, series: [{ key, label }], points, valueKind };
}

