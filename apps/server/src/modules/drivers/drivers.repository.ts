import { asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@fleet/db';

const { drivers } = schema;

/** A site's drivers. */
export function driversRepository(db: Db) {
  return {
    ofSite(siteId: number) {
      return db.select().from(drivers).where(eq(drivers.siteId, siteId)).orderBy(asc(drivers.name));
    },
  };
}
export type DriversRepository = ReturnType<typeof driversRepository>;
