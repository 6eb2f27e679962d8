import type pg from 'pg';
import { formatLocation, toLocationCode, type VehicleUpdate } from '@fleet/shared';
import { ALARM_KINDS } from '../modules/alerts/alert-view.ts';
import { placeFinder } from '../modules/fleet/place-finder.ts';
import { vehicleLive } from '../modules/fleet/vehicle-view.ts';
import type { LivePosition, StateChange } from '../modules/units/device-link.ts';

interface PoiRow { site_id: number; name: string; mode: number; lat: number | null; lon: number | null; radius: number | null; points: unknown }

/** How long a site's places are trusted before they are read again (a change made here forgets them at once). */
export const PLACES_TTL_MS = 30_000;

/**
 * Reads the new state of changed units in one query and groups it by site room. Every update
 * carries its location text ('At {POI}' or the nearest town, with an asset tracker's code
 * prefix), so an open page never shows where a vehicle was. A site's places are read once and
 * indexed (place-finder.ts), and kept for a while: a lookup is an R-tree search plus a nearest-town
 * search, cheap enough for every position of a large fleet.
 */
export function vehicleUpdates(pool: pg.Pool, ttlMs = PLACES_TTL_MS) {
  const finders = new Map<number, { at: number; where: (lat: number, lon: number) => string }>();
  // Each unit's alarm flag as last read from the database (refreshed by every update read from it).
  const alarmOf = new Map<number, boolean>();

  async function alarmsFor(unitIds: number[]): Promise<(unitId: number) => boolean> {
    const unknown = unitIds.filter((u) => !alarmOf.has(u));
    if (unknown.length > 0) {
      const res = await pool.query<{ unit_id: number }>(
        `SELECT DISTINCT unit_id FROM alerts WHERE unit_id = ANY($1::int[]) AND cleared_at IS NULL AND kind = ANY($2::text[])`, [unknown, ALARM_KINDS]);
      const alarmed = new Set(res.rows.map((r) => r.unit_id));
      for (const u of unknown) alarmOf.set(u, alarmed.has(u));
    }
    return (u) => alarmOf.get(u) ?? false;
  }

  async function findersFor(sites: number[]) {
    const now = Date.now();
    const stale = sites.filter((s) => {
      const f = finders.get(s);
      return !f || now - f.at > ttlMs;
    });
    if (stale.length > 0) {
      const poi = await pool.query<PoiRow>(
        'SELECT site_id, name, mode, lat, lon, radius, points FROM poi WHERE site_id = ANY($1::int[]) ORDER BY name, id', [stale]);
      for (const s of stale) finders.set(s, { at: now, where: placeFinder(poi.rows.filter((p) => p.site_id === s)) });
    }
    return (site: number) => finders.get(site)?.where;
  }

  return {
    async forChanges(changes: StateChange[]): Promise<Map<number, VehicleUpdate[]>> {
      const res = await pool.query<{
        unit_id: number; lat: number; lon: number; speed: number; ignition: boolean | null; angle: number;
        device_time: Date; panic: boolean; pto1: boolean; pto2: boolean; alarm: boolean; loc_code: string | null;
      }>(`SELECT s.unit_id, s.lat, s.lon, s.speed, s.ignition, s.angle, s.device_time, s.panic, s.pto1, s.pto2, s.loc_code,
            exists (SELECT 1 FROM alerts a WHERE a.unit_id = s.unit_id AND a.cleared_at IS NULL AND a.kind = ANY($2::text[])) AS alarm
          FROM unit_state s WHERE s.unit_id = ANY($1::int[])`,
        [changes.map((c) => c.unitId), ALARM_KINDS]);
      const siteOf = new Map(changes.map((c) => [c.unitId, c.siteId]));
      const whereOn = await findersFor([...new Set(changes.map((c) => c.siteId))]);
      const out = new Map<number, VehicleUpdate[]>();
      for (const r of res.rows) {
        alarmOf.set(r.unit_id, r.alarm);
        const site = siteOf.get(r.unit_id);
        if (site === undefined) continue;
        const list = out.get(site) ?? [];
        const where = whereOn(site);
        list.push({
          unitid: r.unit_id,
          ...vehicleLive({ ...r, deviceTime: r.device_time }),
          ...(where ? { loc: formatLocation(toLocationCode(r.loc_code), where(r.lat, r.lon)) } : {}),
        });
        out.set(site, list);
      }
      return out;
    },
    /**
     * Updates straight from committed positions, ahead of the state processor: location text from
     * the site's places, the alarm flag as last read from the database (alerts raised or cleared
     * refresh it through forChanges).
     */
    async forPositions(positions: LivePosition[]): Promise<Map<number, VehicleUpdate[]>> {
      const whereOn = await findersFor([...new Set(positions.map((p) => p.siteId))]);
      const alarm = await alarmsFor(positions.map((p) => p.unitId));
      const out = new Map<number, VehicleUpdate[]>();
      for (const p of positions) {
        const where = whereOn(p.siteId);
        const list = out.get(p.siteId) ?? [];
        list.push({
          unitid: p.unitId,
          ...vehicleLive({ ...p, deviceTime: new Date(p.deviceTimeMs), alarm: alarm(p.unitId) }),
          ...(where ? { loc: where(p.lat, p.lon) } : {}),
        });
        out.set(p.siteId, list);
      }
      return out;
    },
    /** A site's places changed: read them again at the next update (every site's when none is named). */
    placesChanged(siteId?: number): void {
      if (siteId === undefined) finders.clear();
      else finders.delete(siteId);
    },
  };
}
