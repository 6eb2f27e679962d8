import type pg from 'pg';
import type { FaultEpisodeChange } from './fault-episodes.ts';

// The events processor's fault episodes in unit_faults, written through its client (they commit
// with its cursor, memory and alerts). Replaying a window from the same memory changes nothing:
// an episode is found again by its unique key (unit, code, first report) or, when it was open
// before the batch, as the episode of that code covering the batch's first report of it; times
// only move forward (greatest last_at, the first ended_at kept).

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function columns(rows: readonly FaultEpisodeChange[]) {
  return [
    rows.map((c) => c.unitId), rows.map((c) => c.siteId), rows.map((c) => c.code), rows.map((c) => c.spn), rows.map((c) => c.fmi),
    rows.map((c) => iso(c.from)), rows.map((c) => c.fromPositionId), rows.map((c) => iso(c.last)), rows.map((c) => iso(c.ended)),
  ];
}
const UNNEST = `unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::int[], $6::timestamptz[], $7::bigint[], $8::timestamptz[], $9::timestamptz[])
  AS x(u, s, c, spn, fmi, f, pid, l, e)`;

// Episodes open before the batch: the one covering its first report here is advanced (and ended);
// none there (a unit remembered before fault episodes were kept) opens one from that report.
const CONTINUED = `WITH x AS (SELECT * FROM ${UNNEST}),
  target AS (
    SELECT x.*, (SELECT uf.id FROM unit_faults uf WHERE uf.unit_id = x.u AND uf.code = x.c AND uf.first_at <= x.f
      AND (uf.ended_at IS NULL OR uf.ended_at >= x.f) ORDER BY uf.first_at DESC LIMIT 1) AS id FROM x),
  advanced AS (
    UPDATE unit_faults uf SET last_at = greatest(uf.last_at, t.l), ended_at = coalesce(uf.ended_at, t.e)
    FROM target t WHERE uf.id = t.id RETURNING uf.id)
  INSERT INTO unit_faults (site_id, unit_id, code, spn, fmi, first_at, last_at, ended_at, first_position_id)
  SELECT s, u, c, spn, fmi, f, coalesce(l, f), e, pid FROM target WHERE id IS NULL
  ON CONFLICT DO NOTHING`;

// Episodes the batch opened: stored once (a replay finds them by their unique key and moves their
// times forward), then tied to the spn alert raised at their first report.
const OPENED = `WITH x AS (SELECT * FROM ${UNNEST}),
  stored AS (
    INSERT INTO unit_faults (site_id, unit_id, code, spn, fmi, first_at, last_at, ended_at, first_position_id)
    SELECT s, u, c, spn, fmi, f, coalesce(l, f), e, pid FROM x
    ON CONFLICT DO NOTHING RETURNING id)
  UPDATE unit_faults uf SET last_at = greatest(uf.last_at, x.l), ended_at = coalesce(uf.ended_at, x.e)
  FROM x WHERE uf.unit_id = x.u AND uf.code = x.c AND uf.first_at = x.f AND uf.id NOT IN (SELECT id FROM stored)`;

const LINK = `UPDATE unit_faults uf SET alert_id = a.id
  FROM unnest($1::int[], $2::bigint[]) AS x(u, pid)
  JOIN alerts a ON a.kind = 'spn' AND a.unit_id = x.u AND a.position_id = x.pid AND a.poi_id IS NULL
  WHERE uf.unit_id = x.u AND uf.first_position_id = x.pid AND uf.alert_id IS NULL`;

/** Writes a batch's fault episodes; call after its alerts are stored (new episodes are tied to theirs). */
export async function saveFaultEpisodes(client: pg.ClientBase, changes: readonly FaultEpisodeChange[]): Promise<void> {
  const continued = changes.filter((c) => !c.opened);
  const opened = changes.filter((c) => c.opened);
  if (continued.length) await client.query(CONTINUED, columns(continued));
  if (opened.length === 0) return;
  await client.query(OPENED, columns(opened));
  await client.query(LINK, [opened.map((c) => c.unitId), opened.map((c) => c.fromPositionId)]);
}
