import { schema, type Db } from '@fleet/db';
import { eq } from 'drizzle-orm';

/** The brands table (brands are few: the service reads them all and caches them). */
export function brandRepository(db: Db) {
  return {
    all() {
      return db.select().from(schema.brands).orderBy(schema.brands.id);
    },
    /** Sets a brand's basemap; answers the changed row, or undefined when no brand has that key. */
    async setMap(key: string, map: { style: string | null; satellite: string | null; hosts: string[] }) {
      const [row] = await db.update(schema.brands)
        .set({ mapStyleUrl: map.style, mapSatelliteStyleUrl: map.satellite, mapHosts: map.hosts })
        .where(eq(schema.brands.key, key))
        .returning();
      return row;
    },
  };
}
