import type pg from 'pg';

/** A fault episode as read for the lists, with its vehicle and its alert's clearing. */
export interface FaultRow {
  id: string; unit_id: number; registration: string; code: string; spn: number | null; fmi: number | null;
  first_at: Date; last_at: Date; ended_at: Date | null; alert_id: string | null; cleared_at: Date | null; cleared_by: string | null;
  /** Episodes of the vehicle still reported (vehicle list only). */
  active_count?: number;
}

const SELECT = `SELECT uf.id::text, uf.unit_id, u.registration, uf.code, uf.spn, uf.fmi, uf.first_at, uf.last_at, uf.ended_at,
    uf.alert_id::text, a.cleared_at, cu.name AS cleared_by`;
const FROM = `FROM unit_faults uf JOIN units u ON u.id = uf.unit_id
  LEFT JOIN alerts a ON a.id = uf.alert_id LEFT JOIN users cu ON cu.id = a.cleared_by`;

/** Reads fault episodes (unit_faults, written by the events processor); callers have checked the unit or site. */
export function faultsRepository(pool: pg.Pool) {
  return {
    /** A unit's episodes: those still reported first, then newest first, at most `limit`; each row carries the unit's active count. */
    async ofUnit(unitId: number, limit = 200): Promise<FaultRow[]> {
      const r = await pool.query<FaultRow>(`${SELECT}, (count(*) FILTER (WHERE uf.ended_at IS NULL) OVER ())::int AS active_count
        ${FROM} WHERE uf.unit_id = $1 ORDER BY (uf.ended_at IS NULL) DESC, uf.first_at DESC, uf.id DESC LIMIT $2`, [unitId, limit]);
      return r.rows;
    },

    /** The sites' episodes still reported (withEnded: also those ended in the last 30 days), newest first, at most 500. */
    async ofSites(siteIds: number[], withEnded: boolean): Promise<FaultRow[]> {
      const r = await pool.query<FaultRow>(`${SELECT} ${FROM}
        WHERE uf.site_id = ANY($1::int[]) AND (uf.ended_at IS NULL OR ($2 AND uf.ended_at > now() - interval '30 days'))
        ORDER BY (uf.ended_at IS NULL) DESC, uf.last_at DESC, uf.id DESC LIMIT 500`, [siteIds, withEnded]);
      return r.rows;
    },
  };
}
export type FaultsRepository = ReturnType<typeof faultsRepository>;
