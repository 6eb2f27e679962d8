import { addDays, type ReportKind, type ReportRow, weekCommencingOf } from '@fleet/shared';
import { visitsOf } from '../journeys/index.ts';
import { ApiError } from '../../lib/errors.ts';
import { col, count, perSubject, subjectLabel } from './kinds-common.ts';
import type { KindContext, KindFn, Subject } from './produce.ts';
import type { ReportAlert } from './reports.repository.ts';

const DAY_MS = 86_400_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A subject's alerts in the range: a vehicle's all, a driver's those raised on a vehicle while
 * they were on it (inside one of their trips or stops, as the journeys' driver day reads them).
 */
async function alertsOf(ctx: KindContext, subject: Subject, kinds: string[] | null): Promise<ReportAlert[]> {
  const { repo } = ctx.deps;
  if (subject.by === 'unit_id') return repo.alerts([subject.id], kinds, ctx.from, ctx.to);
  const segs = await repo.segments('driver_id', subject.id, null, new Date(ctx.from.getTime() - DAY_MS), ctx.to);
  if (segs.length === 0) return [];
  const units = [...new Set(segs.map((s) => s.unit_id))];
  const alerts = await repo.alerts(units, kinds, ctx.from, ctx.to);
  return alerts.filter((a) => segs.some((s) => s.unit_id === a.unit_id && a.happened_at >= s.start_time && a.happened_at <= s.end_time));
}

const vehicle = (ctx: KindContext, unitId: number) => ctx.vehicleName.get(unitId) ?? `#${unitId}`;

const geofences: KindFn = async (ctx) => {
  const rows: ReportRow[] = [];
  const perPlace = new Map<string, number>();
  let total = 0;
  const lo = ctx.from.getTime();
  const hi = ctx.to.getTime();
  await ctx.each(ctx.subjects, subjectLabel(ctx), async (subject) => {
    const alerts = await alertsOf(ctx, subject, ['geofence']);
    const visits = visitsOf(alerts.map((a) => ({ kind: a.kind, event: a.event, unitid: a.unit_id, poiid: a.poi_id, poi: a.poi, time: a.happened_at.toISOString() })));
    for (const v of visits) {
      // A visit begun before the range or still going at its end counts its time inside the range.
      const a = v.enter ? Date.parse(v.enter) : lo;
      const b = v.exit ? Date.parse(v.exit) : Math.min(hi, Date.now());
      const durationS = Math.max(0, Math.round((b - a) / 1000));
      rows.push({ vehicle: vehicle(ctx, v.unitid), place: v.name, enter: v.enter, exit: v.exit, durationS });
      perPlace.set(v.name, (perPlace.get(v.name) ?? 0) + 1);
      total += durationS;
    }
  });
  rows.sort((x, y) => String(x.enter ?? x.exit).localeCompare(String(y.enter ?? y.exit)));
  return {
    headline: { label: `Geofence visits to ${count(perPlace.size, 'place')}`, value: rows.length, kind: 'number' },
    chart: perSubject('Place', 'visits', 'Visits', 'number', [...perPlace].map(([name, visits]) => ({ name, visits }))),
    columns: [col('vehicle', 'Vehicle', 'text'), col('place', 'Place', 'text'), col('enter', 'Entered', 'datetime'), col('exit', 'Left', 'datetime'), col('durationS', 'Stayed', 'duration')],
    rows,
    totals: { vehicle: `Total: ${count(rows.length, 'visit')}`, durationS: total },
  };
};

const KIND_TEXT: Record<string, string> = { panic: 'Panic', geofence: 'Geofence', spn: 'Fault code', runover: 'Run over', device: 'Device alarm' };

const alerts: KindFn = async (ctx) => {
  const rows: ReportRow[] = [];
  const perKind = new Map<string, number>();
  let open = 0;
  await ctx.each(ctx.subjects, subjectLabel(ctx), async (subject) => {
    for (const a of await alertsOf(ctx, subject, null)) {
      const kind = KIND_TEXT[a.kind] ?? a.kind;
      rows.push({ time: a.happened_at.toISOString(), vehicle: vehicle(ctx, a.unit_id), kind, event: a.event, place: a.poi, detail: a.detail, cleared: iso(a.cleared_at) });
      perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
      if (!a.cleared_at) open += 1;
    }
  });
  rows.sort((x, y) => String(x.time).localeCompare(String(y.time)));
  return {
    headline: { label: `Alerts (${open.toLocaleString('en-GB')} not cleared)`, value: rows.length, kind: 'number' },
    chart: perSubject('Alert', 'alerts', 'Alerts', 'number', [...perKind].map(([name, n]) => ({ name, alerts: n }))),
    columns: [
      col('time', 'Time', 'datetime'), col('vehicle', 'Vehicle', 'text'), col('kind', 'Alert', 'text'), col('event', 'Event', 'text'),
      col('place', 'Place', 'text'), col('detail', 'Detail', 'text'), col('cleared', 'Cleared', 'datetime'),
    ],
    rows,
    totals: { time: `Total: ${count(rows.length, 'alert')}` },
  };
};

/** A subject's filter for check lists and faults: its vehicle, or the check lists a driver did. */
const byWhom = (s: Subject) => (s.by === 'unit_id' ? { units: [s.id], driver: null } : { units: null, driver: s.id });

const checklists: KindFn = async (ctx) => {
  const rows: ReportRow[] = [];
  const points: ReportRow[] = [];
  let faults = 0;
  await ctx.each(ctx.subjects, subjectLabel(ctx), async (subject) => {
    const { units, driver } = byWhom(subject);
    const list = await ctx.deps.repo.checklists(ctx.site.id, units, driver, ctx.from, ctx.to);
    for (const c of list) {
      rows.push({ time: c.reported_at.toISOString(), vehicle: vehicle(ctx, c.unit_id), by: c.driver ?? c.operator, faults: c.issue_count, mileage: c.mileage });
      faults += c.issue_count;
    }
    points.push({ name: subject.name, checklists: list.length, faults: list.reduce((s, c) => s + c.issue_count, 0) });
  });
  rows.sort((x, y) => String(x.time).localeCompare(String(y.time)));
  return {
    headline: { label: `Check lists completed (${count(faults, 'fault')} found)`, value: rows.length, kind: 'number' },
    chart: { kind: 'bar', x: 'name', xLabel: subjectLabel(ctx)(), series: [{ key: 'checklists', label: 'Check lists' }, { key: 'faults', label: 'Faults' }], points, valueKind: 'number' },
    columns: [col('time', 'Completed', 'datetime'), col('vehicle', 'Vehicle', 'text'), col('by', 'By', 'text'), col('faults', 'Faults', 'number'), col('mileage', 'Mileage (as entered)', 'number')],
    rows,
    totals: { time: `Total: ${count(rows.length, 'check list')}`, faults },
  };
};

const faults: KindFn = async (ctx) => {
  const rows: ReportRow[] = [];
  const points: ReportRow[] = [];
  let open = 0;
  const now = Date.now();
  await ctx.each(ctx.subjects, subjectLabel(ctx), async (subject) => {
    const { units, driver } = byWhom(subject);
    const list = await ctx.deps.repo.faults(ctx.site.id, units, driver, ctx.from, ctx.to);
    for (const f of list) {
      const end = f.dealt_at ? f.dealt_at.getTime() : now;
      rows.push({
        reported: f.created_at.toISOString(), vehicle: vehicle(ctx, f.unit_id), item: f.item, note: f.note, dealt: iso(f.dealt_at),
        openS: Math.max(0, Math.round((end - f.created_at.getTime()) / 1000)),
      });
      if (!f.dealt_at) open += 1;
    }
    points.push({ name: subject.name, faults: list.length });
  });
  rows.sort((x, y) => String(x.reported).localeCompare(String(y.reported)));
  return {
    headline: { label: `Faults still open (of ${count(rows.length, 'fault')} reported)`, value: open, kind: 'number' },
    chart: perSubject(subjectLabel(ctx)(), 'faults', 'Faults', 'number', points),
    columns: [
      col('reported', 'Reported', 'datetime'), col('vehicle', 'Vehicle', 'text'), col('item', 'Item', 'text'), col('note', 'Note', 'text'),
      col('dealt', 'Dealt with', 'datetime'), col('openS', 'Open for', 'duration'),
    ],
    rows,
    totals: { reported: `Total: ${count(rows.length, 'fault')}`, dealt: `${open.toLocaleString('en-GB')} open` },
  };
};

/** The Mondays of the weeks the range touches. */
function weeksOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let wc = weekCommencingOf(from); wc <= to; wc = addDays(wc, 7)) out.push(wc);
  return out;
}

const timesheets: KindFn = async (ctx) => {
  const weekOfSite = ctx.deps.weekOfSite;
  if (!weekOfSite) throw new ApiError(503, 'Timesheets are not available on this server.');
  const wanted = ctx.body.metric === 'driver' ? new Set(ctx.subjects.map((s) => s.id)) : null;
  const rows: ReportRow[] = [];
  const perDriver = new Map<string, number>();
  const sums = { shifts: 0, workedS: 0, drivingS: 0, overtimeS: 0, nightS: 0, corrections: 0 };
  await ctx.each(weeksOf(ctx.body.record.from, ctx.body.record.to), () => 'Week', async (wc) => {
    for (const e of await weekOfSite(ctx.site.id, wc)) {
      if (wanted && !wanted.has(e.driver.id)) continue;
      rows.push({
        wc, driver: e.driver.name, shifts: e.shifts, workedS: e.workedS, drivingS: e.drivingS, overtimeS: e.overtimeS, nightS: e.nightS,
        corrections: e.corrections, signedOff: e.lockedAt,
      });
      perDriver.set(e.driver.name, (perDriver.get(e.driver.name) ?? 0) + e.workedS);
      for (const k of Object.keys(sums) as Array<keyof typeof sums>) sums[k] += e[k];
    }
  });
  return {
    headline: { label: `Hours worked by ${count(perDriver.size, 'driver')}`, value: sums.workedS, kind: 'duration' },
    chart: perSubject('Driver', 'workedS', 'Worked', 'duration', [...perDriver].map(([name, workedS]) => ({ name, workedS }))),
    columns: [
      col('wc', 'Week commencing', 'date'), col('driver', 'Driver', 'text'), col('shifts', 'Shifts', 'number'), col('workedS', 'Worked', 'duration'),
      col('drivingS', 'Driving', 'duration'), col('overtimeS', 'Overtime', 'duration'), col('nightS', 'Night', 'duration'),
      col('corrections', 'Corrections', 'number'), col('signedOff', 'Signed off', 'datetime'),
    ],
    rows,
    totals: { wc: 'Total', ...sums },
  };
};

export const EVENT_KINDS: Pick<Record<ReportKind, KindFn>, 'geofences' | 'alerts' | 'checklists' | 'faults' | 'timesheets'> = {
  geofences, alerts, checklists, faults, timesheets,
};
