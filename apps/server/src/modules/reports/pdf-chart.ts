import type { ReportCell, ReportColumn, ReportResult } from '@fleet/shared';
import type { BrandedPdf } from '../../lib/pdf/branded-pdf.ts';
import type { Formatter } from './format.ts';

const HEIGHT = 110;
const LABELS = 22;
/** Bars drawn at most: a fleet's vehicles are shown as its top 20, days all (a quarter's 93 fit). */
const TOP = 20;

const num = (v: ReportCell) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * The report's chart on paper: bars of its first series over its points (grey, like the rest of
 * the letterhead), days in order, anything else its top 20 by value; values over the bars when
 * they fit, labels under them.
 */
export function drawBars(pdf: BrandedPdf, chart: NonNullable<ReportResult['chart']>, f: Formatter): void {
  const series = chart.series[0];
  const points = chart.points ?? [];
  if (!series || points.length < 2) return;
  const byDay = chart.x === 'day';
  const list = byDay ? points : [...points].sort((a, b) => num(b[series.key] ?? null) - num(a[series.key] ?? null)).slice(0, TOP);
  const valueCol: ReportColumn = { key: series.key, label: series.label, kind: chart.valueKind ?? 'number' };
  const value = (p: Record<string, ReportCell>) => num(f.number(valueCol, p[series.key] ?? null) ?? p[series.key] ?? null);
  const max = Math.max(0, ...list.map(value));
  if (max <= 0) return;
  const what = (chart.xLabel ?? 'item').toLowerCase();
  pdf.heading(`${f.header(valueCol)} by ${what}${list.length < points.length ? ` (the top ${list.length} of ${points.length})` : ''}`);
  pdf.ensure(HEIGHT + LABELS);
  const { doc } = pdf;
  const x0 = doc.page.margins.left;
  const width = pdf.width();
  const y0 = doc.y;
  const slot = width / list.length;
  const barW = Math.max(1, slot * 0.7);
  const every = Math.max(1, Math.ceil(list.length / 16));
  doc.save();
  list.forEach((p, i) => {
    const h = (value(p) / max) * (HEIGHT - 12);
    const x = x0 + i * slot;
    doc.rect(x + (slot - barW) / 2, y0 + HEIGHT - h, barW, h).fill('#777777');
    doc.font('Helvetica').fontSize(6).fillColor('black');
    if (list.length <= TOP) doc.text(f.text(valueCol, p[series.key] ?? null), x, y0 + HEIGHT - h - 8, { width: slot, align: 'center', lineBreak: false });
    if (i % every === 0) {
      const label = String(p[chart.x] ?? '');
      doc.text(byDay ? label.slice(5) : label, x, y0 + HEIGHT + 3, { width: slot * every, height: 8, align: every > 1 ? 'left' : 'center', lineBreak: false, ellipsis: true });
    }
  });
  doc.moveTo(x0, y0 + HEIGHT).lineTo(x0 + width, y0 + HEIGHT).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.restore();
  doc.x = x0;
  doc.y = y0 + HEIGHT + LABELS;
}
