import { asc, eq, sql } from 'drizzle-orm';
import { checkout, schema, type Db } from '@fleet/db';
import type pg from 'pg';

const { groups, groupUnits } = schema;

/** A site's vehicle groups and their vehicles; every statement names the site, so nothing outside it is touched. */
export function groupsRepository(db: Db, pool: pg.Pool) {
  return {
    /** Every group of the site by name, each with its vehicles' ids in order (none: an empty list). */
    async ofSite(siteId: number) {
      return db
        .select({ id: groups.id, name: groups.name, units: sql<number[]>`coalesce(array_agg(${groupUnits.unitId} ORDER BY ${groupUnits.unitId}) FILTER (WHERE ${groupUnits.unitId} IS NOT NULL), '{}')` })
        .from(groups)
        .leftJoin(groupUnits, eq(groupUnits.groupId, groups.id))
        .where(eq(groups.siteId, siteId))
        .groupBy(groups.id)
        .orderBy(asc(groups.name));
    },
    async add(siteId: number, name: string): Promise<number> {
      const r = await pool.query<{ id: number }>('INSERT INTO groups (site_id, name) VALUES ($1, $2) RETURNING id', [siteId, name]);
      return (r.rows[0] as { id: number }).id;
    },
    /** Sets a group's vehicles; false when the group or any unit is not on the site. */
    async setUnits(siteId: number, groupId: number, unitIds: number[]): Promise<boolean> {
      const client = await checkout(pool);
      try {
        await client.query('BEGIN');
        const g = await client.query('SELECT 1 FROM groups WHERE id = $1 AND site_id = $2 FOR UPDATE', [groupId, siteId]);
        const u = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM units WHERE id = ANY($1::int[]) AND site_id = $2 AND removed_at IS NULL', [unitIds, siteId]);
        if (g.rowCount === 0 || u.rows[0]?.n !== new Set(unitIds).size) {
          await client.query('ROLLBACK');
          return false;
        }
        await client.query('DELETE FROM group_units WHERE group_id = $1', [groupId]);
        await client.query('INSERT INTO group_units (group_id, unit_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [groupId, unitIds]);
        await client.query('COMMIT');
        return true;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.done();
      }
    },
  };
}
export type GroupsRepository = ReturnType<typeof groupsRepository>;
