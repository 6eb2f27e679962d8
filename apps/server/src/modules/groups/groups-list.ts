import { inTransaction } from '@fleet/db';
import { groupRecSchema, type GroupRec } from '@fleet/shared';
import type pg from 'pg';
import { badRequest } from '../../lib/errors.ts';
import { defineConfigList } from '../config/index.ts';

/**
 * 'groups': the site's vehicle groups with their members (administrators change them; operators read).
 * A group may be deleted (its vehicles stay), except while a scheduled report reports on it.
 */
export function groupsConfigList(pool: pg.Pool, schedulesUsing: (siteId: number, metric: 'group', id: number) => Promise<string[]>) {
  const setUnits = async (db: pg.PoolClient, siteId: number, groupId: number, rec: GroupRec) => {
    const units = [...new Set(rec.units)];
    const found = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM units WHERE id = ANY($1::int[]) AND site_id = $2 AND removed_at IS NULL', [units, siteId]);
    if (found.rows[0]?.n !== units.length) throw badRequest('units: every vehicle of a group must be a live vehicle of this site.');
    await db.query('DELETE FROM group_units WHERE group_id = $1', [groupId]);
    await db.query('INSERT INTO group_units (group_id, unit_id) SELECT $1, unnest($2::int[])', [groupId, units]);
  };
  return defineConfigList({
    name: 'groups',
    title: 'Groups',
    noun: 'group',
    rec: groupRecSchema,
    who: 'admin',
    read: 'operator',
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'count', label: 'Vehicles', kind: 'number' },
      { key: 'members', label: 'Members' },
    ],
    async list({ siteId }) {
      const r = await pool.query<{ id: number; name: string; count: number; members: string | null }>(
        `SELECT g.id, g.name, count(u.id)::int AS count, string_agg(u.registration, ', ' ORDER BY u.registration) AS members
         FROM groups g LEFT JOIN group_units gu ON gu.group_id = g.id LEFT JOIN units u ON u.id = gu.unit_id AND u.removed_at IS NULL
         WHERE g.site_id = $1 GROUP BY g.id ORDER BY g.name, g.id`, [siteId]);
      return r.rows.map((g) => ({ id: g.id, name: g.name, count: g.count, members: g.members ?? '' }));
    },
    async get({ siteId }, id) {
      const r = await pool.query<{ id: number; name: string; units: number[] }>(
        `SELECT g.id, g.name, coalesce(array_agg(u.id ORDER BY u.registration) FILTER (WHERE u.id IS NOT NULL), '{}') AS units
         FROM groups g LEFT JOIN group_units gu ON gu.group_id = g.id LEFT JOIN units u ON u.id = gu.unit_id AND u.removed_at IS NULL
         WHERE g.id = $1 AND g.site_id = $2 GROUP BY g.id`, [id, siteId]);
      return r.rows[0] ?? null;
    },
    async add({ siteId }, rec) {
      return inTransaction(pool, async (db) => {
        const id = (await db.query<{ id: number }>('INSERT INTO groups (site_id, name) VALUES ($1, $2) RETURNING id', [siteId, rec.name])).rows[0]!.id;
        await setUnits(db, siteId, id, rec);
        return id;
      });
    },
    async edit({ siteId }, id, rec) {
      return inTransaction(pool, async (db) => {
        const r = await db.query('UPDATE groups SET name = $3 WHERE id = $1 AND site_id = $2', [id, siteId, rec.name]);
        if ((r.rowCount ?? 0) === 0) return false;
        await setUnits(db, siteId, id, rec);
        return true;
      });
    },
    async inUse({ siteId }, id) {
      const schedules = await schedulesUsing(siteId, 'group', id);
      return schedules.length > 0 ? `The scheduled report "${schedules[0]}" reports on this group: change or delete it first.` : null;
    },
    async remove({ siteId }, id) {
      const r = await pool.query('DELETE FROM groups WHERE id = $1 AND site_id = $2', [id, siteId]);
      return (r.rowCount ?? 0) > 0 ? 'The group was removed. Its vehicles stay.' : null;
    },
  });
}
