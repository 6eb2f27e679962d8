import { type SiteSettings, siteSettingsOf, type UnitSystem, unitSystemOf } from '@fleet/shared';
import type pg from 'pg';

/** A site's settings row: what sitesettings answers and what the audit log records before and after. */
export interface SiteSettingsRow {
  siteId: number;
  name: string;
  customerId: number;
  timezone: string;
  unitSystem: UnitSystem;
  image: string;
  settings: SiteSettings;
}

interface Raw { id: number; name: string; customer_id: number; timezone: string; unit_system: string; image: string; settings: unknown }
const rowOf = (r: Raw): SiteSettingsRow => ({
  siteId: r.id, name: r.name, customerId: r.customer_id, timezone: r.timezone, unitSystem: unitSystemOf(r.unit_system), image: r.image,
  settings: siteSettingsOf(r.settings),
});

/** The settings columns of a live site (sites.timezone, unit_system, image, settings). */
export function siteSettingsRepository(pool: pg.Pool) {
  return {
    async read(siteId: number, db: Pick<pg.Pool, 'query'> = pool): Promise<SiteSettingsRow | null> {
      const r = await db.query<Raw>(
        'SELECT id, name, customer_id, timezone, unit_system, image, settings FROM sites WHERE id = $1 AND removed_at IS NULL', [siteId]);
      return r.rows[0] ? rowOf(r.rows[0]) : null;
    },
    /** Reads the row locked for a change, inside `client`'s transaction. */
    async lock(client: pg.PoolClient, siteId: number): Promise<SiteSettingsRow | null> {
      const r = await client.query<Raw>(
        'SELECT id, name, customer_id, timezone, unit_system, image, settings FROM sites WHERE id = $1 AND removed_at IS NULL FOR UPDATE', [siteId]);
      return r.rows[0] ? rowOf(r.rows[0]) : null;
    },
    async write(client: pg.PoolClient, row: SiteSettingsRow): Promise<void> {
      await client.query('UPDATE sites SET timezone = $2, unit_system = $3, image = $4, settings = $5::jsonb WHERE id = $1',
        [row.siteId, row.timezone, row.unitSystem, row.image, JSON.stringify(row.settings)]);
    },
    pool,
  };
}
export type SiteSettingsRepository = ReturnType<typeof siteSettingsRepository>;
