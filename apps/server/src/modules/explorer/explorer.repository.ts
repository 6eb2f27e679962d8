import type pg from 'pg';

// The explorer's reads (issue 16): a vehicle, its positions in a range (a few IO values, or whole
// records), and its IO roll-ups (written by the ingest's roll-ups processor). Only SQL here.

export interface ExplorerVehicle { id: number; registration: string; site_id: number; io_map: unknown; io_catalogue: unknown }
export interface RecordRow {
  id: string; t: Date; lat: number; lon: number; speed: number; io: Record<string, number | string>; implausible: string | null;
}

/** Positions read per page of the CSV. */
const CSV_PAGE = 5_000;

export function explorerRepository(pool: pg.Pool) {
  return {
    /** A unit (the access rule has checked it is on one of the caller's sites). */
    async vehicle(unitId: number): Promise<ExplorerVehicle | undefined> {
      const r = await pool.query<ExplorerVehicle>({
        name: 'explorer-vehicle',
        text: `SELECT u.id, u.registration, u.site_id, ut.io_map, ut.io_catalogue FROM units u JOIN unit_types ut ON ut.id = u.unit_type_id WHERE u.id = $1`,
        values: [unitId],
      });
      return r.rows[0];
    },

    /** The IO elements the roll-ups hold for the unit over its last 90 days of them, with the last bucket each was in. */
    async rolledUpKeys(unitId: number): Promise<Array<{ k: string; last: Date }>> {
      const r = await pool.query<{ k: string; last: Date }>(
        `SELECT k, max(r.bucket) + interval '10 minutes' AS last FROM io_rollups r, jsonb_object_keys(r.vals) AS k
         WHERE r.unit_id = $1 AND r.bucket > (SELECT max(bucket) FROM io_rollups WHERE unit_id = $1) - interval '90 days'
         GROUP BY k`, [unitId]);
      return r.rows;
    },

    /** The unit's oldest and newest positions kept: times, and the newest one's IO. */
    async ends(unitId: number): Promise<{ first: Date | null; last: Date | null; io: Record<string, number | string> }> {
      const [a, b] = await Promise.all([
        pool.query<{ t: Date }>('SELECT device_time AS t FROM positions WHERE unit_id = $1 ORDER BY device_time LIMIT 1', [unitId]),
        pool.query<{ t: Date; io: Record<string, number | string> }>(
          'SELECT device_time AS t, io FROM positions WHERE unit_id = $1 AND implausible IS NULL ORDER BY device_time DESC LIMIT 1', [unitId]),
      ]);
      return { first: a.rows[0]?.t ?? null, last: b.rows[0]?.t ?? null, io: b.rows[0]?.io ?? {} };
    },

    /** Plausible positions' values of `keys` in [from, to), in time order: times (ms) and one text-or-null per key. */
    async rawValues(unitId: number, keys: readonly string[], from: Date, to: Date): Promise<Array<[number, Array<string | null>]>> {
      const r = await pool.query<[number, Array<string | null>]>({
        text: `SELECT round(date_part('epoch', device_time) * 1000)::float8, ARRAY[${keys.map((_, i) => `io ->> $${i + 4}::text`).join(', ')}]::text[]
          FROM positions WHERE unit_id = $1 AND device_time >= $2 AND device_time < $3 AND implausible IS NULL ORDER BY device_time`,
        values: [unitId, from, to, ...keys],
        rowMode: 'array',
      });
      return r.rows;
    },

    /** The roll-up buckets that overlap [from, to): bucket start (ms) and the cell (or null) of each key. */
    async rollups(unitId: number, keys: readonly string[], from: Date, to: Date): Promise<Array<[number, ...unknown[]]>> {
      const r = await pool.query<[number, ...unknown[]]>({
        text: `SELECT round(date_part('epoch', bucket) * 1000)::float8, ${keys.map((_, i) => `vals -> $${i + 4}::text`).join(', ')}
          FROM io_rollups WHERE unit_id = $1 AND bucket > $2::timestamptz - interval '10 minutes' AND bucket < $3 ORDER BY bucket`,
        values: [unitId, from, to, ...keys],
        rowMode: 'array',
      });
      return r.rows;
    },

    /** A page of the unit's positions in [from, to), in time order; one more than `limit` tells there are more. */
    async records(unitId: number, from: Date, to: Date, offset: number, limit: number): Promise<RecordRow[]> {
      const r = await pool.query<RecordRow>({
        name: 'explorer-records',
        text: `SELECT id::text, device_time AS t, lat, lon, speed, io, implausible FROM positions
          WHERE unit_id = $1 AND device_time >= $2 AND device_time < $3 ORDER BY device_time, id OFFSET $4 LIMIT $5`,
        values: [unitId, from, to, offset, limit],
      });
      return r.rows;
    },

    /** Every position of the unit in [from, to), in time order, a page at a time (the CSV: never the whole range in memory). */
    async *eachRecords(unitId: number, from: Date, to: Date): AsyncGenerator<RecordRow[]> {
      let after: { t: Date; id: string } | null = null;
      for (;;) {
        const r: pg.QueryResult<RecordRow> = await pool.query<RecordRow>({
          name: 'explorer-records-after',
          text: `SELECT id::text, device_time AS t, lat, lon, speed, io, implausible FROM positions
            WHERE unit_id = $1 AND device_time >= $2 AND device_time < $3
              AND ($4::timestamptz IS NULL OR (device_time, id) > ($4::timestamptz, $5::bigint))
            ORDER BY device_time, id LIMIT $6`,
          values: [unitId, from, to, after?.t ?? null, after?.id ?? null, CSV_PAGE],
        });
        if (r.rows.length > 0) yield r.rows;
        const last = r.rows.at(-1);
        if (!last || r.rows.length < CSV_PAGE) return;
        after = { t: last.t, id: last.id };
      }
    },
  };
}
export type ExplorerRepository = ReturnType<typeof explorerRepository>;
