import { and, eq, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { schema, type Db } from '@fleet/db';

const { sessions, users, drivers, cabDevices } = schema;

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export interface NewSession {
  tokenHash: string;
  userId: number;
  instanceUuid: string;
  siteId: number | null;
  routeUuid: string;
  brandId: number;
  expiresAt: Date;
  userAgent: string;
  kind?: 'user' | 'driver';
  cabDeviceId?: number;
  driverId?: number;
  unitId?: number | null;
}

/** A token's session, its user and the user's site ids, as every API call reads them. */
export interface FoundSession { session: SessionRow; user: UserRow; siteIds: number[] }

/**
 * How long a token's lookup is reused without asking the database (docs/decisions.md, "Session
 * lookups are cached for 2 seconds"): revoking through this repository drops it at once; a change
 * made outside this process (another API node, SQL by hand) shows within this time.
 */
export const SESSION_CACHE_MS = 2000;
/** Cached lookups held at most; past it the least recently used go (constant work per call). */
export const SESSION_CACHE_MAX = 10_000;

/**
 * Which cached lookups to drop: those of these sessions, users or cab devices, or all. What one api
 * node drops it also tells the others (issue 17: the bus's session-lookups topic), so a session
 * ended or changed through one node is not served from another's cache.
 */
export interface LookupsForgotten { sessionIds?: number[]; userIds?: number[]; cabDeviceIds?: number[]; all?: boolean }

export function sessionRepository(
  db: Db, now: () => number = Date.now, maxCached = SESSION_CACHE_MAX,
  /** Told after every change made through this repository (once the write is done); app.ts puts it on the bus. */
  onForgotten?: (what: LookupsForgotten) => void,
) {
  // Bounded and least-recently-used first, so no call ever walks the whole cache to make room
  // (the class of bug the old rate limiter had); an entry older than SESSION_CACHE_MS counts as absent.
  const bySession = new Map<number, string>();
  const cache = new LRUCache<string, { at: number; found: FoundSession }>({
    max: maxCached,
    dispose: (e, hash) => {
      if (bySession.get(e.found.session.id) === hash) bySession.delete(e.found.session.id);
    },
  });
  /** Bumped by every revocation: a lookup that was under way then does not go into the cache. */
  let generation = 0;
  // Revocations are rare (sign-out, password change, site switch): they may look at every entry.
  const drop = (what: LookupsForgotten) => {
    generation += 1;
    if (what.all) {
      cache.clear();
      return;
    }
    const sessionIds = new Set(what.sessionIds ?? []);
    const userIds = new Set(what.userIds ?? []);
    const cabDeviceIds = new Set(what.cabDeviceIds ?? []);
    for (const [hash, e] of cache.entries()) {
      const { session, user } = e.found;
      if (sessionIds.has(session.id) || userIds.has(user.id) || (session.cabDeviceId !== null && cabDeviceIds.has(session.cabDeviceId))) cache.delete(hash);
    }
  };
  /** Drops here before a write (a lookup under way is not cached); `shared`: after it, and tells the other nodes. */
  const forget = (what: LookupsForgotten, shared = true) => {
    drop(what);
    if (shared) onForgotten?.(what);
  };

  // A named statement: PostgreSQL parses and plans it once per connection.
  const byTokenHash = db
    .select({
      session: sessions, user: users,
      siteIds: sql<number[]>`CASE WHEN ${users.usertype} = 0
        THEN coalesce((SELECT array_agg(s.id ORDER BY s.id) FROM sites s JOIN customers c ON c.id = s.customer_id
          WHERE c.brand_id = ${sessions.brandId} AND s.removed_at IS NULL), '{}')
        ELSE coalesce((SELECT array_agg(us.site_id ORDER BY us.site_id) FROM user_sites us JOIN sites s ON s.id = us.site_id
          WHERE us.user_id = ${users.id} AND s.removed_at IS NULL), '{}') END`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session-by-token-hash');

  return {
    /**
     * The session of a token hash with its user and the site ids the user may see (as
     * accessibleSiteIds gives them), in one round trip, reused for SESSION_CACHE_MS: every API
     * call starts here.
     */
    async findByTokenHash(tokenHash: string): Promise<FoundSession | undefined> {
      const t = now();
      const hit = cache.get(tokenHash);
      if (hit && t - hit.at < SESSION_CACHE_MS) return hit.found;
      const started = generation;
      const found = (await byTokenHash.execute({ tokenHash }))[0];
      if (!found || found.session.revokedAt) cache.delete(tokenHash);
      else if (started === generation) {
        cache.set(tokenHash, { at: t, found });
        bySession.set(found.session.id, tokenHash);
      }
      return found;
    },

    /**
     * Drops every cached lookup (issue 15: a site added or removed, a customer suspended, changes
     * which sites a session may see; such changes are rare, so all lookups are simply read again).
     */
    forgetAll(): void {
      forget({ all: true });
    },

    /** Drops cached lookups another api node changed (the bus's session-lookups topic); tells no one. */
    forgetHere(what: LookupsForgotten): void {
      drop(what);
    },

    /**
     * Drops a user's cached lookups, here and on every api node (an administrator changed the
     * account: its sites, rights or forced password change), so its next call reads them again.
     */
    forgetUser(userId: number): void {
      forget({ userIds: [userId] });
    },

    /** How many token lookups are held (for tests and diagnostics). */
    cachedLookups(): number {
      return cache.size;
    },

    async create(s: NewSession): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(s).returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },

    async touch(id: number): Promise<void> {
      const lastSeenAt = new Date();
      await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, id));
      // The cached lookup carries the time just stored, as a fresh lookup would.
      const hash = bySession.get(id);
      const e = hash === undefined ? undefined : cache.peek(hash);
      if (e && e.found.session.id === id) e.found = { ...e.found, session: { ...e.found.session, lastSeenAt } };
    },

    /** Ends a session; its cached lookup is dropped before and after the write. */
    async revoke(id: number, reason: string): Promise<void> {
      forget({ sessionIds: [id] }, false);
      try {
        await db
          .update(sessions)
          .set({ revokedAt: new Date(), revokedReason: reason })
          .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
      } finally {
        forget({ sessionIds: [id] });
      }
    },

    /** Ends every live session of a user; returns the ids ended (their sockets are closed too). */
    async revokeAllOfUser(userId: number, reason: string): Promise<number[]> {
      forget({ userIds: [userId] }, false);
      try {
        const rows = await db
          .update(sessions)
          .set({ revokedAt: new Date(), revokedReason: reason })
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        return rows.map((r) => r.id);
      } finally {
        forget({ userIds: [userId] });
      }
    },

    /** Ends every live driver-mode session on a cab device; returns them (id, driver, vehicle) as they were. */
    async revokeAllOfCabDevice(cabDeviceId: number, reason: string): Promise<{ id: number; driverId: number; unitId: number | null }[]> {
      forget({ cabDeviceIds: [cabDeviceId] }, false);
      try {
        const rows = await db.execute<{ id: number; driver_id: number; unit_id: number | null }>(sql`
          WITH old AS (SELECT id, unit_id FROM sessions WHERE cab_device_id = ${cabDeviceId} AND revoked_at IS NULL FOR UPDATE)
          UPDATE sessions s SET revoked_at = now(), revoked_reason = ${reason}, unit_id = NULL FROM old
           WHERE s.id = old.id RETURNING s.id, s.driver_id, old.unit_id`);
        return rows.rows.map((r) => ({ id: Number(r.id), driverId: r.driver_id, unitId: r.unit_id }));
      } finally {
        forget({ cabDeviceIds: [cabDeviceId] });
      }
    },

    /** The vehicle a driver-mode session is assigned to now (read from the table, never the cache). */
    async unitOf(sessionId: number): Promise<number | null> {
      const rows = await db.select({ unitId: sessions.unitId }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
      return rows[0]?.unitId ?? null;
    },

    /** Assigns a driver-mode session to a vehicle (null: to none). */
    async setUnit(sessionId: number, unitId: number | null): Promise<void> {
      await db.update(sessions).set({ unitId }).where(eq(sessions.id, sessionId));
      forget({ sessionIds: [sessionId] });
    },

    /** Takes a vehicle away from every other live driver-mode session; returns their driver ids. */
    async releaseUnit(unitId: number, exceptSessionId: number): Promise<number[]> {
      const rows = await db.update(sessions).set({ unitId: null })
        .where(and(eq(sessions.unitId, unitId), isNull(sessions.revokedAt), sql`${sessions.id} <> ${exceptSessionId}`))
        .returning({ id: sessions.id, driverId: sessions.driverId });
      if (rows.length) forget({ sessionIds: rows.map((r) => r.id) });
      return rows.flatMap((r) => (r.driverId === null ? [] : [r.driverId]));
    },

    /** The driver and cab device of a driver-mode session, for its description. */
    async driverOfSession(session: SessionRow): Promise<{ driverid: number; name: string; deviceid: number; devicename: string } | undefined> {
      if (session.kind !== 'driver' || session.driverId === null || session.cabDeviceId === null) return undefined;
      const rows = await db.select({ name: drivers.name, devicename: cabDevices.name }).from(drivers)
        .innerJoin(cabDevices, eq(cabDevices.id, session.cabDeviceId))
        .where(eq(drivers.id, session.driverId)).limit(1);
      const row = rows[0];
      return row ? { driverid: session.driverId, name: row.name, deviceid: session.cabDeviceId, devicename: row.devicename } : undefined;
    },

    /**
     * Site ids the user may see (as the session lookup gives them): for a super administrator every
     * site of the brand's customers, else their memberships; removed sites never (issue 15).
     */
    async accessibleSiteIds(user: UserRow, brandId: number): Promise<number[]> {
      const res = await db.execute<{ id: number }>(user.usertype === 0
        ? sql`SELECT s.id FROM sites s JOIN customers c ON c.id = s.customer_id
              WHERE c.brand_id = ${brandId} AND s.removed_at IS NULL ORDER BY s.id`
        : sql`SELECT s.id FROM user_sites us JOIN sites s ON s.id = us.site_id
              WHERE us.user_id = ${user.id} AND s.removed_at IS NULL ORDER BY s.id`);
      return res.rows.map((r) => Number(r.id));
    },

    async siteWithCustomer(siteId: number) {
      const rows = await db.execute<{
        site_id: number; site_name: string; image: string; unit_system: string; customer_id: number; customer_name: string; settings: unknown;
      }>(sql`SELECT s.id AS site_id, s.name AS site_name, s.image, s.unit_system, c.id AS customer_id, c.name AS customer_name, s.settings
             FROM sites s JOIN customers c ON c.id = s.customer_id WHERE s.id = ${siteId}`);
      return rows.rows[0];
    },
  };
}
export type SessionRepository = ReturnType<typeof sessionRepository>;
