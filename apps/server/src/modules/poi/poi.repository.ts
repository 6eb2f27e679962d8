import type pg from 'pg';
import type { GeofenceRow } from '../geofence/index.ts';

export interface PoiRow {
  id: number; site_id: number; name: string; mode: number; lat: number | null; lon: number | null; radius: number | null;
  points: { x: number; y: number }[] | null; show_on_map: boolean; is_geofence: boolean;
}
export interface PoiInput {
  name: string; mode: 1 | 2; lat: number | null; lon: number | null; radius: number | null;
  points: { x: number; y: number }[] | null; showOnMap: boolean; isGeofence: boolean;
}

/**
 * How long a site's places are reused without asking the database (docs/decisions.md, "A site's
 * places are cached"): every write through this repository drops them at once; a change made
 * outside this process shows within this time.
 */
export const PLACES_CACHE_MS = 5000;

/** A site's places (POI and geofences); every statement names the site, so nothing outside it is touched. */
export function poiRepository(pool: pg.Pool, now: () => number = Date.now) {
  const cache = new Map<number, { at: number; rows: readonly PoiRow[] }>();
  /** Per site, bumped by every write: a read that was under way then does not go into the cache. */
  const generation = new Map<number, number>();
  /** Bumped when every site's places are dropped at once. */
  let everySite = 0;
  const changed = (siteId: number) => {
    generation.set(siteId, (generation.get(siteId) ?? 0) + 1);
    cache.delete(siteId);
  };
  /** Runs a write of a site's places and drops the site's cached places before and after it. */
  async function writing<T>(siteId: number, write: () => Promise<T>): Promise<T> {
    changed(siteId);
    try {
      return await write();
    } finally {
      changed(siteId);
    }
  }

  return {
    /**
     * Drops a site's cached places (every site's when none is named): another api node changed
     * them (the bus's places-changed topic, issue 17). A read under way is not cached either.
     */
    forget(siteId?: number): void {
      if (siteId !== undefined) {
        changed(siteId);
        return;
      }
      everySite += 1;
      cache.clear();
    },

    /**
     * Every place of a site, by name (poi?siteid, and the location text of its vehicles), reused
     * for PLACES_CACHE_MS. The list is shared between callers: never change it or its rows.
     */
    async ofSite(siteId: number): Promise<readonly PoiRow[]> {
      const t = now();
      const hit = cache.get(siteId);
      if (hit && t - hit.at < PLACES_CACHE_MS) return hit.rows;
      const started = generation.get(siteId) ?? 0;
      const startedEvery = everySite;
      const rows = (await pool.query<PoiRow>({ name: 'poi-of-site', text: 'SELECT * FROM poi WHERE site_id = $1 ORDER BY name, id', values: [siteId] })).rows;
      if ((generation.get(siteId) ?? 0) === started && everySite === startedEvery) cache.set(siteId, { at: t, rows });
      return rows;
    },
    async get(siteId: number, id: number): Promise<PoiRow | undefined> {
      return (await pool.query<PoiRow>('SELECT * FROM poi WHERE id = $1 AND site_id = $2', [id, siteId])).rows[0];
    },
    async search(siteId: number, text: string): Promise<PoiRow[]> {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return (await pool.query<PoiRow>('SELECT * FROM poi WHERE site_id = $1 AND name ILIKE $2 ORDER BY name LIMIT 50', [siteId, like])).rows;
    },
    async insert(siteId: number, p: PoiInput): Promise<number> {
      const r = await writing(siteId, () => pool.query<{ id: number }>(
        `INSERT INTO poi (site_id, name, mode, lat, lon, radius, points, show_on_map, is_geofence)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9) RETURNING id`,
        [siteId, p.name, p.mode, p.lat, p.lon, p.radius, p.points ? JSON.stringify(p.points) : null, p.showOnMap, p.isGeofence]));
      return (r.rows[0] as { id: number }).id;
    },
    async update(siteId: number, id: number, p: PoiInput): Promise<boolean> {
      const r = await writing(siteId, () => pool.query(
        `UPDATE poi SET name = $3, mode = $4, lat = $5, lon = $6, radius = $7, points = $8::jsonb, show_on_map = $9, is_geofence = $10
         WHERE id = $1 AND site_id = $2`,
        [id, siteId, p.name, p.mode, p.lat, p.lon, p.radius, p.points ? JSON.stringify(p.points) : null, p.showOnMap, p.isGeofence]));
      return (r.rowCount ?? 0) > 0;
    },
    async remove(siteId: number, id: number): Promise<boolean> {
      return ((await writing(siteId, () => pool.query('DELETE FROM poi WHERE id = $1 AND site_id = $2', [id, siteId]))).rowCount ?? 0) > 0;
    },
  };
}
export type PoiRepository = ReturnType<typeof poiRepository>;

/**
 * Every geofence of every site, for the events processor's spatial index (loaded before its first
 * run and again when a place is saved). Not cached: the processor keeps the index it builds.
 */
export async function geofencesOfAllSites(pool: pg.Pool): Promise<GeofenceRow[]> {
  const r = await pool.query<{ id: number; site_id: number; mode: number; lat: number | null; lon: number | null; radius: number | null; points: GeofenceRow['points'] }>(
    'SELECT id, site_id, mode, lat, lon, radius, points FROM poi WHERE is_geofence');
  return r.rows.map((p) => ({ id: p.id, siteId: p.site_id, mode: p.mode, lat: p.lat, lon: p.lon, radius: p.radius, points: p.points }));
}
