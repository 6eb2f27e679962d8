import {
  addSiteUnitAnswerSchema, addSiteUnitBodySchema, flaggedRecordsAnswerSchema,
  ingestStatsAnswerSchema, lastUnitInfoAnswerSchema,
  resetUnitStateAnswerSchema, resetUnitStateBodySchema, uidQuerySchema, unknownDevicesAnswerSchema, type UnitSystem,
} from '@fleet/shared';
import { ATTR, describeIo, ioCatalogue, namedFlag, resolveIoMap } from '@fleet/protocols';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { callerOf } from '../../lib/caller.ts';
import type { AccessRule } from '../../plugins/access.ts';
import type { UnitsRepository } from './units.repository.ts';
import { vehicleLive } from '../fleet/index.ts';
import type { DeviceLink } from './device-link.ts';

const tag = { tags: ['units'] };
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
/** The unit named by `uid` must be on one of the caller's sites. */
const onUnit = (who: AccessRule['who'], field: 'query.uid' | 'body.uid'): AccessRule => ({ who, scope: [{ unit: field }] });

export const unitsRoutes: FastifyPluginAsyncZod<{
  repo: UnitsRepository; devices: DeviceLink;
  /** The site's unit system: the attributes' distances and speeds are written in it. */
  systemOfSite: (siteId: number) => Promise<UnitSystem>;
}> = async (app, opts) => {
  const { repo, devices } = opts;

  /** The unit with its state (the access rule has checked it is on one of the caller's sites). */
  async function unitOf(uid: number) {
    const found = await repo.unitWithState(uid);
    if (!found) throw notFound('unit');
    return found;
  }

  app.post('/addnewsiteunit', {
    schema: { ...tag, summary: 'Register a device on a site (administrators); its next attempt is accepted', body: addSiteUnitBodySchema, response: { 200: addSiteUnitAnswerSchema } },
    config: { access: { who: 'admin', scope: [{ site: 'body.siteid' }] } },
  }, async (request) => {
    const { siteid, uid, unittype, registration } = request.body;
    if (!(await repo.unitTypeExists(unittype))) throw badRequest(`There is no unit type ${unittype}.`);
    const existing = await repo.unitByDevice(uid);
    if (existing) {
      // Only a caller who can see the unit learns where it is; anyone else gets an answer that names
      // no customer and no site (that the id cannot be added is itself unavoidable: ids are unique).
      if (callerOf(request).siteIds.includes(existing.siteId)) {
        throw new ApiError(409, `The device ${uid} is already registered on one of your sites (unit ${existing.id}).`);
      }
      throw new ApiError(409, `The device ${uid} cannot be added. If it is yours, ask your provider's support to move it to your site.`);
    }
    const unitid = await repo.addUnit(siteid, uid, unittype, registration ?? uid);
    devices.forget(uid);
    return { ok: 1 as const, unitid };
  });

  app.get('/unknowndevices', {
    schema: { ...tag, summary: 'Devices that tried to report without being registered (super administrators)', response: { 200: unknownDevicesAnswerSchema } },
    config: { access: { who: 'super' } },
  }, async () => ({
    ok: 1 as const,
    devices: (await repo.unknownDevices()).map((d) => ({
      deviceid: d.deviceId, protocol: d.protocol, first: d.firstAt.toISOString(), last: d.lastAt.toISOString(), attempts: d.attempts, address: d.lastAddress,
    })),
  }));

  app.get('/unitflaggedrecords', {
    schema: { ...tag, summary: "A unit's newest records refused as implausible, with the reasons (administrators)", querystring: uidQuerySchema, response: { 200: flaggedRecordsAnswerSchema } },
    config: { access: onUnit('admin', 'query.uid') },
  }, async (request) => {
    const { unit } = await unitOf(request.query.uid);
    return { ok: 1 as const, records: await repo.flaggedRecords(unit.id, 50) };
  });

  app.post('/resetunitstate', {
    schema: { ...tag, summary: "Rebuild a unit's state from its newest plausible position (administrators)", body: resetUnitStateBodySchema, response: { 200: resetUnitStateAnswerSchema } },
    config: { access: onUnit('admin', 'body.uid') },
  }, async (request) => {
    const { unit } = await unitOf(request.body.uid);
    await devices.resetState(unit.id);
    const s = (await repo.unitWithState(unit.id))?.state;
    return { ok: 1 as const, state: s ? { updated: s.deviceTime.toISOString(), lat: s.lat, lon: s.lon } : null };
  });

  app.get('/lastunitinfo', {
    schema: { ...tag, summary: "A unit's latest state", querystring: uidQuerySchema, response: { 200: lastUnitInfoAnswerSchema } },
    config: { access: onUnit('session', 'query.uid') },
  }, async (request) => {
    const { unit, state: s } = await unitOf(request.query.uid);
    const io = (s?.io ?? {}) as Record<string, number | string>;
    const [ioMap, system, protocol, catalogue] = await Promise.all([
      repo.ioMapOf(unit.unitTypeId), opts.systemOfSite(unit.siteId), s ? repo.protocolOf(s.positionId, s.deviceTime) : null,
      repo.ioCatalogueOf(unit.unitTypeId),
    ]);
    return {
      ok: 1 as const,
      unit: {
        unitid: unit.id, registration: unit.registration, updated: iso(s?.deviceTime), lat: s?.lat ?? null, lon: s?.lon ?? null,
        speed: s ? vehicleLive(s).speed : 0, direction: s?.angle ?? 0, satellites: s?.satellites ?? 0,
        ign: s ? vehicleLive(s).ign : 0, movement: s?.movement ? 1 : 0, externalvoltage: s?.externalVoltage ?? null,
        odometer: s?.odometer ?? null, gsm: s?.gsmSignal ?? null, ptotrigger1: s?.pto1 ? 1 : 0, ptotrigger2: s?.pto2 ? 1 : 0,
        panic: s?.panic ? 1 : 0, online: devices.isOnline(unit.id), io,
        // Added fields (issue 13): the latest position was faked (a phone's mock location), its IO in
        // words (distances and speeds in the site's units), and the protocol it came in by.
        mock: namedFlag(io, ATTR.mock) ? 1 : 0,
        attributes: describeIo(io, resolveIoMap(ioMap), system, ioCatalogue(catalogue)),
        protocol,
      },
    };
  });

  app.get('/ingeststats', {
    schema: { ...tag, summary: 'Device listener counters (super administrators)', response: { 200: ingestStatsAnswerSchema } },
    config: { access: { who: 'super' } },
  }, async () => ({ ok: 1 as const, stats: devices.stats() }));
};
