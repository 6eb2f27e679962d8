import {
  REPORT_KINDS, type ReportKind, type ReportResult, type RunReportBody, type TimesheetListEntry, type UnitSystem, unitSystemOf,
} from '@fleet/shared';
import { daysBounds, zoneOrFallback } from '../journeys/index.ts';
import { placeFinder } from '../places/index.ts';
import type { PoiRepository } from '../poi/index.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { CATALOGUE } from './catalogue.ts';
import { DRIVING_KINDS } from './kinds-driving.ts';
import { EVENT_KINDS } from './kinds-events.ts';
import { TIME_KINDS } from './kinds-time.ts';
import type { ReportGroup, ReportsRepository, ReportSite, ReportVehicle } from './reports.repository.ts';

/** What a run is asked to stop with (cancelreport, a server stopping). */
export class ReportCancelled extends Error {
  constructor(message = 'Cancelled.') {
    super(message);
  }
}

/** One thing a report works through in turn (a vehicle, a driver): progress counts them, cancel stops between them. */
export interface Subject { by: 'unit_id' | 'driver_id'; id: number; name: string }

export interface ProduceOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, text: string) => void;
  tracksec?: boolean;
}

/** What the kinds read: the repository, the site's places and, for the timesheet summary, the timesheets door. */
export interface ProduceDeps {
  repo: ReportsRepository;
  places: PoiRepository;
  weekOfSite?: (siteId: number, wc: string) => Promise<TimesheetListEntry[]>;
}

/** Everything a kind needs: the site, the range as instants, whom it is about, and the loop with progress and cancel. */
export interface KindContext {
  deps: ProduceDeps;
  site: ReportSite;
  timezone: string;
  system: UnitSystem;
  body: RunReportBody;
  from: Date;
  to: Date;
  /** The vehicles or drivers worked through, in order. */
  subjects: Subject[];
  /** Every vehicle of the site by id (a driver's trips name theirs). */
  vehicleName: Map<number, string>;
  /** The groups asked for (metric 'group'), with their vehicles. */
  groups: ReportGroup[];
  where: (lat: number, lon: number) => string;
  /** Calls `fn` for each item in turn, reporting "Vehicle 3 of 40" before each and stopping at a cancel. */
  each<T>(items: readonly T[], label: (item: T) => string, fn: (item: T, index: number) => Promise<void>): Promise<void>;
}

/** The part of a result a kind makes; produce() adds the title, subtitle, zone and units. */
export type KindResult = Omit<ReportResult, 'title' | 'subtitle' | 'timezone' | 'unitSystem' | 'period'>;
export type KindFn = (ctx: KindContext) => Promise<KindResult>;

const KINDS: Record<ReportKind, KindFn> = { ...DRIVING_KINDS, ...TIME_KINDS, ...EVENT_KINDS };
if (REPORT_KINDS.some((k) => !KINDS[k])) throw new Error('reports: a report kind has no producer');

const unique = (ids: number[]) => [...new Set(ids)];

/** Checks that every asked id was found on the site (another site's id reads as missing: 404). */
function allFound(asked: number[], found: number, what: string): void {
  if (found < unique(asked).length) throw notFound(what);
}

async function subjectsOf(repo: ReportsRepository, siteId: number, body: RunReportBody) {
  const src = body.src.length > 0 ? unique(body.src) : null;
  let groups: ReportGroup[] = [];
  let vehicles: ReportVehicle[];
  if (body.metric === 'site' && src) throw badRequest('A report per site takes no src: leave it empty (the site is the current one).');
  if (body.metric === 'driver') {
    const drivers = await repo.drivers(siteId, src);
    if (src) allFound(src, drivers.length, 'driver');
    return { groups, subjects: drivers.map((d): Subject => ({ by: 'driver_id', id: d.id, name: d.name })) };
  }
  if (body.metric === 'group') {
    groups = await repo.groups(siteId, src);
    if (src) allFound(src, groups.length, 'group');
    vehicles = await repo.vehicles(siteId, unique(groups.flatMap((g) => g.unitIds)));
  } else {
    vehicles = await repo.vehicles(siteId, body.metric === 'vehicle' ? src : null);
    if (src) allFound(src, vehicles.length, 'vehicle');
  }
  return { groups, subjects: vehicles.map((v): Subject => ({ by: 'unit_id', id: v.id, name: v.registration })) };
}

function filtersText(body: RunReportBody, ctx: Pick<KindContext, 'subjects' | 'groups'>): string {
  const names = (list: string[]) => (list.length <= 5 ? list.join(', ') : `${list.slice(0, 5).join(', ')} and ${list.length - 5} more`);
  if (body.metric === 'site') return 'All vehicles';
  if (body.metric === 'group') return body.src.length === 0 ? 'All groups' : `Groups: ${names(ctx.groups.map((g) => g.name))}`;
  const what = body.metric === 'driver' ? 'drivers' : 'vehicles';
  if (body.src.length === 0) return `All ${what}`;
  return `${what[0]!.toUpperCase()}${what.slice(1)}: ${names(ctx.subjects.map((s) => s.name))}`;
}

/** Checks a request before it runs: the kind's gate and groupings, and that every src id is the site's (else 404). */
export async function prepare(repo: ReportsRepository, siteId: number, body: RunReportBody, tracksec: boolean) {
  const info = CATALOGUE[body.what];
  if (info.tracksec && !tracksec) throw forbidden('Only users with Tracksec may do this.');
  if (!info.metrics.includes(body.metric)) {
    throw badRequest(`The ${info.name} report is made per ${info.metrics.join(' or ')}, not per ${body.metric}.`);
  }
  const site = await repo.site(siteId);
  if (!site) throw notFound('site');
  return { info, site, ...(await subjectsOf(repo, siteId, body)) };
}

/**
 * Makes one report (the door's produce): checks the request against the catalogue and the site
 * (prepare: 404 for an id that is not the site's, 400 for a grouping the kind does not take), then
 * runs the kind over its subjects, reporting progress and stopping at a cancel between two of them.
 */
export async function produce(deps: ProduceDeps, siteId: number, body: RunReportBody, opts: ProduceOptions = {}): Promise<ReportResult> {
  const { info, site, subjects, groups } = await prepare(deps.repo, siteId, body, opts.tracksec ?? false);
  const timezone = zoneOrFallback(site.timezone);
  const system = unitSystemOf(site.unit_system);
  const { from, to } = daysBounds(body.record.from, body.record.to, timezone);
  const vehicleName = new Map((await deps.repo.vehicles(siteId, null)).map((v) => [v.id, v.registration]));
  const where = placeFinder(await deps.places.ofSite(siteId), system);
  const named = new Map<string, string>();
  const check = () => {
    if (opts.signal?.aborted) throw new ReportCancelled(typeof opts.signal.reason === 'string' ? opts.signal.reason : 'Cancelled.');
  };
  const ctx: KindContext = {
    deps, site, timezone, system, body, from: new Date(from), to: new Date(to), subjects, groups, vehicleName,
    where: (lat, lon) => {
      const key = `${lat},${lon}`;
      let text = named.get(key);
      if (text === undefined) named.set(key, (text = where(lat, lon)));
      return text;
    },
    async each(items, label, fn) {
      for (let i = 0; i < items.length; i++) {
        check();
        const item = items[i] as (typeof items)[number];
        opts.onProgress?.(i, items.length, `${label(item)} ${i + 1} of ${items.length}`);
        await fn(item, i);
      }
      check();
      opts.onProgress?.(items.length, items.length, 'Finishing');
    },
  };
  check();
  const part = await KINDS[body.what](ctx);
  const range = body.record.from === body.record.to ? body.record.from : `${body.record.from} to ${body.record.to}`;
  const units = system === 'imperial' ? 'miles and mph' : 'kilometres and km/h';
  return {
    title: `${info.name} report`,
    subtitle: `${site.name} · ${range} · ${filtersText(body, ctx)} · times in ${timezone} · ${units}`,
    timezone, unitSystem: system, period: { from: body.record.from, to: body.record.to }, ...part,
  };
}
