import { type SessionUser, siteSettingsOf, siteViewOf, unitSystemOf } from '@fleet/shared';
import { EventEmitter } from 'node:events';
import { hashSecret, newSecret, newUuid } from '../../lib/tokens.ts';
import { tokenError } from '../../lib/errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { buildMenu } from './menus.ts';
import type { SessionRepository, SessionRow, UserRow } from './session.repository.ts';

/** A session ends after 12 hours without a call, and 14 days after sign-in whatever happens. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 14 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;


export function sessionService(repo: SessionRepository, now: () => number = Date.now) {
  /** 'ended' carries the ids of sessions that were revoked, so their sockets can be closed. */
  const events = new EventEmitter<{ ended: [number[], string] }>();
  /** Opens a session on a brand: it is accepted only on that brand's hosts. */
  async function open(user: UserRow, siteId: number | null, instanceUuid: string, userAgent: string, brandId: number) {
    const token = newSecret();
    const session = await repo.create({
      tokenHash: hashSecret(token),
      userId: user.id,
      instanceUuid,
      siteId,
      routeUuid: newUuid(),
      brandId,
      expiresAt: new Date(now() + SESSION_ABSOLUTE_MS),
      userAgent: userAgent.slice(0, 300),
    });
    return { token, session };
  }

  /**
   * Opens a driver-mode session (issue 11): a driver's account on a registered cab device of a
   * site. Its one site is the device's; it makes only the driver's calls (plugins/access.ts).
   */
  async function openDriver(
    user: UserRow,
    at: { cabDeviceId: number; driverId: number; siteId: number; instanceUuid: string; brandId: number; unitId?: number | null },
    userAgent: string,
  ) {
    const token = newSecret();
    const session = await repo.create({
      tokenHash: hashSecret(token),
      userId: user.id,
      instanceUuid: at.instanceUuid,
      siteId: at.siteId,
      routeUuid: newUuid(),
      brandId: at.brandId,
      expiresAt: new Date(now() + SESSION_ABSOLUTE_MS),
      userAgent: userAgent.slice(0, 300),
      kind: 'driver',
      cabDeviceId: at.cabDeviceId,
      driverId: at.driverId,
      unitId: at.unitId ?? null,
    });
    return { token, session };
  }

  return {
    open,
    openDriver,

    /**
     * Accepts a bearer token or throws the token error; a wrong instance uuid is refused too, and so
     * is a token shown on another brand's host (`brandId` is the brand of the host it came to).
     */
    async resolve(token: string, instanceUuid: string | undefined, brandId: number): Promise<Caller> {
      const found = await repo.findByTokenHash(hashSecret(token));
      if (!found) throw tokenError();
      const { session, user, siteIds } = found;
      const t = now();
      if (session.revokedAt) throw tokenError();
      // A session belongs to the brand it was opened on; on another brand's host it is no token at all.
      if (session.brandId !== brandId) throw tokenError();
      if (session.expiresAt.getTime() <= t) throw tokenError('Your session has expired. Please sign in again.');
      if (session.lastSeenAt.getTime() + SESSION_IDLE_MS <= t) {
        await repo.revoke(session.id, 'idle');
        events.emit('ended', [session.id], 'idle');
        throw tokenError('Your session ended after a long time without use. Please sign in again.');
      }
      if (user.disabled) throw tokenError('This account has been disabled.');
      if (instanceUuid && instanceUuid !== session.instanceUuid) throw tokenError();
      if (t - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repo.touch(session.id);
      // A driver-mode session sees the cab device's site only, whatever the account's memberships.
      if (session.kind === 'driver') return { session, user, siteIds: session.siteId === null ? [] : [session.siteId], isSuper: false };
      return { session, user, siteIds, isSuper: user.usertype === 0 };
    },

    /** The signed-in user as the client keeps it. */
    async describe(user: UserRow, session: SessionRow, token: string): Promise<SessionUser> {
      const site = session.siteId ? await repo.siteWithCustomer(session.siteId) : undefined;
      const driver = await repo.driverOfSession(session);
      const siteSettings = site ? siteSettingsOf(site.settings) : null;
      const display = user.display && typeof user.display === 'object' ? (user.display as Record<string, unknown>) : {};
      return {
        userid: user.id,
        name: user.name,
        email: user.email ?? '',
        siteid: site?.site_id ?? null,
        sitename: site?.site_name ?? 'No site',
        customerid: site?.customer_id ?? null,
        customername: site?.customer_name ?? '',
        usertype: user.usertype ?? -1,
        token,
        instanceuuid: session.instanceUuid,
        menu: buildMenu(user.menu, user.usertype, session.routeUuid, user.tracksec, siteSettings?.operatorMenu ?? null),
        display,
        siteimg: site?.image ?? '',
        tracksec: user.tracksec ? 1 : 0,
        lsys: user.lsys,
        reset: user.mustChangePassword ? 1 : 0,
        startup: user.startup,
        routeuuid: session.routeUuid,
        unitsystem: unitSystemOf(site?.unit_system),
        ...(driver ? { driver } : {}),
        ...(siteSettings ? { sitesettings: siteViewOf(siteSettings) } : {}),
      };
    },

    /** The site a user lands on: their default when they may still see it, else their first. */
    async landingSite(user: UserRow, brandId: number): Promise<number | null> {
      const ids = await repo.accessibleSiteIds(user, brandId);
      if (user.defaultSiteId && ids.includes(user.defaultSiteId)) return user.defaultSiteId;
      return ids[0] ?? null;
    },

    events,

    async revoke(id: number, reason: string): Promise<void> {
      await repo.revoke(id, reason);
      events.emit('ended', [id], reason);
    },

    /** Ends the driver-mode sessions on a cab device; returns them (their vehicles are released by the caller). */
    async revokeAllOfCabDevice(cabDeviceId: number, reason: string) {
      const ended = await repo.revokeAllOfCabDevice(cabDeviceId, reason);
      if (ended.length) events.emit('ended', ended.map((e) => e.id), reason);
      return ended;
    },

    unitOf: (sessionId: number) => repo.unitOf(sessionId),
    /** The driver and cab device of a driver-mode session (undefined for a user session). */
    describeDriver: (session: SessionRow) => repo.driverOfSession(session),
    setUnit: (sessionId: number, unitId: number | null) => repo.setUnit(sessionId, unitId),
    releaseUnit: (unitId: number, exceptSessionId: number) => repo.releaseUnit(unitId, exceptSessionId),

    /** Every session's sites are read again at its next call (issue 15: sites added or removed), on every api node. */
    forgetLookups: () => repo.forgetAll(),
    /** A user's sessions read the account again at their next call (an administrator changed it), on every api node. */
    forgetUser: (userId: number) => repo.forgetUser(userId),

    async revokeAllOfUser(userId: number, reason: string): Promise<number[]> {
      const ids = await repo.revokeAllOfUser(userId, reason);
      if (ids.length) events.emit('ended', ids, reason);
      return ids;
    },
  };
}
export type SessionService = ReturnType<typeof sessionService>;
