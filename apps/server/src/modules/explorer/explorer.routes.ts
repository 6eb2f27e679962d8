import { describeIo, ioCatalogue, resolveIoMap } from '@fleet/protocols';
import {
  dataRecordsAnswerSchema, dataRecordsCsvQuerySchema, dataRecordsQuerySchema, fmsReportsAnswerSchema, fmsReportsQuerySchema,
  ioSeriesAnswerSchema, ioSeriesQuerySchema, type UnitSystem,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { notFound } from '../../lib/errors.ts';
import type { AccessRule } from '../../plugins/access.ts';
import { csvField } from '../reports/index.ts';
import type { ExplorerRepository, ExplorerVehicle, RecordRow } from './explorer.repository.ts';
import { reportsOf, seriesOf } from './explorer.service.ts';

const tag = { tags: ['explorer'] };
/** Every signed-in user (viewers too) reads the vehicles of their sites; another's reads as missing. */
const READ: AccessRule = { who: 'session', scope: [{ unit: 'query.uid' }] };

/** A record's IO values in words (describeIo: the unit type's roles, the site's units). */
function recordOut(r: RecordRow, v: ExplorerVehicle, system: UnitSystem) {
  const io = describeIo(r.io, resolveIoMap(v.io_map), system, ioCatalogue(v.io_catalogue)).map((d) => ({ id: d.id, name: d.name, text: d.text }));
  return { id: r.id, time: r.t.toISOString(), lat: r.lat, lon: r.lon, speed: r.speed, implausible: r.implausible, io };
}

/**
 * The explorer's calls (issue 16, fmsv2explorer/{uid}): the IO values a vehicle reports
 * (getfmsv2reports), any of them over a range as a downsampled chart (getioseries), the raw records
 * a page at a time (getdatarecords) and as a CSV file (getdatarecordscsv). One position in full is
 * journeys' getdatapoint.
 */
export const explorerRoutes: FastifyPluginAsyncZod<{ repo: ExplorerRepository; systemOfSite: (siteId: number) => Promise<UnitSystem> }> = async (app, { repo, systemOfSite }) => {
  async function vehicleOf(uid: number): Promise<ExplorerVehicle> {
    const v = await repo.vehicle(uid);
    if (!v) throw notFound('unit');
    return v;
  }

  app.get('/getfmsv2reports', {
    schema: { ...tag, summary: 'The IO values a vehicle has reported, with their names and units', querystring: fmsReportsQuerySchema, response: { 200: fmsReportsAnswerSchema } },
    config: { access: READ },
  }, async (request) => {
    const v = await vehicleOf(request.query.uid);
    const r = await reportsOf(repo, v);
    return { ok: 1 as const, uid: v.id, registration: v.registration, first: r.first?.toISOString() ?? null, last: r.last?.toISOString() ?? null, io: r.io };
  });

  app.get('/getioseries', {
    schema: {
      ...tag, summary: 'IO values of a vehicle over a range for a chart: at most two points (min and max) per pixel column, from the positions (up to 3 days) or the 10-minute roll-ups',
      querystring: ioSeriesQuerySchema, response: { 200: ioSeriesAnswerSchema },
    },
    config: { access: READ },
  }, async (request) => {
    const v = await vehicleOf(request.query.uid);
    return { ok: 1 as const, ...(await seriesOf(repo, v, request.query)) };
  });

  app.get('/getdatarecords', {
    schema: { ...tag, summary: "A page of a vehicle's raw records in a range, IO values in words", querystring: dataRecordsQuerySchema, response: { 200: dataRecordsAnswerSchema } },
    config: { access: READ },
  }, async (request) => {
    const { uid, from, to } = request.query;
    const offset = request.query.offset ?? 0;
    const limit = request.query.limit ?? 100;
    const v = await vehicleOf(uid);
    const [rows, system] = await Promise.all([repo.records(v.id, new Date(from), new Date(to), offset, limit + 1), systemOfSite(v.site_id)]);
    return { ok: 1 as const, uid: v.id, offset, more: rows.length > limit, records: rows.slice(0, limit).map((r) => recordOut(r, v, system)) };
  });

  app.get('/getdatarecordscsv', {
    schema: { ...tag, summary: "A vehicle's raw records in a range (at most 31 days) as a CSV file, streamed", querystring: dataRecordsCsvQuerySchema },
    config: { access: READ },
  }, async (request, reply) => {
    const { uid, from, to } = request.query;
    const v = await vehicleOf(uid);
    const system = await systemOfSite(v.site_id);
    const reported = request.query.io ? null : await reportsOf(repo, v);
    const keys = request.query.io ? [...new Set(request.query.io.split(','))] : (reported?.io ?? []).map((i) => i.id);
    const names = new Map((reported?.io ?? []).map((i) => [i.id, i.name]));
    const map = resolveIoMap(v.io_map);
    const catalogue = ioCatalogue(v.io_catalogue);
    const out = new PassThrough();
    const write = async (chunk: string) => { if (!out.write(chunk)) await once(out, 'drain'); };
    const stream = async () => {
      const header = ['Time (UTC)', 'Latitude', 'Longitude', 'Speed (km/h)', 'Implausible', ...keys.map((k) => `${names.get(k) ?? describeIo({ [k]: 0 }, map, system, catalogue)[0]?.name ?? k} (${k})`)];
      await write(`\ufeff${header.map((h) => csvField(h, true)).join(',')}\r\n`);
      for await (const page of repo.eachRecords(v.id, new Date(from), new Date(to))) {
        let buf = '';
        for (const r of page) {
          const texts = new Map(describeIo(r.io, map, system, catalogue).map((d) => [d.id, d.text]));
          const cells = [r.t.toISOString(), String(r.lat), String(r.lon), String(r.speed), r.implausible ?? '', ...keys.map((k) => texts.get(k) ?? '')];
          buf += `${cells.map((c, i) => csvField(c, i >= 4)).join(',')}\r\n`;
        }
        await write(buf);
      }
      out.end();
    };
    stream().catch((err: unknown) => {
      request.log.error({ err: err instanceof Error ? err.message : String(err), uid }, 'records CSV failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    const name = `${v.registration.replace(/[^\w.-]+/g, '_')}-${from.slice(0, 10)}-to-${to.slice(0, 10)}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'private, no-store')
      .send(out);
  });
};
