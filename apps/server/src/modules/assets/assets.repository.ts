import { ASSET_UNIT_TYPE, DEFAULT_WORKING_HOURS, workingHoursSchema, type WorkingHours } from '@fleet/shared';
import type { XY } from '@fleet/shared/rules/geo';
import type pg from 'pg';
import type { AssetRules } from '../../ingest/processors/asset-rules.ts';

/** One asset tracker of a site with its latest state (null columns: it never reported) and open Asset Movement alert. */
export interface AssetRow {
  id: number; registration: string; vicon: string; asset_hours: unknown; asset_poi_id: number | null; poi_name: string | null;
  lat: number | null; lon: number | null; status_ms: number | null; movement: boolean | null; loc_code: string | null;
  io: Record<string, number | string> | null; alert_id: string | null; alert_ms: number | null; alert_detail: string | null;
}

const ASSETS_OF_SITE = `
  SELECT u.id, u.registration, u.vicon, u.asset_hours, u.asset_poi_id, p.name AS poi_name,
    s.lat, s.lon, (extract(epoch FROM s.status_time) * 1000)::float8 AS status_ms, s.movement, s.loc_code, s.io,
    a.id::text AS alert_id, (extract(epoch FROM a.happened_at) * 1000)::float8 AS alert_ms, a.detail AS alert_detail
  FROM units u
  LEFT JOIN poi p ON p.id = u.asset_poi_id
  LEFT JOIN unit_state s ON s.unit_id = u.id
  LEFT JOIN LATERAL (
    SELECT id, happened_at, detail FROM alerts
    WHERE unit_id = u.id AND kind = 'geofence' AND event = 'movement' AND cleared_at IS NULL
    ORDER BY happened_at DESC LIMIT 1
  ) a ON true
  WHERE u.site_id = $1 AND u.unit_type_id = $2 AND u.removed_at IS NULL
  ORDER BY u.registration, u.id`;

/** An asset tracker's rules as saved, with what the audit line names. */
export interface AssetRulesRow {
  id: number; site_id: number; unit_type_id: number; registration: string; customer_id: number | null; asset_hours: unknown; asset_poi_id: number | null;
}

/** Stored hours that do not parse (edited by hand) count as none: the site's hours. */
export function storedHours(raw: unknown): WorkingHours | null {
  if (raw === null || raw === undefined) return null;
  const parsed = workingHoursSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The asset module's reads and writes (units.asset_hours, units.asset_poi_id are its columns). */
export function assetsRepository(pool: pg.Pool) {
  return {
    pool,
    async assetsOfSite(siteId: number): Promise<AssetRow[]> {
      return (await pool.query<AssetRow>({ name: 'assets-of-site', text: ASSETS_OF_SITE, values: [siteId, ASSET_UNIT_TYPE] })).rows;
    },

    /** The site's zone and working hours (what does not parse: the default hours). */
    async siteHours(siteId: number): Promise<{ tz: string; hours: WorkingHours }> {
      const r = await pool.query<{ timezone: string; working_hours: unknown }>('SELECT timezone, working_hours FROM sites WHERE id = $1', [siteId]);
      const row = r.rows[0];
      const parsed = workingHoursSchema.safeParse(row?.working_hours);
      return { tz: row?.timezone ?? 'Europe/London', hours: parsed.success ? parsed.data : DEFAULT_WORKING_HOURS };
    },

    /** The unit's rules under its row lock, for a change in `client`'s transaction; null: no such live unit. */
    async lockRules(client: pg.PoolClient, unitId: number): Promise<AssetRulesRow | null> {
      const r = await client.query<AssetRulesRow>(
        `SELECT u.id, u.site_id, u.unit_type_id, u.registration, s.customer_id, u.asset_hours, u.asset_poi_id
         FROM units u JOIN sites s ON s.id = u.site_id WHERE u.id = $1 AND u.removed_at IS NULL FOR UPDATE OF u`, [unitId]);
      return r.rows[0] ?? null;
    },

    /** A POI of the site with its shape (null: not one of the site's). */
    async placeOfSite(client: pg.PoolClient, siteId: number, poiId: number) {
      const r = await client.query<{ id: number; name: string; mode: number; lat: number | null; lon: number | null; radius: number | null; points: XY[] | null }>(
        'SELECT id, name, mode, lat, lon, radius, points FROM poi WHERE id = $1 AND site_id = $2', [poiId, siteId]);
      return r.rows[0] ?? null;
    },

    async writeRules(client: pg.PoolClient, unitId: number, hours: WorkingHours | null, poiId: number | null): Promise<void> {
      await client.query('UPDATE units SET asset_hours = $2::jsonb, asset_poi_id = $3 WHERE id = $1',
        [unitId, hours === null ? null : JSON.stringify(hours), poiId]);
    },
  };
}
export type AssetsRepository = ReturnType<typeof assetsRepository>;

/**
 * The rules of those of `unitIds` that have any (the events processor's read, in its transaction):
 * own hours and the allowed place with its shape. A unit without rules is left out (the site's
 * hours, anywhere).
 */
export async function assetRulesOfUnits(client: pg.ClientBase, unitIds: readonly number[]): Promise<Map<number, AssetRules>> {
  if (unitIds.length === 0) return new Map();
  const r = await client.query<{
    id: number; asset_hours: unknown; poi_id: number | null; name: string | null; mode: number | null;
    lat: number | null; lon: number | null; radius: number | null; points: XY[] | null;
  }>(
    `SELECT u.id, u.asset_hours, p.id AS poi_id, p.name, p.mode, p.lat, p.lon, p.radius, p.points
     FROM units u LEFT JOIN poi p ON p.id = u.asset_poi_id
     WHERE u.id = ANY($1::int[]) AND (u.asset_hours IS NOT NULL OR u.asset_poi_id IS NOT NULL)`, [unitIds]);
  return new Map(r.rows.map((x) => [x.id, {
    hours: storedHours(x.asset_hours),
    place: x.poi_id === null ? null : { id: x.poi_id, name: x.name ?? '', mode: x.mode ?? 0, lat: x.lat, lon: x.lon, radius: x.radius, points: x.points },
  }]));
}
