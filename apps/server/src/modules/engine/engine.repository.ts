import type pg from 'pg';

/** A unit with its type's catalogue extension and its latest state's IO (null: it never reported). */
export interface EngineRow {
  id: number;
  site_id: number;
  registration: string;
  type_name: string;
  io_catalogue: unknown;
  status_time: Date | null;
  io: Record<string, number | string> | null;
  fault_codes: string[] | null;
  fuel_level: number | null;
  fuel_used: number | null;
  engine_hours: number | null;
  rpm: number | null;
  total_distance: number | null;
}

const SELECT = `SELECT u.id, u.site_id, u.registration, t.name AS type_name, t.io_catalogue,
    s.status_time, s.io, s.fault_codes, s.fuel_level, s.fuel_used, s.engine_hours, s.rpm, s.total_distance
  FROM units u JOIN unit_types t ON t.id = u.unit_type_id LEFT JOIN unit_state s ON s.unit_id = u.id`;

/** The engine module's reads: units, their types' catalogue extensions and their latest state (unit_state). */
export function engineRepository(pool: pg.Pool) {
  return {
    /** The site's live units, by registration. */
    async unitsOfSite(siteId: number): Promise<EngineRow[]> {
      const r = await pool.query<EngineRow>(`${SELECT} WHERE u.site_id = $1 AND u.removed_at IS NULL ORDER BY u.registration, u.id`, [siteId]);
      return r.rows;
    },
    /** Live units by id (the live feed's changed units). */
    async unitsByIds(ids: readonly number[]): Promise<EngineRow[]> {
      if (ids.length === 0) return [];
      const r = await pool.query<EngineRow>(`${SELECT} WHERE u.id = ANY($1::int[]) AND u.removed_at IS NULL`, [ids]);
      return r.rows;
    },
    /** One unit, removed or not (the access rule has checked it is the caller's). */
    async unit(id: number): Promise<EngineRow | undefined> {
      const r = await pool.query<EngineRow>(`${SELECT} WHERE u.id = $1`, [id]);
      return r.rows[0];
    },
  };
}
export type EngineRepository = ReturnType<typeof engineRepository>;
