import { ASSET_UNIT_TYPE, assetLocationCode, type LocationCode } from '@fleet/shared';
import type pg from 'pg';
import { interpret, type IoMap } from './io-map.ts';
import type { KnownUnit } from './unit-directory.ts';

// For each given position: the unit's movement input in its last earlier position (by device time)
// that reported it (flagged implausible positions do not count). Walks the (unit_id, device_time) index backwards, one short scan per asset.
const PREVIOUS_MOVEMENT = `SELECT x.p::text AS position_id, prev.io
  FROM unnest($1::int[], $2::bigint[], $3::text[]) AS x(u, p, k)
  JOIN positions cur ON cur.id = x.p
  CROSS JOIN LATERAL (
    SELECT jsonb_build_object(x.k, q.io -> x.k) AS io FROM positions q
    WHERE q.unit_id = x.u AND q.io ? x.k AND q.implausible IS NULL
      AND (q.device_time < cur.device_time OR (q.device_time = cur.device_time AND q.id < cur.id))
    ORDER BY q.device_time DESC, q.id DESC LIMIT 1) prev`;

export const isAssetUnit = (unit: Pick<KnownUnit, 'unitTypeId'>) => unit.unitTypeId === ASSET_UNIT_TYPE;

/**
 * The location code of each asset tracker's position (by position id): its movement input against
 * the last one the unit reported before it. Positions of other units carry no code.
 */
export async function assetLocationCodes(client: pg.PoolClient, positions: Array<{
  id: string; unitId: number; io: Record<string, number | string>; ioMap: IoMap;
}>): Promise<Map<string, LocationCode>> {
  const out = new Map<string, LocationCode>();
  if (positions.length === 0) return out;
  const { rows } = await client.query<{ position_id: string; io: Record<string, number | string> }>(PREVIOUS_MOVEMENT, [
    positions.map((p) => p.unitId), positions.map((p) => p.id), positions.map((p) => String(p.ioMap.movement)),
  ]);
  const previous = new Map(rows.map((r) => [r.position_id, r.io]));
  for (const p of positions) {
    const before = previous.get(p.id);
    const was = before ? interpret(before, p.ioMap).movement : null;
    out.set(p.id, assetLocationCode(was, interpret(p.io, p.ioMap).movement));
  }
  return out;
}
