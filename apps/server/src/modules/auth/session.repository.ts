import { and, eq, isNull, sql } from 'drizzle-orm';
import { schema, type Db } from '@fleet/db';

const { sessions, users, userSites, sites } = schema;

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
}

export function sessionRepository(db: Db) {
  return {
    async findByTokenHash(tokenHash: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
      return rows[0];
    },

    async create(s: NewSession): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(s).returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },

    async touch(id: number): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
    },

    async revoke(id: number, reason: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    /** Ends every live session of a user; returns the ids ended (their sockets are closed too). */
    async revokeAllOfUser(userId: number, reason: string): Promise<number[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },

    /** Site ids the user may see: every site for a super administrator, else their memberships. */
    async accessibleSiteIds(user: UserRow): Promise<number[]> {
      if (user.usertype === 0) {
        const rows = await db.select({ id: sites.id }).from(sites).orderBy(sites.id);
        return rows.map((r) => r.id);
      }
      const rows = await db
        .select({ id: userSites.siteId })
        .from(userSites)
        .where(eq(userSites.userId, user.id))
        .orderBy(userSites.siteId);
      return rows.map((r) => r.id);
    },

    async siteWithCustomer(siteId: number) {
      const rows = await db.execute<{
        site_id: number; site_name: string; image: string; customer_id: number; customer_name: string;
      }>(sql`SELECT s.id AS site_id, s.name AS site_name, s.image, c.id AS customer_id, c.name AS customer_name
             FROM sites s JOIN customers c ON c.id = s.customer_id WHERE s.id = ${siteId}`);
      return rows.rows[0];
    },
  };
}
export type SessionRepository = ReturnType<typeof sessionRepository>;
