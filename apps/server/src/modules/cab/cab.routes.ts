import {
  assignDriverBodySchema, cabDeviceIdBodySchema, cabDeviceKeyBodySchema, cabDevicesAnswerSchema, cabDriversAnswerSchema,
  cabKeyAnswerSchema, cabVehiclesAnswerSchema, driverLoginBodySchema, driverRecordSchema, plainSuccessSchema,
  registerCabDeviceBodySchema, siteQuerySchema, userAnswerSchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../lib/caller.ts';
import type { AuditLog } from '../audit/index.ts';
import type { BrandService } from '../brand/index.ts';
import type { CabService } from './cab.service.ts';

export interface CabRouteOptions {
  cab: CabService;
  brands: BrandService;
  /** Calls of the public driver sign-in (cabdrivers, driverlogin) allowed per address per minute. */
  perAddressPerMinute: number;
  /** The audit log (issue 15): removing a cab device through mobileconfig is recorded. */
  audit?: AuditLog;
}

const tag = { tags: ['cab'] };
const emptyBody = z.strictObject({}).optional();

/** Cab devices (administrators), driver sign-in on them (public) and the driver's vehicle (driver mode). */
export const cabRoutes: FastifyPluginAsyncZod<CabRouteOptions> = async (app, { cab, brands, perAddressPerMinute, audit }) => {
  const rateLimit = { max: perAddressPerMinute, timeWindow: '1 minute' };

  app.post('/registercabdevice', {
    schema: { ...tag, summary: 'Register this browser as a cab device of a site (ends the caller\'s session)', body: registerCabDeviceBodySchema, response: { 200: cabKeyAnswerSchema } },
    config: { access: { who: 'admin', scope: [{ site: 'body.siteid' }], note: 'the administrator\'s session ends: this browser is in driver mode from now on' } },
  }, async (request) => ({ ok: 1 as const, device: await cab.register(callerOf(request), request.body.siteid, request.body.name) }));

  app.post('/takecabdevice', {
    schema: { ...tag, summary: 'Move a cab device\'s registration to this browser (new key; its driver sessions and the caller\'s end)', body: cabDeviceIdBodySchema, response: { 200: cabKeyAnswerSchema } },
    config: { access: { who: 'admin', scope: [{ row: 'cab device', field: 'body.deviceid', within: 'caller sites', missing: 'cab device' }] } },
  }, async (request) => ({ ok: 1 as const, device: await cab.take(callerOf(request), request.body.deviceid) }));

  app.get('/cabdevices', {
    schema: { ...tag, summary: 'A site\'s cab devices', querystring: siteQuerySchema, response: { 200: cabDevicesAnswerSchema } },
    config: { access: { who: 'admin', scope: [{ site: 'query.siteid' }] } },
  }, async (request) => ({ ok: 1 as const, devices: await cab.list(request.query.siteid) }));

  app.post('/removecabdevice', {
    schema: { ...tag, summary: 'Remove a cab device; its driver sessions end', body: cabDeviceIdBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'admin', scope: [{ row: 'cab device', field: 'body.deviceid', within: 'caller sites', missing: 'cab device' }] } },
  }, async (request) => {
    const caller = callerOf(request);
    const removed = await cab.remove(caller, request.body.deviceid);
    await audit?.change({ caller, address: request.ip }, {
      action: 'cab.remove', targetKind: 'cab device', targetId: removed.id, targetName: removed.name, siteId: removed.siteId,
    });
    return { ok: 1 as const };
  });

  app.post('/cabdrivers', {
    schema: { ...tag, summary: 'The drivers who may sign in on this cab device', body: cabDeviceKeyBodySchema, response: { 200: cabDriversAnswerSchema } },
    config: { access: { who: 'public', note: 'the cab device\'s key is the credential' }, rateLimit },
  }, async (request) => ({ ok: 1 as const, ...await cab.driversOf(request.body.deviceid, request.body.devicekey) }));

  app.post('/driverlogin', {
    schema: { ...tag, summary: 'A driver signs in on a cab device (driver mode)', body: driverLoginBodySchema, response: { 200: userAnswerSchema } },
    config: { access: { who: 'public', note: 'the cab device\'s key, then the driver\'s password; failures back off per driver' }, rateLimit },
  }, async (request) => {
    const brand = await brands.forHost(request.hostname);
    return { ok: 1 as const, user: await cab.login(request.body, { brandId: brand?.id, userAgent: request.headers['user-agent'] ?? '' }) };
  });

  app.get('/cabvehicles', {
    schema: { ...tag, summary: 'The cab device\'s site\'s vehicles, for the driver to pick one', response: { 200: cabVehiclesAnswerSchema } },
    config: { access: { who: 'driver' } },
  }, async (request) => ({ ok: 1 as const, vehicles: await cab.vehicles(callerOf(request)) }));

  app.get('/cabassignment', {
    schema: { ...tag, summary: 'The driver\'s vehicle now (the device driver record, with the vehicle\'s last position)', response: { 200: driverRecordSchema } },
    config: { access: { who: 'driver' } },
  }, async (request) => cab.assignment(callerOf(request)));

  app.post('/assigndriver', {
    schema: { ...tag, summary: 'Put the signed-in driver on a vehicle of the cab device\'s site', body: assignDriverBodySchema, response: { 200: driverRecordSchema } },
    config: { access: { who: 'driver', scope: [{ unit: 'body.uid' }] } },
  }, async (request) => cab.assign(callerOf(request), request.body.uid));

  app.post('/unassigndriver', {
    schema: { ...tag, summary: 'Take the signed-in driver off their vehicle', body: emptyBody, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'driver' } },
  }, async (request) => {
    await cab.unassign(callerOf(request));
    return { ok: 1 as const };
  });
};
