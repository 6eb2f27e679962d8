import {
  addSiteUnitAnswerSchema, addSiteUnitBodySchema, commandAnswerSchema, flaggedRecordsAnswerSchema, fmsCommandQuerySchema,
  ingestStatsAnswerSchema, ioCommandQuerySchema, isAdmin, isReadOnlyCommand, lastFmsAnswerSchema, lastUnitInfoAnswerSchema,
  resetUnitStateAnswerSchema, resetUnitStateBodySchema, uidQuerySchema, unknownDevicesAnswerSchema, type UnitSystem,
} from '@fleet/shared';
import { ATTR, describeIo, namedFlag, resolveIoMap } from '@fleet/protocols';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { callerOf } from '../../lib/caller.ts';
import type { Caller } from '../../lib/caller.ts';
import type { AccessRule } from '../../plugins/access.ts';
import type { UnitsRepository } from './units.repository.ts';
import { vehicleLive } from '../fleet/index.ts';
import type { MailService } from '../mail/index.ts';
import type { DeviceLink } from './device-link.ts';

const tag = { tags: ['units'] };
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
/** The unit named by `uid` must be on one of the caller's sites. */
const COMMAND_NOTE = 'A command that changes the device is for administrators only (403 from the handler, which reads cmd).';
const onUnit = (who: AccessRule['who'], field: 'query.uid' | 'body.uid'): AccessRule => ({ who, scope: [{ unit: field }] });

export const unitsRoutes: FastifyPluginAsyncZod<{
  repo: UnitsRepository; devices: DeviceLink; mail: MailService; commandTimeoutMs: number;
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
    const [ioMap, system, protocol] = await Promise.all([
      repo.ioMapOf(unit.unitTypeId), opts.systemOfSite(unit.siteId), s ? repo.protocolOf(s.positionId, s.deviceTime) : null,
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
        attributes: describeIo(io, resolveIoMap(ioMap), system),
        protocol,
      },
    };
  });

  app.get('/lastfmsv2data', {
    schema: { ...tag, summary: "A unit's latest FMS/CAN values", querystring: uidQuerySchema, response: { 200: lastFmsAnswerSchema } },
    config: { access: onUnit('session', 'query.uid') },
  }, async (request) => {
    const { unit, state: s } = await unitOf(request.query.uid);
    return {
      ok: 1 as const,
      fms: {
        unitid: unit.id, updated: iso(s?.deviceTime), fuellevel: s?.fuelLevel ?? null, fuelused: s?.fuelUsed ?? null,
        enginehours: s?.engineHours ?? null, rpm: s?.rpm ?? null, totaldistance: s?.totalDistance ?? null, faultcodes: s?.faultCodes ?? [],
      },
    };
  });

  async function send(caller: Caller, uid: number, cmd: string) {
    if (!isReadOnlyCommand(cmd) && !isAdmin(caller.user.usertype)) {
      throw forbidden('Only an administrator may send this command: it changes the device.');
    }
    try {
      const reply = await devices.send(uid, cmd, opts.commandTimeoutMs);
      await repo.logCommand({ unitId: uid, userId: caller.user.id, command: cmd, status: 'answered', response: reply });
      return { ok: 1 as const, reply };
    } catch (err) {
      const why = err instanceof Error ? err.message : 'failed';
      await repo.logCommand({ unitId: uid, userId: caller.user.id, command: cmd, status: why, response: null });
      if (why === 'offline') throw new ApiError(409, 'The device is offline: it has no open connection to the server.');
      if (why === 'busy') throw new ApiError(409, 'The device is answering another command; try again in a moment.');
      if (why === 'timeout') throw new ApiError(504, `The device did not answer within ${Math.round(opts.commandTimeoutMs / 1000)} seconds.`);
      throw err;
    }
  }

  app.get('/sendfmscommand', {
    schema: { ...tag, summary: 'Send a GPRS (Codec 12) command to a device and wait for its reply', querystring: fmsCommandQuerySchema, response: { 200: commandAnswerSchema } },
    config: { access: { ...onUnit('session', 'query.uid'), note: COMMAND_NOTE } },
  }, async (request) => send(callerOf(request), request.query.uid, request.query.cmd));

  app.get('/sendiocommand', {
    schema: { ...tag, summary: 'Send an output (IO) command to a device and wait for its reply', querystring: ioCommandQuerySchema, response: { 200: commandAnswerSchema } },
    config: { access: { ...onUnit('session', 'query.uid'), note: COMMAND_NOTE } },
  }, async (request) => {
    const caller = callerOf(request);
    const notify = request.query.notifyemail;
    if (notify && notify !== '0' && notify !== '1' && notify.toLowerCase() !== (caller.user.email ?? '').toLowerCase()) {
      throw badRequest('notifyemail may only be 1 or your own address.');
    }
    const answer = await send(caller, request.query.uid, request.query.cmd);
    if (notify && notify !== '0' && caller.user.email) {
      await opts.mail.send({
        brandId: null, userId: caller.user.id, to: caller.user.email, from: 'Fleet <no-reply@fleet.local>',
        subject: `Device command answered: ${request.query.cmd}`,
        text: `Unit ${request.query.uid} answered the command "${request.query.cmd}":\n\n${answer.reply}\n`,
      });
    }
    return answer;
  });

  app.get('/ingeststats', {
    schema: { ...tag, summary: 'Device listener counters (super administrators)', response: { 200: ingestStatsAnswerSchema } },
    config: { access: { who: 'super' } },
  }, async () => ({ ok: 1 as const, stats: devices.stats() }));
};
