import type pg from 'pg';
import type { SearchHit } from '@fleet/shared';

/** Rows of the estate (issue 15): customers, sites, units and unit types, always within one brand. */
export function estateRepository(pool: pg.Pool) {
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[], db: Pick<pg.Pool, 'query'> = pool) =>
    (await db.query<T>(text, values)).rows[0];

  return {
    /** Customers of the brand with their live sites and units and their users. */
    async customers(brandId: number) {
      const r = await pool.query<{
        cid: number; name: string; retention: number | null; suspended: Date | null; reason: string; created: Date; sites: number; units: number; users: number;
      }>(`SELECT c.id AS cid, c.name, c.position_retention_months AS retention, c.suspended_at AS suspended, c.suspended_reason AS reason,
            c.created_at AS created,
            (SELECT count(*)::int FROM sites s WHERE s.customer_id = c.id AND s.removed_at IS NULL) AS sites,
            (SELECT count(*)::int FROM units u JOIN sites s ON s.id = u.site_id WHERE s.customer_id = c.id AND s.removed_at IS NULL AND u.removed_at IS NULL) AS units,
            (SELECT count(*)::int FROM users x WHERE x.customer_id = c.id) AS users
          FROM customers c WHERE c.brand_id = $1 ORDER BY lower(c.name), c.id`, [brandId]);
      return r.rows;
    },

    /** A customer of the brand (undefined: none, or another brand's). */
    customer(brandId: number, cid: number) {
      return one<{ id: number; name: string; retention: number | null; suspended_at: Date | null; suspended_reason: string }>(
        `SELECT id, name, position_retention_months AS retention, suspended_at, suspended_reason FROM customers WHERE id = $1 AND brand_id = $2`,
        [cid, brandId]);
    },

    async addCustomer(brandId: number, name: string, retention: number | null, db: Pick<pg.Pool, 'query'>): Promise<number> {
      const row = await one<{ id: number }>(
        'INSERT INTO customers (brand_id, name, position_retention_months) VALUES ($1, $2, $3) RETURNING id', [brandId, name, retention], db);
      return (row as { id: number }).id;
    },

    async editCustomer(cid: number, name: string, retention: number | null | undefined, db: Pick<pg.Pool, 'query'>) {
      await db.query(
        `UPDATE customers SET name = $2, position_retention_months = CASE WHEN $4 THEN $3::int ELSE position_retention_months END WHERE id = $1`,
        [cid, name, retention ?? null, retention !== undefined]);
    },

    async setSuspended(cid: number, suspended: boolean, reason: string, db: Pick<pg.Pool, 'query'>) {
      await db.query(
        `UPDATE customers SET suspended_at = CASE WHEN $2 THEN coalesce(suspended_at, now()) ELSE NULL END, suspended_reason = $3 WHERE id = $1`,
        [cid, suspended, suspended ? reason : '']);
    },

    /** The accounts of a customer (their sessions end when it is suspended). */
    async usersOfCustomer(cid: number): Promise<number[]> {
      const r = await pool.query<{ id: number }>(
        `SELECT id FROM users WHERE customer_id = $1
         UNION SELECT d.user_id FROM drivers d JOIN sites s ON s.id = d.site_id WHERE s.customer_id = $1 AND d.user_id IS NOT NULL`, [cid]);
      return r.rows.map((x) => x.id);
    },

    /** The live sites of a customer with their live units and members. */
    async sitesOfCustomer(cid: number) {
      const r = await pool.query<{ siteid: number; sitename: string; units: number; users: number; created: Date }>(
        `SELECT s.id AS siteid, s.name AS sitename, s.created_at AS created,
            (SELECT count(*)::int FROM units u WHERE u.site_id = s.id AND u.removed_at IS NULL) AS units,
            (SELECT count(*)::int FROM user_sites us WHERE us.site_id = s.id) AS users
          FROM sites s WHERE s.customer_id = $1 AND s.removed_at IS NULL ORDER BY lower(s.name), s.id`, [cid]);
      return r.rows;
    },

    /** A live site of the brand, with its customer (undefined: none, removed, or another brand's). */
    site(brandId: number, siteId: number) {
      return one<{ id: number; name: string; customer_id: number; customer_name: string }>(
        `SELECT s.id, s.name, s.customer_id, c.name AS customer_name FROM sites s JOIN customers c ON c.id = s.customer_id
          WHERE s.id = $1 AND c.brand_id = $2 AND s.removed_at IS NULL`, [siteId, brandId]);
    },

    async addSite(cid: number, name: string, db: Pick<pg.Pool, 'query'>): Promise<number> {
      return ((await one<{ id: number }>('INSERT INTO sites (customer_id, name) VALUES ($1, $2) RETURNING id', [cid, name], db)) as { id: number }).id;
    },

    async liveUnitsOfSite(siteId: number, db: Pick<pg.Pool, 'query'> = pool): Promise<number> {
      return ((await one<{ n: number }>('SELECT count(*)::int AS n FROM units WHERE site_id = $1 AND removed_at IS NULL', [siteId], db)) as { n: number }).n;
    },

    /** Marks a site removed and takes it from every member; the count of memberships removed. */
    async removeSite(siteId: number, db: Pick<pg.Pool, 'query'>): Promise<number> {
      await db.query('UPDATE sites SET removed_at = now() WHERE id = $1', [siteId]);
      return (await db.query('DELETE FROM user_sites WHERE site_id = $1', [siteId])).rowCount ?? 0;
    },

    /** A live unit of the site. */
    unitOfSite(siteId: number, unitId: number) {
      return one<{ id: number; device_id: string; registration: string; unit_type_id: number; driver_id: number | null }>(
        'SELECT id, device_id, registration, unit_type_id, driver_id FROM units WHERE id = $1 AND site_id = $2 AND removed_at IS NULL', [unitId, siteId]);
    },

    /**
     * Takes a unit off its site: the row (its positions, trips, alerts) stays with the site, marked
     * removed; it leaves its groups and its driver, and the device id is free again.
     */
    async removeUnit(unitId: number, db: Pick<pg.Pool, 'query'>): Promise<void> {
      await db.query('UPDATE units SET removed_at = now(), driver_id = NULL WHERE id = $1', [unitId]);
      await db.query('DELETE FROM group_units WHERE unit_id = $1', [unitId]);
      await db.query('UPDATE sessions SET unit_id = NULL WHERE unit_id = $1', [unitId]);
    },

    async unitTypes() {
      const r = await pool.query<{ id: number; name: string; icon: string; iomap: Record<string, number>; iocatalogue: unknown; units: number }>(
        `SELECT t.id, t.name, t.icon, t.io_map AS iomap, t.io_catalogue AS iocatalogue,
            (SELECT count(*)::int FROM units u WHERE u.unit_type_id = t.id AND u.removed_at IS NULL) AS units
          FROM unit_types t ORDER BY t.id`);
      return r.rows;
    },

    unitType(id: number, db: Pick<pg.Pool, 'query'> = pool) {
      return one<{ id: number; name: string; icon: string; iomap: Record<string, number>; iocatalogue: unknown }>(
        'SELECT id, name, icon, io_map AS iomap, io_catalogue AS iocatalogue FROM unit_types WHERE id = $1', [id], db);
    },

    async saveUnitType(
      id: number, t: { name: string; icon: string; iomap: Record<string, number>; iocatalogue: Record<string, unknown> }, db: Pick<pg.Pool, 'query'>,
    ): Promise<number> {
      if (id === 0) {
        await db.query('LOCK TABLE unit_types IN EXCLUSIVE MODE');
        const row = await one<{ id: number }>(
          `INSERT INTO unit_types (id, name, icon, io_map, io_catalogue) VALUES ((SELECT coalesce(max(id), 0) + 1 FROM unit_types), $1, $2, $3, $4) RETURNING id`,
          [t.name, t.icon, JSON.stringify(t.iomap), JSON.stringify(t.iocatalogue)], db);
        return (row as { id: number }).id;
      }
      await db.query('UPDATE unit_types SET name = $2, icon = $3, io_map = $4, io_catalogue = $5 WHERE id = $1',
        [id, t.name, t.icon, JSON.stringify(t.iomap), JSON.stringify(t.iocatalogue)]);
      return id;
    },

    /** Whether the brand is the installation's default one (its super administrators keep the unit type catalogue). */
    async isDefaultBrand(brandId: number): Promise<boolean> {
      return (await one<{ d: boolean }>('SELECT is_default AS d FROM brands WHERE id = $1', [brandId]))?.d === true;
    },

    /**
     * Search across the customers (of the brand, super) and the given live sites: customers and
     * sites by name, units by registration or device id, users by name or e-mail. At most `limit`.
     */
    async search(w: string, scope: { brandId: number | null; siteIds: number[] }, limit: number): Promise<SearchHit[]> {
      const like = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const r = await pool.query<SearchHit>(
        `WITH reach AS (SELECT s.id, s.name, s.customer_id FROM sites s JOIN customers c ON c.id = s.customer_id
            WHERE s.removed_at IS NULL AND (s.id = ANY($2::int[]) OR c.brand_id = $3))
         (SELECT 'customer' AS kind, c.id, c.name, CASE WHEN c.suspended_at IS NULL THEN '' ELSE 'suspended' END AS detail, c.id AS cid, NULL::int AS siteid
            FROM customers c WHERE c.name ILIKE $1 AND (c.brand_id = $3 OR c.id IN (SELECT customer_id FROM reach)) ORDER BY c.name LIMIT $4)
         UNION ALL
         (SELECT 'site', r.id, r.name, c.name, r.customer_id, r.id FROM reach r JOIN customers c ON c.id = r.customer_id
            WHERE r.name ILIKE $1 ORDER BY r.name LIMIT $4)
         UNION ALL
         (SELECT 'unit', u.id, u.registration, u.device_id || ' · ' || r.name, r.customer_id, r.id FROM units u JOIN reach r ON r.id = u.site_id
            WHERE u.removed_at IS NULL AND (u.registration ILIKE $1 OR u.device_id ILIKE $1) ORDER BY u.registration LIMIT $4)
         UNION ALL
         (SELECT 'user', x.id, x.name, coalesce(x.email, ''), x.customer_id, NULL::int FROM users x
            WHERE (x.name ILIKE $1 OR x.email ILIKE $1)
              AND (EXISTS (SELECT 1 FROM user_sites us JOIN reach r ON r.id = us.site_id WHERE us.user_id = x.id)
                   OR ($3::int IS NOT NULL AND x.customer_id IN (SELECT id FROM customers WHERE brand_id = $3)))
            ORDER BY x.name LIMIT $4)
         LIMIT $4`,
        [like, scope.siteIds, scope.brandId, limit]);
      return r.rows;
    },
  };
}
export type EstateRepository = ReturnType<typeof estateRepository>;
