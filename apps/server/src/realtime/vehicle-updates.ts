import type pg from 'pg';
import type { VehicleUpdate } from '@fleet/shared';
import { vehicleLive } from '../modules/fleet/vehicle-view.ts';
import type { StateChange } from '../modules/units/device-link.ts';

/** Reads the new state of changed units in one query and groups it by site room. */
export function vehicleUpdates(pool: pg.Pool) {
  return {
    async forChanges(changes: StateChange[]): Promise<Map<number, VehicleUpdate[]>> {
      const res = await pool.query<{
        unit_id: number; lat: number; lon: number; speed: number; ignition: boolean | null; angle: number;
        device_time: Date; panic: boolean; pto1: boolean; pto2: boolean; alarm: boolean;
      }>(`SELECT s.unit_id, s.lat, s.lon, s.speed, s.ignition, s.angle, s.device_time, s.panic, s.pto1, s.pto2,
            exists (SELECT 1 FROM alerts a WHERE a.unit_id = s.unit_id AND a.cleared_at IS NULL AND a.kind IN ('panic', 'geofence')) AS alarm
          FROM unit_state s WHERE s.unit_id = ANY($1::int[])`,
        [changes.map((c) => c.unitId)]);
      const siteOf = new Map(changes.map((c) => [c.unitId, c.siteId]));
      const out = new Map<number, VehicleUpdate[]>();
      for (const r of res.rows) {
        const site = siteOf.get(r.unit_id);
        if (site === undefined) continue;
        const list = out.get(site) ?? [];
        list.push({
          unitid: r.unit_id,
          ...vehicleLive({ ...r, deviceTime: r.device_time }),
        });
        out.set(site, list);
      }
      return out;
    },
  };
}
