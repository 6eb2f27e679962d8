import type pg from 'pg';
import { deviceDirectoryRepository } from '../modules/units/index.ts';
import { resolveIoMap, type IoMap } from './io-map.ts';

export interface KnownUnit {
  unitId: number;
  siteId: number;
  unitTypeId: number;
  ioMap: IoMap;
}

const POSITIVE_TTL_MS = 60_000;
/** Unknown device ids kept at most; the ones with the fewest attempts, then the oldest, go first. */
const MAX_UNKNOWN_DEVICES = 1_000;
/** An unknown device id not heard from for this long is forgotten. */
const UNKNOWN_DEVICE_DAYS = 30;

/**
 * Finds the unit of a device id. Known units are cached for a minute; unknown ids are never cached,
 * so a unit added by an administrator is accepted at the device's very next attempt.
 */
export function unitDirectory(pool: pg.Pool, opts: { maxUnknown?: number | undefined } = {}) {
  const maxUnknown = opts.maxUnknown ?? MAX_UNKNOWN_DEVICES;
  let pruning = false;
  const cache = new Map<string, { unit: KnownUnit; at: number }>();
  const byUnit = new Map<number, KnownUnit>();
  const repo = deviceDirectoryRepository(pool);

  return {
    async lookup(deviceId: string): Promise<KnownUnit | undefined> {
      const hit = cache.get(deviceId);
      if (hit && Date.now() - hit.at < POSITIVE_TTL_MS) return hit.unit;
      const row = await repo.unitOfDevice(deviceId);
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
        for (const r of await repo.unitsByIds(missing)) {
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
      const inserted = await repo.recordUnknown(deviceId, protocol, address);
      // One prune at a time (a flood's next new id prunes again); it is housekeeping, so a failure
      // of it never changes what the device is answered.
      if (!inserted || pruning) return;
      pruning = true;
      try {
        await repo.pruneUnknown(maxUnknown, UNKNOWN_DEVICE_DAYS);
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
