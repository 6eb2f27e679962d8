import { inTransaction } from '@fleet/db';
import { driverRecSchema, type DriverRec } from '@fleet/shared';
import type pg from 'pg';
import { badRequest } from '../../lib/errors.ts';
import { defineConfigList } from '../config/index.ts';

interface DriverRow { id: number; name: string; tag: string | null; account: string | null; shift_pattern_id: number | null; pattern: string | null; vehicle: string | null }

/**
 * 'drivers': the site's drivers (administrators change them; operators read them). A driver's
 * account (their sign-in for cab devices) is a user and is edited in the users list; here it is shown.
 * A delete is refused while the driver is assigned to a vehicle, signed in on a cab device, or has
 * timesheets (they are pay records and go with the driver), or a scheduled report names them.
 */
export function driversConfigList(pool: pg.Pool, schedulesUsing: (siteId: number, metric: 'driver', id: number) => Promise<string[]>) {
  const checkPattern = async (siteId: number, rec: DriverRec) => {
    if (rec.shiftpattern === null) return;
    const r = await pool.query('SELECT 1 FROM shift_patterns WHERE id = $1 AND site_id = $2', [rec.shiftpattern, siteId]);
    if (r.rowCount === 0) throw badRequest(`There is no shift pattern ${rec.shiftpattern} on this site.`);
  };
  return defineConfigList({
    name: 'drivers',
    title: 'Drivers',
    noun: 'driver',
    rec: driverRecSchema,
    who: 'admin',
    read: 'operator',
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'tag', label: 'Tag' },
      { key: 'account', label: 'Account' },
      { key: 'pattern', label: 'Shift pattern', filter: true },
      { key: 'vehicle', label: 'Vehicle' },
    ],
    search: ['name', 'tag', 'account', 'vehicle'],
    async list({ siteId }) {
      const r = await pool.query<DriverRow>(
        `SELECT d.id, d.name, d.tag, u.email AS account, d.shift_pattern_id, p.name AS pattern,
           (SELECT string_agg(v.registration, ', ' ORDER BY v.registration) FROM units v WHERE v.driver_id = d.id AND v.removed_at IS NULL) AS vehicle
         FROM drivers d LEFT JOIN users u ON u.id = d.user_id LEFT JOIN shift_patterns p ON p.id = d.shift_pattern_id
         WHERE d.site_id = $1 ORDER BY d.name, d.id`, [siteId]);
      return r.rows.map((d) => ({
        id: d.id, name: d.name, tag: d.tag ?? '', account: d.account ?? '', shiftpattern: d.shift_pattern_id,
        pattern: d.pattern ?? "Site's default", vehicle: d.vehicle ?? '',
      }));
    },
    async get({ siteId }, id) {
      const r = await pool.query<DriverRow>('SELECT id, name, tag, shift_pattern_id FROM drivers WHERE id = $1 AND site_id = $2', [id, siteId]);
      const d = r.rows[0];
      return d ? { id: d.id, name: d.name, tag: d.tag, shiftpattern: d.shift_pattern_id } : null;
    },
    async add({ siteId }, rec) {
      await checkPattern(siteId, rec);
      const r = await pool.query<{ id: number }>(
        'INSERT INTO drivers (site_id, name, tag, shift_pattern_id, updated_at) VALUES ($1, $2, $3, $4, now()) RETURNING id',
        [siteId, rec.name, rec.tag, rec.shiftpattern]);
      return r.rows[0]!.id;
    },
    async edit({ siteId }, id, rec) {
      await checkPattern(siteId, rec);
      const r = await pool.query('UPDATE drivers SET name = $3, tag = $4, shift_pattern_id = $5, updated_at = now() WHERE id = $1 AND site_id = $2',
        [id, siteId, rec.name, rec.tag, rec.shiftpattern]);
      return (r.rowCount ?? 0) > 0;
    },
    async inUse({ siteId }, id) {
      const unit = await pool.query<{ registration: string }>(
        'SELECT registration FROM units WHERE driver_id = $1 AND site_id = $2 AND removed_at IS NULL ORDER BY registration LIMIT 1', [id, siteId]);
      if (unit.rows[0]) return `The driver is assigned to ${unit.rows[0].registration}: assign that vehicle another driver first.`;
      const cab = await pool.query(
        `SELECT 1 FROM sessions WHERE kind = 'driver' AND driver_id = $1 AND revoked_at IS NULL AND expires_at > now() LIMIT 1`, [id]);
      if ((cab.rowCount ?? 0) > 0) return 'The driver is signed in on a cab device: they must sign out (or the device be revoked) first.';
      const sheets = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM timesheets WHERE driver_id = $1', [id])).rows[0]?.n ?? 0);
      if (sheets > 0) return `The driver has ${sheets} timesheet${sheets === 1 ? '' : 's'}, which are kept as pay records: the driver cannot be deleted.`;
      const schedules = await schedulesUsing(siteId, 'driver', id);
      if (schedules.length > 0) return `The scheduled report "${schedules[0]}" reports on this driver: change or delete it first.`;
      return null;
    },
    async remove({ siteId }, id) {
      return inTransaction(pool, async (db) => {
        // A removed unit keeps its history with its old site; it lets go of the driver.
        await db.query('UPDATE units SET driver_id = NULL WHERE driver_id = $1 AND removed_at IS NOT NULL', [id]);
        const r = await db.query('DELETE FROM drivers WHERE id = $1 AND site_id = $2', [id, siteId]);
        return (r.rowCount ?? 0) > 0 ? 'The driver was removed. Their past journeys keep no driver name.' : null;
      });
    },
  });
}
