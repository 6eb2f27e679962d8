import { checkout } from '@fleet/db';
import type pg from 'pg';
import { ALARM_KINDS, openAlarmSql } from './alarm.ts';

export interface AlertRow {
  id: string; kind: string; event: string; unit_id: number; site_id: number; registration: string; poi: string | null;
  happened_at: Date; lat: number; lon: number; detail: string; cleared_at: Date | null; cleared_by: string | null;
  /** Recorded late, not raised (stored cleared by no one). */
  late: boolean;
}

/** An alert a clear call closed (it was open until then). */
export interface ClearedRow { id: string; kind: string; unit_id: number; site_id: number }

const SELECT = `SELECT a.id::text, a.kind, a.event, a.unit_id, a.site_id, u.registration, p.name AS poi, a.happened_at, a.lat, a.lon,
    a.detail, a.cleared_at, cu.name AS cleared_by, a.late
  FROM alerts a JOIN units u ON u.id = a.unit_id LEFT JOIN poi p ON p.id = a.poi_id LEFT JOIN users cu ON cu.id = a.cleared_by`;

/**
 * Reads and clears alerts; every query is bounded by the caller's site ids. The dashboard's reads
 * (dashalerts, every open page) are named statements: PostgreSQL parses them once per connection
 * and, after a few calls, plans them once too; planning was most of their cost (issue 8).
 */
export function alertsRepository(pool: pg.Pool) {
  return {
    async open(siteIds: number[], kinds: string[]): Promise<AlertRow[]> {
      const r = await pool.query<AlertRow>({ name: 'alerts-open', text: `${SELECT} WHERE a.site_id = ANY($1::int[]) AND a.kind = ANY($2::text[]) AND a.cleared_at IS NULL
        ORDER BY a.happened_at DESC LIMIT 500`, values: [siteIds, kinds] });
      return r.rows;
    },

    async list(siteIds: number[], kinds: string[], opts: { id?: number; openOnly: boolean }): Promise<AlertRow[]> {
      const r = await pool.query<AlertRow>(`${SELECT} WHERE a.site_id = ANY($1::int[]) AND a.kind = ANY($2::text[])
        AND ($3::bigint IS NULL OR a.id = $3) AND (NOT $4 OR a.cleared_at IS NULL) ORDER BY a.happened_at DESC LIMIT 500`,
        [siteIds, kinds, opts.id ?? null, opts.openOnly]);
      return r.rows;
    },

    async counts(siteIds: number[]): Promise<Record<string, number>> {
      const r = await pool.query<{ kind: string; n: number }>({ name: 'alerts-counts',
        text: 'SELECT kind, count(*)::int AS n FROM alerts WHERE site_id = ANY($1::int[]) AND cleared_at IS NULL GROUP BY kind', values: [siteIds] });
      return Object.fromEntries(r.rows.map((x) => [x.kind, x.n]));
    },

    /**
     * Clears one alert of the caller's sites (of `kind`, when given): the alerts it closed (none when
     * it was cleared already), or null when there is no such alert there.
     */
    async clearOne(siteIds: number[], kind: string | null, id: number, userId: number): Promise<ClearedRow[] | null> {
      const r = await pool.query<ClearedRow>(`UPDATE alerts SET cleared_at = now(), cleared_by = $4
        WHERE id = $3 AND ($2::text IS NULL OR kind = $2) AND site_id = ANY($1::int[]) AND cleared_at IS NULL
        RETURNING id::text, kind, unit_id, site_id`, [siteIds, kind, id, userId]);
      if (r.rows.length > 0) return r.rows;
      const known = await pool.query(`SELECT 1 FROM alerts WHERE id = $3 AND ($2::text IS NULL OR kind = $2) AND site_id = ANY($1::int[])`,
        [siteIds, kind, id]);
      return known.rowCount === 0 ? null : [];
    },

    /** Clears a unit's open alerts of some kinds: those it closed, or null when the unit is not on the caller's sites. */
    async clearUnit(siteIds: number[], kinds: string[], unitId: number, userId: number): Promise<ClearedRow[] | null> {
      const unit = await pool.query('SELECT 1 FROM units WHERE id = $1 AND site_id = ANY($2::int[])', [unitId, siteIds]);
      if (unit.rowCount === 0) return null;
      const r = await pool.query<ClearedRow>(`UPDATE alerts SET cleared_at = now(), cleared_by = $3
        WHERE unit_id = $1 AND kind = ANY($2::text[]) AND cleared_at IS NULL RETURNING id::text, kind, unit_id, site_id`,
        [unitId, kinds, userId]);
      return r.rows;
    },

    /**
     * Clears these alerts of the sites together, in one transaction: 'missing' (nothing changed)
     * when one is not an alert there, 'panic' when one is a panic (acknowledged one by one), else
     * the alerts it closed (those cleared already are left as they were).
     */
    async clearMany(siteIds: number[], ids: number[], userId: number): Promise<ClearedRow[] | 'missing' | 'panic'> {
      const wanted = [...new Set(ids)];
      const client = await checkout(pool);
      try {
        await client.query('BEGIN');
        const found = await client.query<{ kind: string }>(
          'SELECT kind FROM alerts WHERE id = ANY($1::bigint[]) AND site_id = ANY($2::int[]) FOR UPDATE', [wanted, siteIds]);
        let refusal: 'missing' | 'panic' | null = null;
        if (found.rows.length !== wanted.length) refusal = 'missing';
        else if (found.rows.some((r) => r.kind === 'panic')) refusal = 'panic';
        if (refusal) {
          await client.query('ROLLBACK');
          return refusal;
        }
        const r = await client.query<ClearedRow>(`UPDATE alerts SET cleared_at = now(), cleared_by = $3
          WHERE id = ANY($1::bigint[]) AND site_id = ANY($2::int[]) AND cleared_at IS NULL RETURNING id::text, kind, unit_id, site_id`,
          [wanted, siteIds, userId]);
        await client.query('COMMIT');
        return r.rows;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.done();
      }
    },

    /** Which of these units have an open alarm (alarm.ts). */
    async alarmedUnits(unitIds: number[]): Promise<Set<number>> {
      const r = await pool.query<{ unit_id: number }>(
        `SELECT DISTINCT x AS unit_id FROM unnest($1::int[]) x WHERE ${openAlarmSql('x', '$2')}`, [unitIds, ALARM_KINDS]);
      return new Set(r.rows.map((row) => row.unit_id));
    },

    async describe(ids: number[]): Promise<AlertRow[]> {
      const r = await pool.query<AlertRow>(`${SELECT} WHERE a.id = ANY($1::bigint[])`, [ids]);
      return r.rows;
    },
  };
}
export type AlertsRepository = ReturnType<typeof alertsRepository>;

/** An alert a log processor raised, before it is stored: kind, unit, position and POI make it unique (alerts_once). */
export interface AlertToStore<K extends string = string> {
  kind: K; event: string; siteId: number; unitId: number; poiId: number | null; positionId: string;
  happenedAt: string; lat: number; lon: number; detail: string;
  /** Recorded late, not raised (issue 13): stored already cleared, by no one. */
  late?: boolean;
}
/** A stored alert, numbered, as the processor tells its listeners. */
export type StoredAlert<K extends string = string> = Omit<AlertToStore<K>, 'positionId' | 'late'> & { aid: number; late: boolean };

/**
 * Stores a processor's alerts through its client, so they commit (or not) with its cursor: no
 * alert without its cursor move, none lost. One already stored (same kind, unit, position and
 * POI) is not stored again nor returned.
 */
export async function storeRaisedAlerts<K extends string>(client: pg.ClientBase, pending: readonly AlertToStore<K>[]): Promise<StoredAlert<K>[]> {
  if (pending.length === 0) return [];
  const res = await client.query<{ id: string; kind: K; event: string; site_id: number; unit_id: number; poi_id: number | null; happened_at: Date; lat: number; lon: number; detail: string; late: boolean }>(
    `INSERT INTO alerts (site_id, unit_id, kind, event, poi_id, position_id, happened_at, lat, lon, detail, late, cleared_at)
     SELECT site_id, unit_id, kind, event, poi_id, position_id, happened_at, lat, lon, detail, late, CASE WHEN late THEN now() END
     FROM json_to_recordset($1::json) AS x(site_id int, unit_id int, kind text, event text, poi_id int, position_id bigint,
       happened_at timestamptz, lat float8, lon float8, detail text, late boolean)
     ON CONFLICT ON CONSTRAINT alerts_once DO NOTHING
     RETURNING id::text, kind, event, site_id, unit_id, poi_id, happened_at, lat, lon, detail, late`,
    [JSON.stringify(pending.map((p) => ({
      site_id: p.siteId, unit_id: p.unitId, kind: p.kind, event: p.event, poi_id: p.poiId, position_id: p.positionId,
      happened_at: p.happenedAt, lat: p.lat, lon: p.lon, detail: p.detail, late: p.late ?? false,
    })))]);
  return res.rows.map((r) => ({
    aid: Number(r.id), kind: r.kind, event: r.event, siteId: r.site_id, unitId: r.unit_id, poiId: r.poi_id,
    happenedAt: r.happened_at.toISOString(), lat: r.lat, lon: r.lon, detail: r.detail, late: r.late,
  }));
}
