import type pg from 'pg';

/** A registered unit as the device side looks it up: its site, its type and the type's IO map (raw). */
export interface DeviceUnitRow { id: number; site_id: number; unit_type_id: number; io_map: unknown }

/**
 * The units and unknown devices as the device listeners read and write them (ingest/unit-directory.ts
 * keeps the caches and the rules; the statements are here, with the tables).
 */
export function deviceDirectoryRepository(pool: pg.Pool) {
  return {
    async unitOfDevice(deviceId: string): Promise<DeviceUnitRow | undefined> {
      const res = await pool.query<DeviceUnitRow>(
        `SELECT u.id, u.site_id, u.unit_type_id, t.io_map FROM units u JOIN unit_types t ON t.id = u.unit_type_id
         WHERE u.device_id = $1 AND u.removed_at IS NULL`, [deviceId]);
      return res.rows[0];
    },

    async unitsByIds(ids: number[]): Promise<DeviceUnitRow[]> {
      const res = await pool.query<DeviceUnitRow>(
        `SELECT u.id, u.site_id, u.unit_type_id, t.io_map FROM units u JOIN unit_types t ON t.id = u.unit_type_id
         WHERE u.id = ANY($1::int[])`, [ids]);
      return res.rows;
    },

    /** Notes an attempt by an unregistered device; true when its id was not listed before. */
    async recordUnknown(deviceId: string, protocol: string, address: string): Promise<boolean> {
      const res = await pool.query<{ inserted: boolean }>(
        `INSERT INTO unknown_devices (device_id, protocol, last_address) VALUES ($1, $2, $3)
         ON CONFLICT (device_id) DO UPDATE SET last_at = now(), attempts = unknown_devices.attempts + 1,
           protocol = EXCLUDED.protocol, last_address = EXCLUDED.last_address
         RETURNING (xmax = 0) AS inserted`,
        [deviceId.slice(0, 64), protocol, address.slice(0, 64)]);
      return res.rows[0]?.inserted ?? false;
    },

    /** Keeps the `keep` unknown ids with the most attempts (then the latest) and forgets those silent for `days`. */
    async pruneUnknown(keep: number, days: number): Promise<void> {
      await pool.query(
        `DELETE FROM unknown_devices WHERE last_at < now() - make_interval(days => $2)
           OR device_id IN (SELECT device_id FROM unknown_devices ORDER BY attempts DESC, last_at DESC, device_id OFFSET $1)`,
        [keep, days]);
    },

    /** The site a unit is on (undefined: no such unit). */
    async siteOfUnit(unitId: number): Promise<number | undefined> {
      const res = await pool.query<{ site_id: number }>('SELECT site_id FROM units WHERE id = $1', [unitId]);
      return res.rows[0]?.site_id;
    },
  };
}
export type DeviceDirectoryRepository = ReturnType<typeof deviceDirectoryRepository>;
