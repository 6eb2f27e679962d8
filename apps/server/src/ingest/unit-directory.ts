import type pg from 'pg';
import { resolveIoMap, type IoMap } from './io-map.ts';

export interface KnownUnit {
  unitId: number;
  siteId: number;
  unitTypeId: number;
  ioMap: IoMap;
}

const POSITIVE_TTL_MS = 60_000;
/** Unknown device ids kept at most; the ones with the fewest attempts, then the oldest, go first. */
export const MAX_UNKNOWN_DEVICES = 1_000;
/** An unknown device id not heard from for this long is forgotten. */
export const UNKNOWN_DEVICE_DAYS = 30;

/**
 * Finds the unit of a device id. Known units are cached for a minute; unknown ids are never cached,
 * so a unit added by an administrator is accepted at the device's very next attempt.
 */
export function unitDirectory(pool: pg.Pool, opts: { maxUnknown?: number | undefined } = {}) {
  const maxUnknown = opts.maxUnknown ?? MAX_UNKNOWN_DEVICES;
  let pruning = false;
  const cache = new Map<string, { unit: KnownUnit; at: number }>();
  const byUnit = new Map<number, KnownUnit>();

  return {
    async lookup(deviceId: string): Promise<KnownUnit | undefined> {
      const hit = cache.get(deviceId);
      if (hit && Date.now() - hit.at < POSITIVE_TTL_MS) return hit.unit;
      const res = await pool.query<{ id: number; site_id: number; unit_type_id: number; io_map: unknown }>(
        `SELECT u.id, u.site_id, u.unit_type_id, t.io_map FROM units u JOIN unit_types t ON t.id = u.unit_type_id
         WHERE u.device_id = $1`, [deviceId]);
      const row = res.rows[0];
      if (!row) {
        cache.delete(deviceId);
        return undefined;
      }
      const unit = { unitId: row.id, siteId: row.site_id, unitTypeId: row.unit_type_id, ioMap: resolveIoMap(row.io_map) };
      cache.set(deviceId, { unit, at: Date.now() });
      byUnit.set(unit.unitId, unit);
      return unit;
    },

    /** Units by id for the processor (loads the ones it has not seen). */
    async units(ids: number[]): Promise<Map<number, KnownUnit>> {
      const missing = ids.filter((id) => !byUnit.has(id));
      if (missing.length) {
        const res = await pool.query<{ id: number; site_id: number; unit_type_id: number; io_map: unknown }>(
          `SELECT u.id, u.site_id, u.unit_type_id, t.io_map FROM units u JOIN unit_types t ON t.id = u.unit_type_id
           WHERE u.id = ANY($1::int[])`, [missing]);
        for (const r of res.rows) {
          byUnit.set(r.id, { unitId: r.id, siteId: r.site_id, unitTypeId: r.unit_type_id, ioMap: resolveIoMap(r.io_map) });
        }
      }
      return new Map(ids.flatMap((id) => { const u = byUnit.get(id); return u ? [[id, u] as const] : []; }));
    },

    /**
     * Notes an attempt by a device that is not registered (listed for super administrators). The
     * list is bounded: anyone can send ids, so each new id pushes out, beyond the cap, the ids with
     * the fewest attempts (then the oldest), and ids silent for 30 days are forgotten. A real device
     * retries, so it climbs above a flood of ids tried once.
     */
    async recordUnknown(deviceId: string, protocol: string, address: string): Promise<void> {
      const res = await pool.query<{ inserted: boolean }>(
        `INSERT INTO unknown_devices (device_id, protocol, last_address) VALUES ($1, $2, $3)
         ON CONFLICT (device_id) DO UPDATE SET last_at = now(), attempts = unknown_devices.attempts + 1,
           protocol = EXCLUDED.protocol, last_address = EXCLUDED.last_address
         RETURNING (xmax = 0) AS inserted`,
        [deviceId.slice(0, 64), protocol, address.slice(0, 64)]);
      // One prune at a time (a flood's next new id prunes again); it is housekeeping, so a failure
      // of it never changes what the device is answered.
      if (!res.rows[0]?.inserted || pruning) return;
      pruning = true;
      try {
        await pool.query(
          `DELETE FROM unknown_devices WHERE last_at < now() - make_interval(days => $2)
             OR device_id IN (SELECT device_id FROM unknown_devices ORDER BY attempts DESC, last_at DESC, device_id OFFSET $1)`,
          [maxUnknown, UNKNOWN_DEVICE_DAYS]);
      } catch {
        // Left for the next new id.
      } finally {
        pruning = false;
      }
    },

    forget(deviceId?: string): void {
      if (deviceId) cache.delete(deviceId);
      else cache.clear();
      byUnit.clear();
    },
  };
}
export type UnitDirectory = ReturnType<typeof unitDirectory>;
