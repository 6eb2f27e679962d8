import { schema, type Db } from '@fleet/db';

/** The brands table (brands are few: the service reads them all and caches them). */
export function brandRepository(db: Db) {
  return {
    all() {
      return db.select().from(schema.brands).orderBy(schema.brands.id);
    },
  };
}
