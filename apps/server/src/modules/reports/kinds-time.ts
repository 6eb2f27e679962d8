import { addDays, DEFAULT_WORKING_HOURS, type ReportKind, type ReportRow, workingHoursSchema } from '@fleet/shared';
import { dayBounds } from '../journeys/index.ts';
import { col, count, round1, subjectLabel } from './kinds-common.ts';
import type { KindContext, KindFn } from './produce.ts';
import type { ReportSegment } from './reports.repository.ts';

const DAY_MS = 86_400_000;
/** 1 Monday … 7 Sunday. */
const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
const hhmmMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The range's days with their bounds in the site's zone. */
function daysOf(ctx: KindContext): Array<{ day: string; from: number; to: number }> {
  const out: Array<{ day: string; from: number; to: number }> = [];
  for (let d = ctx.body.record.from; d <= ctx.body.record.to; d = addDays(d, 1)) out.push({ day: d, ...dayBounds(d, ctx.timezone) });
  return out;
}

/** The share of a segment inside [a, b), in proportion to time (nothing finer is kept per segment). */
function shareIn(s: ReportSegment, a: number, b: number): number {
  const start = s.start_time.getTime();
  const end = s.end_time.getTime();
  const lo = Math.max(start, a);
  const hi = Math.min(end, b);
  if (end <= start) return start >= a && start < b ? 1 : 0;
  return hi > lo ? (hi - lo) / (end - start) : 0;
}

/** Segments overlapping the range: those starting in it and the day before (a trip over midnight counts its share). */
const overlapping = (ctx: KindContext, by: 'unit_id' | 'driver_id', id: number, kind: 'trip' | null) =>
  ctx.deps.repo.segments(by, id, kind, new Date(ctx.from.getTime() - DAY_MS), ctx.to);

const mileage: KindFn = async (ctx) => {
  const days = daysOf(ctx);
  const rows: ReportRow[] = [];
  const perDay = new Map(days.map((d) => [d.day, { distanceM: 0, trips: 0 }]));
  await ctx.each(ctx.subjects, subjectLabel(ctx), async (subject) => {
    const segs = await overlapping(ctx, subject.by, subject.id, 'trip');
    for (const d of days) {
      let distance = 0; let driving = 0; let trips = 0;
      for (const s of segs) {
        const share = shareIn(s, d.from, d.to);
        if (share === 0) continue;
        distance += s.distance_m * share; driving += s.driving_s * share;
        const start = s.start_time.getTime();
        if (start >= d.from && start < d.to) trips += 1;
      }
      rows.push({ day: d.day, name: subject.name, trips, distanceM: round1(distance), drivingS: Math.round(driving) });
      const sum = perDay.get(d.day)!;
      sum.distanceM += distance; sum.trips += trips;
    }
  });
  rows.sort((a, b) => String(a.day).localeCompare(String(b.day)));
  const total = [...perDay.values()].reduce((s, d) => s + d.distanceM, 0);
  const trips = [...perDay.values()].reduce((s, d) => s + d.trips, 0);
  const driving = rows.reduce((s, r) => s + (r.drivingS as number), 0);
  const who = ctx.body.metric === 'driver' ? 'Driver' : 'Vehicle';
  return {
    headline: { label: `Distance over ${count(days.length, 'day')}`, value: round1(total), kind: 'distance' },
    chart: {
      kind: days.length > 14 ? 'line' : 'bar', x: 'day', xLabel: 'Day', series: [{ key: 'distanceM', label: 'Distance' }], valueKind: 'distance',
      points: days.map((d) => ({ day: d.day, distanceM: round1(perDay.get(d.day)!.distanceM) })),
    },
    columns: [col('day', 'Day', 'date'), col('name', who, 'text'), col('trips', 'Trips', 'number'), col('distanceM', 'Distance', 'distance'), col('drivingS', 'Driving', 'duration')],
    rows,
    totals: { day: 'Total', trips, distanceM: round1(total), drivingS: driving },
  };
};

interface Use { distance: number; driving: number; idle: number; days: Set<string> }

/** Seconds of working time in the range for one vehicle: the site's working days times their hours. */
function workingSeconds(ctx: KindContext): number {
  const parsed = workingHoursSchema.safeParse(ctx.site.working_hours);
  const wh = parsed.success ? parsed.data : DEFAULT_WORKING_HOURS;
  let minutes = hhmmMinutes(wh.end) - hhmmMinutes(wh.start);
  if (minutes <= 0) minutes += 24 * 60;
  return daysOf(ctx).filter((d) => wh.days.includes(isoWeekday(d.day))).length * minutes * 60;
}

const utilisation: KindFn = async (ctx) => {
  const days = daysOf(ctx);
  const uses = new Map<number, Use>();
  await ctx.each(ctx.subjects, subjectLabel(ctx), async (subject) => {
    const use: Use = { distance: 0, driving: 0, idle: 0, days: new Set() };
    const segs = await overlapping(ctx, subject.by, subject.id, null);
    for (const s of segs) {
      const share = shareIn(s, ctx.from.getTime(), ctx.to.getTime());
      if (share === 0) continue;
      use.idle += s.idle_s * share;
      if (s.kind !== 'trip') continue;
      use.distance += s.distance_m * share; use.driving += s.driving_s * share;
      for (const d of days) if (shareIn(s, d.from, d.to) > 0) use.days.add(d.day);
    }
    uses.set(subject.id, use);
  });
  const available = workingSeconds(ctx);
  const rowOf = (name: string, members: Use[], vehicles: number): ReportRow => {
    const sum = (f: (u: Use) => number) => members.reduce((s, u) => s + f(u), 0);
    const engine = sum((u) => u.driving + u.idle);
    const avail = available * vehicles;
    return {
      name, vehicles, daysUsed: sum((u) => u.days.size), distanceM: round1(sum((u) => u.distance)), drivingS: Math.round(sum((u) => u.driving)),
      idleS: Math.round(sum((u) => u.idle)), engineS: Math.round(engine), availableS: avail, percent: avail > 0 ? round1((engine / avail) * 100) : null,
    };
  };
  const rows = ctx.body.metric === 'group'
    ? ctx.groups.map((g) => rowOf(g.name, g.unitIds.map((id) => uses.get(id)).filter((u): u is Use => !!u), g.unitIds.length))
    : ctx.subjects.map((s) => rowOf(s.name, [uses.get(s.id)!], 1));
  const all = rowOf('Total', [...uses.values()], uses.size);
  const who = ctx.body.metric === 'driver' ? 'Driver' : ctx.body.metric === 'group' ? 'Group' : 'Vehicle';
  return {
    headline: { label: 'Engine-on time against working hours', value: all.percent ?? 0, kind: 'percent' },
    chart: { kind: 'bar', x: 'name', xLabel: who, series: [{ key: 'percent', label: 'Utilisation' }], valueKind: 'percent' },
    columns: [
      col('name', who, 'text'), ...(ctx.body.metric === 'group' ? [col('vehicles', 'Vehicles', 'number')] : []),
      col('daysUsed', ctx.body.metric === 'group' ? 'Vehicle days used' : 'Days used', 'number'), col('distanceM', 'Distance', 'distance'),
      col('drivingS', 'Driving', 'duration'), col('idleS', 'Idling', 'duration'), col('engineS', 'Engine on', 'duration'),
      col('availableS', 'Working hours', 'duration'), col('percent', 'Utilisation', 'percent'),
    ],
    rows,
    totals: all,
  };
};

export const TIME_KINDS: Pick<Record<ReportKind, KindFn>, 'mileage' | 'utilisation'> = { mileage, utilisation };
