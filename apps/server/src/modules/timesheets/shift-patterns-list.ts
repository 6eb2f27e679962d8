import { type ShiftPatternRec, shiftPatternRecSchema } from '@fleet/shared';
import type pg from 'pg';
import { badRequest } from '../../lib/errors.ts';
import { defineConfigList } from '../config/index.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** 'Mon–Fri 07:00–17:00', or the days one by one where they differ. */
function daysText(rec: ShiftPatternRec['pattern']): string {
  if (rec.days.length === 0) return 'No planned days';
  const days = [...rec.days].sort((a, b) => a.weekday - b.weekday);
  const same = days.every((d) => d.start === days[0]?.start && d.end === days[0]?.end);
  const names = days.map((d) => WEEKDAYS[d.weekday - 1]).join(', ');
  return same ? `${names} ${days[0]?.start}–${days[0]?.end}` : days.map((d) => `${WEEKDAYS[d.weekday - 1]} ${d.start}–${d.end}`).join(', ');
}

const minutesText = (m: number | null) => (m === null ? 'none' : `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`);

/**
 * 'shiftpatterns': the site's shift patterns (administrators). One is the site's default, held
 * against every driver without a pattern of their own: the first pattern of a site becomes it,
 * marking another the default takes it over, and the default cannot be unmarked or removed while
 * other patterns exist (mark another first).
 */
export function shiftPatternsConfigList(pool: pg.Pool) {
  async function inTransaction<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // One change to a site's patterns at a time: the default moves between rows.
      await client.query('SELECT pg_advisory_xact_lock(7262015)');
      const out = await work(client);
      await client.query('COMMIT');
      return out;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }
  const stored = (rec: ShiftPatternRec) => {
    const { name: _name, ...pattern } = rec.pattern;
    return JSON.stringify(pattern);
  };
  return defineConfigList({
    name: 'shiftpatterns',
    title: 'Shift patterns',
    rec: shiftPatternRecSchema,
    who: 'admin',
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'days', label: 'Planned days' },
      { key: 'overtime', label: 'Overtime after' },
      { key: 'default', label: 'Default' },
    ],
    async list({ siteId }) {
      const r = await pool.query<{ id: number; name: string; is_default: boolean; pattern: Record<string, unknown> }>(
        'SELECT id, name, is_default, pattern FROM shift_patterns WHERE site_id = $1 ORDER BY is_default DESC, name, id', [siteId]);
      return r.rows.map((row) => {
        const parsed = shiftPatternRecSchema.shape.pattern.safeParse({ ...row.pattern, name: row.name });
        const p = parsed.success ? parsed.data : null;
        return {
          id: row.id, name: row.name, isDefault: row.is_default, default: row.is_default ? 'Yes' : '',
          days: p ? daysText(p) : 'Not readable',
          overtime: p ? `${minutesText(p.overtimeAfterDayMin)} a day, ${minutesText(p.overtimeAfterWeekMin)} a week` : '',
        };
      });
    },
    async get({ siteId }, id) {
      const row = (await pool.query<{ id: number; name: string; is_default: boolean; pattern: Record<string, unknown> }>(
        'SELECT id, name, is_default, pattern FROM shift_patterns WHERE id = $1 AND site_id = $2', [id, siteId])).rows[0];
      if (!row) return null;
      const parsed = shiftPatternRecSchema.shape.pattern.safeParse({ ...row.pattern, name: row.name });
      if (!parsed.success) return null;
      return { id: row.id, pattern: parsed.data, isDefault: row.is_default };
    },
    async add({ siteId }, rec) {
      return inTransaction(async (db) => {
        const hasDefault = (await db.query('SELECT 1 FROM shift_patterns WHERE site_id = $1 AND is_default', [siteId])).rowCount;
        const isDefault = rec.isDefault || !hasDefault;
        if (isDefault) await db.query('UPDATE shift_patterns SET is_default = false, updated_at = now() WHERE site_id = $1 AND is_default', [siteId]);
        const r = await db.query<{ id: number }>(
          'INSERT INTO shift_patterns (site_id, name, pattern, is_default) VALUES ($1, $2, $3::jsonb, $4) RETURNING id',
          [siteId, rec.pattern.name, stored(rec), isDefault]);
        return r.rows[0]?.id as number;
      });
    },
    async edit({ siteId }, id, rec) {
      return inTransaction(async (db) => {
        const row = (await db.query<{ is_default: boolean }>('SELECT is_default FROM shift_patterns WHERE id = $1 AND site_id = $2', [id, siteId])).rows[0];
        if (!row) return false;
        if (row.is_default && !rec.isDefault) {
          throw badRequest('A site keeps one default shift pattern: mark another pattern as the default instead.');
        }
        if (rec.isDefault && !row.is_default) {
          await db.query('UPDATE shift_patterns SET is_default = false, updated_at = now() WHERE site_id = $1 AND is_default', [siteId]);
        }
        await db.query('UPDATE shift_patterns SET name = $3, pattern = $4::jsonb, is_default = $5, updated_at = now() WHERE id = $1 AND site_id = $2',
          [id, siteId, rec.pattern.name, stored(rec), rec.isDefault]);
        return true;
      });
    },
    async remove({ siteId }, id) {
      return inTransaction(async (db) => {
        const row = (await db.query<{ is_default: boolean }>('SELECT is_default FROM shift_patterns WHERE id = $1 AND site_id = $2', [id, siteId])).rows[0];
        if (!row) return null;
        const others = (await db.query('SELECT 1 FROM shift_patterns WHERE site_id = $1 AND id <> $2', [siteId, id])).rowCount ?? 0;
        if (row.is_default && others > 0) throw badRequest('This is the site\'s default shift pattern: mark another pattern as the default first.');
        const drivers = (await db.query('UPDATE drivers SET shift_pattern_id = NULL WHERE shift_pattern_id = $1', [id])).rowCount ?? 0;
        await db.query('DELETE FROM shift_patterns WHERE id = $1', [id]);
        return drivers > 0
          ? `The shift pattern was removed. Its ${drivers} driver${drivers === 1 ? '' : 's'} now follow the site's default pattern.`
          : 'The shift pattern was removed.';
      });
    },
  });
}
