import type pg from 'pg';
import { formatLocation, toLocationCode, type VehicleUpdate } from '@fleet/shared';
import { placeFinder } from '../modules/fleet/place-finder.ts';
import { vehicleLive } from '../modules/fleet/vehicle-view.ts';
import type { StateChange } from '../modules/units/device-link.ts';

interface PoiRow { site_id: number; name: string; mode: number; lat: number | null; lon: number | null; radius: number | null; points: unknown }

/**
 * Reads the new state of changed units in one query and groups it by site room. A report with a
 * location code (asset trackers) also carries its loc, so an open page shows the code at once;
 * other vehicles' location text is left to the vehicles answer, off the hot path.
 */
export function vehicleUpdates(pool: pg.Pool) {
  async function locations(rows: Array<{ unit_id: number; lat: number; lon: number; loc_code: string | null }>, siteOf: Map<number, number>) {
    const coded = rows.filter((r) => toLocationCode(r.loc_code) !== null);
    const out = new Map<number, string>();
    if (coded.length === 0) return out;
    const sites = [...new Set(coded.map((r) => siteOf.get(r.unit_id)))];
    const poi = await pool.query<PoiRow>('SELECT site_id, name, mode, lat, lon, radius, points FROM poi WHERE site_id = ANY($1::int[]) ORDER BY name', [sites]);
    const finders = new Map(sites.map((s) => [s, placeFinder(poi.rows.filter((p) => p.site_id === s))]));
    for (const r of coded) {
      const where = finders.get(siteOf.get(r.unit_id));
      if (where) out.set(r.unit_id, formatLocation(toLocationCode(r.loc_code), where(r.lat, r.lon)));
    }
    return out;
  }

  return {
    async forChanges(changes: StateChange[]): Promise<Map<number, VehicleUpdate[]>> {
      const res = await pool.query<{
        unit_id: number; lat: number; lon: number; speed: number; ignition: boolean | null; angle: number;
        device_time: Date; panic: boolean; pto1: boolean; pto2: boolean; alarm: boolean; loc_code: string | null;
      }>(`SELECT s.unit_id, s.lat, s.lon, s.speed, s.ignition, s.angle, s.device_time, s.panic, s.pto1, s.pto2, s.loc_code,
            exists (SELECT 1 FROM alerts a WHERE a.unit_id = s.unit_id AND a.cleared_at IS NULL AND a.kind IN ('panic', 'geofence')) AS alarm
          FROM unit_state s WHERE s.unit_id = ANY($1::int[])`,
        [changes.map((c) => c.unitId)]);
      const siteOf = new Map(changes.map((c) => [c.unitId, c.siteId]));
      const locs = await locations(res.rows, siteOf);
      const out = new Map<number, VehicleUpdate[]>();
      for (const r of res.rows) {
        const site = siteOf.get(r.unit_id);
        if (site === undefined) continue;
        const list = out.get(site) ?? [];
        const loc = locs.get(r.unit_id);
        list.push({
          unitid: r.unit_id,
          ...vehicleLive({ ...r, deviceTime: r.device_time }),
          ...(loc !== undefined ? { loc } : {}),
        });
        out.set(site, list);
      }
      return out;
    },
  };
}
