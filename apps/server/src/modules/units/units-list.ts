import { inTransaction } from '@fleet/db';
import { unitRecSchema, type UnitRec } from '@fleet/shared';
import type pg from 'pg';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { defineConfigList } from '../config/index.ts';

interface UnitRow {
  id: number; registration: string; device_id: string; unit_type_id: number; type: string; vicon: string; driver_id: number | null;
  driver: string | null; due_date: string | null; due_km: number | null; due_hours: number | null; tank_litres: number | null;
}

const dueText = (u: UnitRow) => [
  u.due_date ? u.due_date : '', u.due_km !== null ? `${Math.round(u.due_km).toLocaleString('en-GB')} km` : '', u.due_hours !== null ? `${u.due_hours} h` : '',
].filter(Boolean).join(' or ');

/**
 * 'units': the site's live units (administrators). Adding one registers its device on the current
 * site (as addnewsiteunit: a device id registered anywhere is refused 409); the device id cannot
 * change afterwards (remove the unit and add the new device). Deleting takes the unit off the site
 * (units.removed_at, as removeunitfromsite): its history stays with the site and the device id is
 * free again. Refused while a driver is signed on to it on a cab device or a scheduled report names it.
 */
export function unitsConfigList(pool: pg.Pool, opts: {
  /** The device listeners forget what they knew of a device id (its next report is looked up afresh). */
  forget(deviceId: string): void;
  schedulesUsing(siteId: number, metric: 'vehicle', id: number): Promise<string[]>;
}) {
  const check = async (siteId: number, rec: UnitRec) => {
    if ((await pool.query('SELECT 1 FROM unit_types WHERE id = $1', [rec.unittype])).rowCount === 0) throw badRequest(`There is no unit type ${rec.unittype}.`);
    if (rec.driver !== null && (await pool.query('SELECT 1 FROM drivers WHERE id = $1 AND site_id = $2', [rec.driver, siteId])).rowCount === 0) {
      throw badRequest(`There is no driver ${rec.driver} on this site.`);
    }
  };
  const one = async (db: pg.Pool | pg.PoolClient, siteId: number, id: number) =>
    (await db.query<{ device_id: string }>('SELECT device_id FROM units WHERE id = $1 AND site_id = $2 AND removed_at IS NULL', [id, siteId])).rows[0];
  return defineConfigList({
    name: 'units',
    title: 'Units',
    noun: 'unit',
    rec: unitRecSchema,
    who: 'admin',
    nameOf: (r) => r.registration,
    columns: [
      { key: 'registration', label: 'Registration' },
      { key: 'deviceid', label: 'Device id' },
      { key: 'type', label: 'Unit type', filter: true },
      { key: 'driver', label: 'Driver' },
      { key: 'service', label: 'Service due' },
      { key: 'tank', label: 'Fuel tank' },
    ],
    async list({ siteId }) {
      const r = await pool.query<UnitRow>(
        `SELECT u.id, u.registration, u.device_id, u.unit_type_id, t.name AS type, u.vicon, u.driver_id, d.name AS driver,
           u.service_due_date::text AS due_date, u.service_due_km AS due_km, u.service_due_hours AS due_hours, u.tank_litres
         FROM units u JOIN unit_types t ON t.id = u.unit_type_id LEFT JOIN drivers d ON d.id = u.driver_id
         WHERE u.site_id = $1 AND u.removed_at IS NULL ORDER BY u.registration, u.id`, [siteId]);
      return r.rows.map((u) => ({
        id: u.id, registration: u.registration, deviceid: u.device_id, type: u.type, driver: u.driver ?? '', service: dueText(u),
        tank: u.tank_litres !== null ? `${u.tank_litres} l` : '',
      }));
    },
    async get({ siteId }, id) {
      const r = await pool.query<UnitRow>(
        'SELECT id, registration, device_id, unit_type_id, vicon, driver_id, tank_litres FROM units WHERE id = $1 AND site_id = $2 AND removed_at IS NULL', [id, siteId]);
      const u = r.rows[0];
      return u ? { id: u.id, registration: u.registration, deviceid: u.device_id, unittype: u.unit_type_id, icon: u.vicon, driver: u.driver_id, tanklitres: u.tank_litres } : null;
    },
    async add({ siteId, caller }, rec) {
      await check(siteId, rec);
      const taken = (await pool.query<{ id: number; site_id: number }>('SELECT id, site_id FROM units WHERE device_id = $1 AND removed_at IS NULL', [rec.deviceid])).rows[0];
      if (taken) {
        // As addnewsiteunit: only a caller who can see the unit learns where it is.
        throw new ApiError(409, caller.siteIds.includes(taken.site_id)
          ? `The device ${rec.deviceid} is already registered on one of your sites (unit ${taken.id}).`
          : `The device ${rec.deviceid} cannot be added. If it is yours, ask your provider's support to move it to your site.`);
      }
      const id = await inTransaction(pool, async (db) => {
        const added = (await db.query<{ id: number }>(
          'INSERT INTO units (site_id, device_id, unit_type_id, registration, vicon, driver_id, tank_litres) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
          [siteId, rec.deviceid, rec.unittype, rec.registration, rec.icon, rec.driver, rec.tanklitres])).rows[0]!.id;
        await db.query('DELETE FROM unknown_devices WHERE device_id = $1', [rec.deviceid]);
        return added;
      });
      opts.forget(rec.deviceid);
      return id;
    },
    async edit({ siteId }, id, rec) {
      const unit = await one(pool, siteId, id);
      if (!unit) return false;
      if (unit.device_id !== rec.deviceid) {
        throw badRequest("deviceid: a unit's device id cannot change: delete the unit and add the new device.");
      }
      await check(siteId, rec);
      await pool.query('UPDATE units SET registration = $3, unit_type_id = $4, vicon = $5, driver_id = $6, tank_litres = $7 WHERE id = $1 AND site_id = $2',
        [id, siteId, rec.registration, rec.unittype, rec.icon, rec.driver, rec.tanklitres]);
      return true;
    },
    async inUse({ siteId }, id) {
      const cab = await pool.query<{ name: string }>(
        `SELECT d.name FROM sessions s JOIN drivers d ON d.id = s.driver_id
         WHERE s.kind = 'driver' AND s.unit_id = $1 AND s.revoked_at IS NULL AND s.expires_at > now() LIMIT 1`, [id]);
      if (cab.rows[0]) return `${cab.rows[0].name} is signed on to this vehicle on a cab device: they must sign off first.`;
      const schedules = await opts.schedulesUsing(siteId, 'vehicle', id);
      if (schedules.length > 0) return `The scheduled report "${schedules[0]}" reports on this vehicle: change or delete it first.`;
      return null;
    },
    async remove({ siteId }, id) {
      const removed = await inTransaction(pool, async (db) => {
        const r = await db.query<{ device_id: string }>(
          'UPDATE units SET removed_at = now() WHERE id = $1 AND site_id = $2 AND removed_at IS NULL RETURNING device_id', [id, siteId]);
        if (!r.rows[0]) return null;
        await db.query('DELETE FROM group_units WHERE unit_id = $1', [id]);
        return r.rows[0].device_id;
      });
      if (removed === null) return null;
      opts.forget(removed);
      return 'The unit was taken off the site. Its journeys and alerts stay with the site; its device id is free to register again.';
    },
  });
}
