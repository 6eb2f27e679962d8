import { describeIo, ioCatalogue, resolveIoMap } from '@fleet/protocols';
import {
  type ActivityAlert, activityAnswerSchema, activityQuerySchema, type ActivitySubject, type Checkin, dataAnswerSchema, dataQuerySchema,
  getDataPointAnswerSchema, getDataPointQuerySchema, type Segment, type TripEvent, tripEventsAnswerSchema, tripEventsBodySchema,
  tripsAnswerSchema, tripsQuerySchema, type UnitSystem, type VehicleTripTotals,
} from '@fleet/shared';
import type { FastifyReply } from 'fastify';
import zlib from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertText } from '../alerts/index.ts';
import { placeFinder } from '../places/index.ts';
import type { PoiRepository } from '../poi/index.ts';
import { callerOf } from '../../lib/caller.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { AccessRule } from '../../plugins/access.ts';
import { dayBounds, daysBounds, zoneOrFallback } from './day.ts';
import type { DriverRow, JourneysRepository, SegmentRow, VehicleRow } from './journeys.repository.ts';
import { dayTotals, segmentOut, spansByUnit, visitsOf, type Where } from './journeys-view.ts';

const tag = { tags: ['journeys'] };
/** Phones (spec 7): their positions are check-ins, not a track of trips. */
export const PHONE_UNIT_TYPE = 6;

const vehicleRow = { row: 'unit', field: 'query.v', within: 'caller sites', missing: 'vehicle' } as const;
const driverRow = { row: 'driver', field: 'query.driver', within: 'caller sites', missing: 'driver' } as const;
const SUBJECT: AccessRule = {
  who: 'operator', scope: [vehicleRow, driverRow],
  note: "Exactly one of v (a vehicle of the caller's sites) or driver (a driver of the caller's sites); the day is the site's.",
};

type Subject = { kind: 'vehicle'; vehicle: VehicleRow } | { kind: 'driver'; driver: DriverRow };

/**
 * A 1 Hz day is 4 to 5 MB of JSON, a month of a large site's trips tens of MB: compressed at the
 * fastest levels, which cost a tenth of the app's usual ones (brotli 4, gzip 6) for about 20 %
 * more bytes (docs/decisions.md, issue 12).
 */
const DATA_COMPRESSION = {
  threshold: 1024, encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }, zlibOptions: { level: 1 },
  syncThreshold: 256 * 1024,
};

const noPosition = () => new ApiError(404, 'No such position.');

/** A place finder that names each point once per answer (trips start where the one before ended). */
function memo(where: Where): Where {
  const known = new Map<string, string>();
  return (lat, lon) => {
    const key = `${lat},${lon}`;
    let text = known.get(key);
    if (text === undefined) known.set(key, (text = where(lat, lon)));
    return text;
  };
}

/** '12 min', '1 h 05 min'. */
function duration(s: number): string {
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${String(min % 60).padStart(2, '0')} min`;
}

/**
 * The journeys calls (issue 12): a day of a vehicle or a driver (activity), the positions behind
 * it (data), one position in full (getdatapoint), a trip's events (tripevents) and a site's trips
 * (trips). Days are the site's (sites.timezone), never the server's.
 */
export const journeysRoutes: FastifyPluginAsyncZod<{
  repo: JourneysRepository; places: PoiRepository; systemOfSite: (siteId: number) => Promise<UnitSystem>;
}> = async (app, { repo, places, systemOfSite }) => {
  /** Location text on each site, built once per answer. */
  function finders() {
    const bySite = new Map<number, Promise<Where>>();
    return (siteId: number): Promise<Where> => {
      let f = bySite.get(siteId);
      if (!f) {
        f = Promise.all([places.ofSite(siteId), systemOfSite(siteId)]).then(([list, system]) => placeFinder(list, system));
        bySite.set(siteId, f);
      }
      return f;
    };
  }

  async function subjectOf(siteIds: number[], q: { v?: number | undefined; driver?: number | undefined }): Promise<Subject> {
    if (q.v !== undefined) {
      const vehicle = await repo.vehicle(siteIds, q.v);
      if (!vehicle) throw notFound('vehicle');
      return { kind: 'vehicle', vehicle };
    }
    const driver = await repo.driver(siteIds, q.driver as number);
    if (!driver) throw notFound('driver');
    return { kind: 'driver', driver };
  }

  /** The subject's day: its site's zone and the day's bounds, and its segments overlapping the day. */
  async function dayOf(s: Subject, d: string) {
    const site = s.kind === 'vehicle' ? s.vehicle.site_id : s.driver.site_id;
    const timezone = zoneOrFallback(s.kind === 'vehicle' ? s.vehicle.timezone : s.driver.timezone);
    const { from, to } = dayBounds(d, timezone);
    const rows = s.kind === 'vehicle'
      ? await repo.segmentsOfUnit(s.vehicle.id, new Date(from), new Date(to))
      : await repo.segmentsOfDriver(s.driver.id, new Date(from), new Date(to));
    return { site, timezone, from, to, rows };
  }

  app.get('/activity', {
    schema: {
      ...tag, summary: "A day's trips, stops, alerts and geofence visits of a vehicle or a driver, with totals (days in the site's time zone)",
      querystring: activityQuerySchema, response: { 200: activityAnswerSchema },
    },
    config: { access: SUBJECT },
  }, async (request) => {
    const caller = callerOf(request);
    const { d } = request.query;
    const subject = await subjectOf(caller.siteIds, request.query);
    const { site, timezone, from, to, rows } = await dayOf(subject, d);
    const whereOn = finders();
    const segments: Segment[] = [];
    for (const r of rows) segments.push(segmentOut(r, await whereOn(r.site_id)));

    const dayFrom = new Date(from);
    const dayTo = new Date(to);
    const alertRows = subject.kind === 'vehicle'
      ? await repo.alertsOf([subject.vehicle.id], dayFrom, dayTo)
      : await (async () => {
        const spans = spansByUnit(rows, from, to);
        return repo.alertsOf([...spans.keys()], dayFrom, dayTo, spans);
      })();
    const alerts: ActivityAlert[] = alertRows.map((a) => ({
      aid: Number(a.id), kind: a.kind, time: a.happened_at.toISOString(), unitid: a.unit_id, registration: a.registration,
      text: alertText(a), lat: a.lat, lon: a.lon,
    }));
    const visits = visitsOf(alertRows.map((a) => ({
      kind: a.kind, event: a.event, unitid: a.unit_id, poiid: a.poi_id, poi: a.poi, time: a.happened_at.toISOString(),
    })));

    let checkins: Checkin[] = [];
    if (subject.kind === 'vehicle' && subject.vehicle.unit_type_id === PHONE_UNIT_TYPE) {
      const where = await whereOn(subject.vehicle.site_id);
      checkins = (await repo.checkins(subject.vehicle.id, dayFrom, dayTo))
        .map((p) => ({ time: p.device_time.toISOString(), lat: p.lat, lon: p.lon, loc: where(p.lat, p.lon) }));
    }
    const who: ActivitySubject = subject.kind === 'vehicle'
      ? { kind: 'vehicle', unitid: subject.vehicle.id, registration: subject.vehicle.registration, unittype: subject.vehicle.unit_type_id }
      : { kind: 'driver', driverid: subject.driver.id, name: subject.driver.name };
    return {
      ok: 1 as const, day: d, timezone, unitSystem: await systemOfSite(site),
      from: dayFrom.toISOString(), to: dayTo.toISOString(), subject: who,
      segments, alerts, visits, checkins, totals: dayTotals(segments, from, to),
    };
  });

  /** Sends JSON text made elsewhere (PostgreSQL built the tracks): no object per point, nor a second serialisation. */
  const sendJson = (reply: FastifyReply, text: string) => reply.type('application/json; charset=utf-8').send(text);

  app.get('/data', {
    compress: DATA_COMPRESSION,
    schema: {
      ...tag, summary: "The positions behind a vehicle's or a driver's day, columnar (compressed when the client accepts it)",
      querystring: dataQuerySchema, response: { 200: dataAnswerSchema },
    },
    config: { access: SUBJECT },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const { d } = request.query;
    const subject = await subjectOf(caller.siteIds, request.query);
    const timezone = zoneOrFallback(subject.kind === 'vehicle' ? subject.vehicle.timezone : subject.driver.timezone);
    const { from, to } = dayBounds(d, timezone);
    const dayFrom = new Date(from);
    const dayTo = new Date(to);
    const tracks: string[] = [];
    const track = (v: VehicleRow, points: string) =>
      `{"unitid":${v.id},"registration":${JSON.stringify(v.registration)},"unittype":${v.unit_type_id},"points":${points}}`;
    if (subject.kind === 'vehicle') {
      const v = subject.vehicle;
      tracks.push(track(v, (await repo.trackJson(v.id, dayFrom, dayTo, resolveIoMap(v.io_map).ignition)).json));
    } else {
      const spans = spansByUnit(await repo.segmentsOfDriver(subject.driver.id, dayFrom, dayTo), from, to);
      const vehicles = (await repo.vehiclesByIds([...spans.keys()])).sort((a, b) => a.registration.localeCompare(b.registration) || a.id - b.id);
      for (const v of vehicles) {
        tracks.push(track(v, (await repo.trackJson(v.id, dayFrom, dayTo, resolveIoMap(v.io_map).ignition, spans.get(v.id))).json));
      }
    }
    const head = { ok: 1, day: d, timezone, from: dayFrom.toISOString(), to: dayTo.toISOString() };
    return sendJson(reply, `${JSON.stringify(head).slice(0, -1)},"tracks":[${tracks.join(',')}]}`);
  });

  app.get('/getdatapoint', {
    schema: {
      ...tag, summary: 'One position of a vehicle with every IO value in words (dt: its device time, so one partition is read)',
      querystring: getDataPointQuerySchema, response: { 200: getDataPointAnswerSchema },
    },
    config: { access: { who: 'operator', scope: [vehicleRow], note: 'id must be a position of v at device time dt, else 404 "No such position."' } },
  }, async (request) => {
    const caller = callerOf(request);
    const { id, dt, v } = request.query;
    const vehicle = await repo.vehicle(caller.siteIds, v);
    if (!vehicle) throw notFound('vehicle');
    const p = await repo.position(vehicle.id, id, new Date(dt));
    if (!p) throw noPosition();
    const [where, system] = await Promise.all([finders()(vehicle.site_id), systemOfSite(vehicle.site_id)]);
    return {
      ok: 1 as const,
      point: {
        id: p.id, unitid: p.unit_id, registration: vehicle.registration, time: p.device_time.toISOString(), receivedAt: p.received_at.toISOString(),
        lat: p.lat, lon: p.lon, altitude: p.altitude, angle: p.angle, satellites: p.satellites, speed: p.speed, priority: p.priority,
        eventIo: p.event_io, protocol: p.protocol, implausible: p.implausible, loc: where(p.lat, p.lon),
        io: describeIo(p.io, resolveIoMap(vehicle.io_map), system, ioCatalogue(vehicle.io_catalogue)),
      },
    };
  });

  app.post('/tripevents', {
    schema: {
      ...tag, summary: "The events of a vehicle's trip (or any span up to 48 h): alerts, geofence enter / exit, ignition on / off, stops",
      body: tripEventsBodySchema, response: { 200: tripEventsAnswerSchema },
    },
    config: { access: { who: 'operator', scope: [{ ...vehicleRow, field: 'body.events.v' }] } },
  }, async (request) => {
    const caller = callerOf(request);
    const { v, from, to } = request.body.events;
    const vehicle = await repo.vehicle(caller.siteIds, v);
    if (!vehicle) throw notFound('vehicle');
    const a = new Date(from);
    const b = new Date(to);
    const ignitionIo = resolveIoMap(vehicle.io_map).ignition;
    const [alerts, ignitions, segments, where] = await Promise.all([
      repo.alertsOf([vehicle.id], a, new Date(b.getTime() + 1)),
      repo.ignitionChanges(vehicle.id, a, b, ignitionIo),
      repo.segmentsOfUnit(vehicle.id, a, new Date(b.getTime() + 1)),
      finders()(vehicle.site_id),
    ]);
    const events: TripEvent[] = [
      ...alerts.map((x): TripEvent => ({
        time: x.happened_at.toISOString(), kind: x.kind === 'geofence' && x.event !== 'movement' ? 'geofence' : 'alert',
        text: alertText(x), lat: x.lat, lon: x.lon, aid: Number(x.id),
      })),
      ...ignitions.map((x): TripEvent => ({
        time: x.device_time.toISOString(), kind: 'ignition', text: x.on ? 'Ignition on' : 'Ignition off', lat: x.lat, lon: x.lon,
      })),
      ...segments.filter((s: SegmentRow) => s.kind === 'stop' && s.start_time >= a && s.start_time <= b).map((s): TripEvent => ({
        time: s.start_time.toISOString(), kind: 'stop', lat: s.start_lat, lon: s.start_lon,
        text: `${s.open ? 'Stopped' : `Stopped ${duration((s.end_time.getTime() - s.start_time.getTime()) / 1000)}`} ${where(s.start_lat, s.start_lon).replace(/^At /, 'at ')}`,
      })),
    ];
    events.sort((x, y) => x.time.localeCompare(y.time));
    return { ok: 1 as const, events };
  });

  app.get('/trips', {
    compress: DATA_COMPRESSION,
    schema: {
      ...tag, summary: "The trips of a site's vehicles over at most 31 days (the site's time zone), with per-vehicle totals",
      querystring: tripsQuerySchema, response: { 200: tripsAnswerSchema },
    },
    config: { access: { who: 'operator', scope: [{ site: 'query.siteid' }, { ...vehicleRow }], note: 'v, when given, must be a vehicle of siteid.' } },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const { siteid, from, to, v } = request.query;
    if (v !== undefined && !(await repo.vehicle([siteid], v))) throw notFound('vehicle');
    const timezone = zoneOrFallback(await repo.siteZone(caller.siteIds, siteid));
    const span = daysBounds(from, to, timezone);
    const rows = await repo.tripsOfSite(siteid, v ?? null, new Date(span.from), new Date(span.to));
    const where = memo(await finders()(siteid));
    const totals = new Map<number, VehicleTripTotals>();
    const trips = rows.map((r) => {
      const x = totals.get(r.unit_id) ?? { unitid: r.unit_id, registration: r.registration, trips: 0, distanceM: 0, drivingS: 0, idleS: 0 };
      const t = segmentOut(r, where);
      x.trips += 1;
      x.distanceM += t.distanceM;
      x.drivingS += t.drivingS;
      x.idleS += t.idleS;
      totals.set(r.unit_id, x);
      return t;
    });
    const vehicles = [...totals.values()]
      .map((x) => ({ ...x, distanceM: Math.round(x.distanceM * 10) / 10 }))
      .sort((x, y) => x.registration.localeCompare(y.registration) || x.unitid - y.unitid);
    // A month of a large site is a big answer: one JSON.stringify, without the schema serialiser's pass over every trip.
    return sendJson(reply, JSON.stringify({ ok: 1, from: new Date(span.from).toISOString(), to: new Date(span.to).toISOString(), trips, vehicles }));
  });
};
