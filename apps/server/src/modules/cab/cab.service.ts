import type { CabKey, DriverRecord, SessionUser } from '@fleet/shared';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { type AttemptStore, memoryAttempts } from '../auth/index.ts';
import { waitInWords } from '../../lib/limiter.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import { hashSecret, newSecret, newUuid } from '../../lib/tokens.ts';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, BACKOFF_FORGET_MS, type SessionService } from '../auth/index.ts';
import type { DriversRepository } from '../drivers/index.ts';
import type { CabRepository, CabDeviceRow } from './cab.repository.ts';

export const DEVICE_NOT_REGISTERED = 'This device is no longer registered as a cab device. Ask your site administrator to register it again.';
export const WRONG_DRIVER_CREDENTIALS = 'The driver or password is not right.';

/** What the cab module needs of the units module: putting a driver on or off a vehicle. */
export interface UnitDriverWrites {
  assignDriver(unitId: number, driverId: number): Promise<number[]>;
  unassignDriver(unitId: number, driverId: number): Promise<number[]>;
}

const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

export function cabService(deps: {
  repo: CabRepository; sessions: SessionService; drivers: DriversRepository; units: UnitDriverWrites;
  /** Units whose driver changed: the office's live updates go out for them. */
  unitsChanged: (units: { unitId: number; siteId: number }[]) => void;
  failuresPerAccount: number;
  /** The check-list template id for a vehicle type of a site (the checklists module's rule), 0 when none. */
  templateOf: (siteId: number, unitTypeId: number) => Promise<number>;
  now?: () => number;
  /** Where failed driver sign-ins are counted: the database's store, shared by every api node (issue 17); none: this process. */
  attempts?: AttemptStore;
}) {
  const { repo, sessions, drivers, units } = deps;
  const attempts = deps.attempts ?? memoryAttempts(deps.now);
  const backoff = (scope: string, capacity?: number) => attempts.backoff(scope, {
    freeFailures: deps.failuresPerAccount, baseMs: BACKOFF_BASE_MS, capMs: BACKOFF_CAP_MS, forgetMs: BACKOFF_FORGET_MS, capacity,
  });
  /** Failed driver sign-ins per driver account (user id), as the users' sign-in counts them. */
  const accountFailures = backoff('cab-sign-in-account');
  /** Failures naming a driver that cannot sign in here: they wait exactly as an account would. */
  const unknownFailures = backoff('cab-sign-in-unknown', 10_000);

  async function cabKey(device: CabDeviceRow, key: string): Promise<CabKey> {
    const site = await repo.site(device.siteId);
    return { deviceid: device.id, name: device.name, siteid: device.siteId, sitename: site?.name ?? '', devicekey: key };
  }

  /** Units released: their drivers are taken off them, and the office sees it. */
  async function release(siteId: number, ended: { driverId: number; unitId: number | null }[]): Promise<void> {
    const changed: number[] = [];
    for (const e of ended) if (e.unitId !== null) changed.push(...await units.unassignDriver(e.unitId, e.driverId));
    if (changed.length) deps.unitsChanged(changed.map((unitId) => ({ unitId, siteId })));
  }

  /** Ends every driver session on a device and takes their drivers off their vehicles. */
  async function endDeviceSessions(device: CabDeviceRow, reason: string): Promise<void> {
    const ended = await sessions.revokeAllOfCabDevice(device.id, reason);
    await release(device.siteId, ended);
  }

  /** A device of one of the caller's sites, else 404 (another tenant's reads as missing). */
  async function deviceOfCaller(caller: Caller, deviceId: number): Promise<CabDeviceRow> {
    const device = await repo.live(deviceId);
    if (!device || !caller.siteIds.includes(device.siteId)) throw notFound('cab device');
    return device;
  }

  /** The device a key belongs to; anything else is the same 401. */
  async function deviceByKey(deviceId: number, key: string): Promise<CabDeviceRow> {
    const device = await repo.byKey(deviceId, hashSecret(key));
    if (!device || !device.instanceUuid) throw new ApiError(401, DEVICE_NOT_REGISTERED);
    await repo.touch(device.id);
    return device;
  }

  async function record(caller: Caller, unitId: number, withPosition: boolean): Promise<DriverRecord> {
    const s = caller.session;
    const [vehicle, site, driver] = await Promise.all([
      repo.vehicleForRecord(s.siteId ?? 0, unitId), repo.site(s.siteId ?? 0), sessions.describeDriver(s),
    ]);
    if (!vehicle) throw notFound('unit');
    const vcl = await deps.templateOf(s.siteId ?? 0, vehicle.unit_type_id);
    const position = vehicle.lat !== null && vehicle.lon !== null && vehicle.device_time
      ? { lat: vehicle.lat, lon: vehicle.lon, updated: iso(vehicle.device_time) ?? '' } : null;
    return {
      ok: 1, empty: false, name: driver?.name ?? caller.user.name, registration: vehicle.registration, site: site?.name ?? '',
      deviceid: s.cabDeviceId ?? 0, uid: unitId, vcl, driver: s.driverId ?? 0,
      ...(withPosition ? { position } : {}),
    };
  }

  return {
    /** Registers the caller's browser as a new cab device; the caller's own session ends. */
    async register(caller: Caller, siteId: number, name: string): Promise<CabKey> {
      const key = newSecret();
      const device = await repo.create({ siteId, name, instanceUuid: newUuid(), keyHash: hashSecret(key), registeredBy: caller.user.id });
      // Driver mode and user mode never coexist on a device: this browser is now a cab device.
      await sessions.revoke(caller.session.id, 'cab device registered');
      return cabKey(device, key);
    },

    /** Moves a registration to the caller's browser: a new key, the old browser's driver sessions end, and the caller's. */
    async take(caller: Caller, deviceId: number): Promise<CabKey> {
      const device = await deviceOfCaller(caller, deviceId);
      await endDeviceSessions(device, 'cab device taken by another browser');
      const key = newSecret();
      const moved = await repo.rekey(device.id, { instanceUuid: newUuid(), keyHash: hashSecret(key), registeredBy: caller.user.id });
      if (!moved) throw notFound('cab device');
      await sessions.revoke(caller.session.id, 'cab device taken');
      return cabKey(moved, key);
    },

    async list(siteId: number) {
      const rows = await repo.ofSite(siteId);
      return rows.map((r) => ({
        deviceid: r.id, name: r.name, registered: iso(r.registered_at), lastseen: iso(r.last_seen_at), driver: r.driver, registration: r.registration,
      }));
    },

    /** Removes a device of the caller's sites; answers which (for the audit log). */
    async remove(caller: Caller, deviceId: number): Promise<{ id: number; name: string; siteId: number }> {
      const device = await deviceOfCaller(caller, deviceId);
      await endDeviceSessions(device, 'cab device removed');
      await repo.remove(device.id);
      return { id: device.id, name: device.name, siteId: device.siteId };
    },

    async driversOf(deviceId: number, key: string) {
      const device = await deviceByKey(deviceId, key);
      const site = await repo.site(device.siteId);
      return { site: { siteid: device.siteId, sitename: site?.name ?? '' }, drivers: await drivers.withAccountOfSite(device.siteId) };
    },

    /**
     * A driver signs in on a cab device: the device's key, a driver of its site with an enabled
     * account, and that account's password. Failures back off per driver account as the users'
     * sign-in does; a driver who cannot sign in here gets the same answer as a wrong password.
     */
    async login(body: { deviceid: number; devicekey: string; driverid: number; pass: string }, at: { brandId: number | undefined; userAgent: string }): Promise<SessionUser> {
      const device = await deviceByKey(body.deviceid, body.devicekey);
      const site = await repo.site(device.siteId);
      // A session works only on its brand's hosts: a device of another brand's site is not one here.
      if (!site || at.brandId !== site.brandId || !device.instanceUuid) throw new ApiError(401, DEVICE_NOT_REGISTERED);
      const found = await drivers.accountOf(device.siteId, body.driverid);
      const [store, key] = found ? [accountFailures, String(found.user.id)] : [unknownFailures, `${device.id}:${body.driverid}`];
      const wait = await store.waitMs(key);
      if (wait > 0) throw new ApiError(429, `Too many failed sign-ins for this driver. Try again in ${waitInWords(wait)}.`);
      const right = found ? await verifyPassword(found.user.passwordHash, body.pass) : await burnPasswordCheck(body.pass).then(() => false);
      if (!found || !right) {
        await store.fail(key);
        throw new ApiError(401, WRONG_DRIVER_CREDENTIALS);
      }
      await accountFailures.clear(key);
      // One driver at a time on a device: whoever was signed in on it before is signed out.
      await endDeviceSessions(device, 'another driver signed in on the cab device');
      const { token, session } = await sessions.openDriver(found.user, {
        cabDeviceId: device.id, driverId: found.driver.id, siteId: device.siteId, instanceUuid: device.instanceUuid, brandId: site.brandId,
      }, at.userAgent);
      return sessions.describe(found.user, session, token);
    },

    vehicles: (caller: Caller) => repo.vehiclesOfSite(caller.session.siteId ?? 0),

    async assignment(caller: Caller) {
      const unitId = await sessions.unitOf(caller.session.id);
      return unitId === null ? { ok: 1 as const, empty: true as const } : record(caller, unitId, true);
    },

    /**
     * Binds driver, device and vehicle: the vehicle's driver, the session's vehicle and the
     * driver's record time. Another driver on that vehicle is taken off it (their session keeps
     * running without a vehicle); the vehicle this driver was on before loses them.
     */
    async assign(caller: Caller, unitId: number): Promise<DriverRecord> {
      const s = caller.session;
      const driverId = s.driverId;
      const siteId = s.siteId;
      if (driverId === null || siteId === null) throw new ApiError(403, 'Only a driver signed in on a cab device may do this.');
      await sessions.releaseUnit(unitId, s.id);
      const changed = await units.assignDriver(unitId, driverId);
      await sessions.setUnit(s.id, unitId);
      await drivers.touch(driverId);
      deps.unitsChanged(changed.map((u) => ({ unitId: u, siteId })));
      return record(caller, unitId, false);
    },

    async unassign(caller: Caller): Promise<void> {
      const s = caller.session;
      const unitId = await sessions.unitOf(s.id);
      if (unitId === null || s.driverId === null || s.siteId === null) return;
      await sessions.setUnit(s.id, null);
      const changed = await units.unassignDriver(unitId, s.driverId);
      if (changed.length) deps.unitsChanged(changed.map((u) => ({ unitId: u, siteId: s.siteId ?? 0 })));
    },
  };
}
export type CabService = ReturnType<typeof cabService>;
