import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@fleet/db';

const { outbox, users, userSites } = schema;

export type NewOutboxRow = typeof outbox.$inferInsert;

/** The outbox table: every mail the server sends is a row here first. */
export function mailRepository(db: Db) {
  return {
    /** Writes a mail; its id (undefined when nothing was written). */
    async insert(row: NewOutboxRow): Promise<number | undefined> {
      const [r] = await db.insert(outbox).values(row).returning({ id: outbox.id });
      return r?.id;
    },
    async markSent(id: number): Promise<void> {
      await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, id));
    },
    async markFailed(id: number, error: string): Promise<void> {
      await db.update(outbox).set({ error }).where(eq(outbox.id, id));
    },
    /**
     * Outbox rows an administrator may read: all for a super administrator; else their own mail and
     * mail to users every one of whose sites they administer (never mail to a super administrator,
     * to a user without sites, or to no user).
     */
    visibleTo(viewer: { userId: number; isSuper: boolean; siteIds: number[] }, limit: number) {
      const scope = viewer.isSuper
        ? sql`true`
        : or(
            eq(outbox.userId, viewer.userId),
            and(
              isNotNull(outbox.userId),
              sql`EXISTS (SELECT 1 FROM ${users} u WHERE u.id = ${outbox.userId} AND u.usertype IS DISTINCT FROM 0)`,
              sql`EXISTS (SELECT 1 FROM ${userSites} us WHERE us.user_id = ${outbox.userId})`,
              sql`NOT EXISTS (SELECT 1 FROM ${userSites} us WHERE us.user_id = ${outbox.userId}
                    AND us.site_id <> ALL(${`{${viewer.siteIds.join(',')}}`}::int[]))`,
            ),
          );
      return db.select().from(outbox).where(scope).orderBy(desc(outbox.id)).limit(limit);
    },
  };
}
