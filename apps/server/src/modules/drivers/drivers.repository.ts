import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { schema, type Db } from '@fleet/db';

const { drivers, users } = schema;

/** A site's drivers. */
export function driversRepository(db: Db) {
  /** A site's drivers that may sign in on a cab device: an enabled driver account (usertype 3). */
  const withAccount = (siteId: number) => and(
    eq(drivers.siteId, siteId), isNotNull(drivers.userId), eq(users.disabled, false), eq(users.usertype, 3),
    // Issue 15: nobody of a suspended customer signs in.
    sql`NOT EXISTS (SELECT 1 FROM sites s JOIN customers c ON c.id = s.customer_id WHERE s.id = ${drivers.siteId} AND c.suspended_at IS NOT NULL)`);
  return {
    /** The drivers of a site who may sign in on its cab devices, by name. */
    async withAccountOfSite(siteId: number): Promise<{ id: number; name: string }[]> {
      return db.select({ id: drivers.id, name: drivers.name }).from(drivers).innerJoin(users, eq(users.id, drivers.userId))
        .where(withAccount(siteId)).orderBy(asc(drivers.name), asc(drivers.id));
    },

    /** A driver of the site with their enabled account, or undefined. */
    async accountOf(siteId: number, driverId: number) {
      const rows = await db.select({ driver: drivers, user: users }).from(drivers).innerJoin(users, eq(users.id, drivers.userId))
        .where(and(withAccount(siteId), eq(drivers.id, driverId))).limit(1);
      return rows[0];
    },

    /** The driver record changed now (a driver signed on to a vehicle). */
    async touch(driverId: number): Promise<void> {
      await db.update(drivers).set({ updatedAt: new Date() }).where(eq(drivers.id, driverId));
    },

    ofSite(siteId: number) {
      return db.select().from(drivers).where(eq(drivers.siteId, siteId)).orderBy(asc(drivers.name));
    },
  };
}
export type DriversRepository = ReturnType<typeof driversRepository>;
