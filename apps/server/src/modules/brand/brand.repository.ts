import { schema, type Db } from '@fleet/db';
import { eq, ne, sql } from 'drizzle-orm';

type NewBrand = typeof schema.brands.$inferInsert;
type Brand = typeof schema.brands.$inferSelect;
/** The columns the brand editor writes (all but id, key, is_default and the creation time). */
export type BrandFields = Omit<NewBrand, 'id' | 'key' | 'isDefault' | 'createdAt' | 'updatedAt'>;

/** The brands table (brands are few: the service reads them all and caches them). */
export function brandRepository(db: Db) {
  return {
    all() {
      return db.select().from(schema.brands).orderBy(schema.brands.id);
    },
    /**
     * What changes when any brand is edited or added: their number and latest edit. Another process
     * compares it with what it cached, so an edit made there is seen here within seconds.
     */
    async stamp(): Promise<string> {
      const [row] = await db.select({
        n: sql<number>`count(*)::int`,
        at: sql<string | null>`max(${schema.brands.updatedAt})::text`,
        last: sql<number | null>`max(${schema.brands.id})`,
      }).from(schema.brands);
      return `${row?.n ?? 0}|${row?.at ?? ''}|${row?.last ?? 0}`;
    },
    /** Sets a brand's basemap; answers the changed row, or undefined when no brand has that key. */
    async setMap(key: string, map: { style: string | null; satellite: string | null; hosts: string[] }) {
      const [row] = await db.update(schema.brands)
        .set({ mapStyleUrl: map.style, mapSatelliteStyleUrl: map.satellite, mapHosts: map.hosts, updatedAt: sql`clock_timestamp()` })
        .where(eq(schema.brands.key, key))
        .returning();
      return row;
    },
    /**
     * Adds (id null) or edits a brand unless another brand already answers one of its host names:
     * the check and the write hold one lock, so two editors cannot give the same host to two brands.
     * Answers the row, the host taken and by which brand, or nothing (no such brand, key taken).
     */
    async save(id: number | null, key: string, fields: BrandFields):
      Promise<{ row: Brand } | { taken: { host: string; by: string } } | { missing: true } | { keyTaken: true }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('brands.hosts'))`);
        const others = await tx.select({ name: schema.brands.name, hosts: schema.brands.hosts }).from(schema.brands)
          .where(id === null ? sql`true` : ne(schema.brands.id, id));
        for (const o of others) {
          const host = fields.hosts?.find((h) => o.hosts.includes(h));
          if (host) return { taken: { host, by: o.name } };
        }
        if (id === null) {
          const [row] = await tx.insert(schema.brands)
            .values({ ...fields, key, isDefault: false, updatedAt: sql`clock_timestamp()` })
            .onConflictDoNothing({ target: schema.brands.key })
            .returning();
          return row ? { row } : { keyTaken: true as const };
        }
        const [row] = await tx.update(schema.brands)
          .set({ ...fields, updatedAt: sql`clock_timestamp()` })
          .where(eq(schema.brands.id, id))
          .returning();
        return row ? { row } : { missing: true as const };
      });
    },
  };
}
