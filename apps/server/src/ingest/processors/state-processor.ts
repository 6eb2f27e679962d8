import { checkout } from '@fleet/db';
import type pg from 'pg';
import { assetLocationCodes } from '../asset-movement.ts';
import type { StateChange } from '../ingest-events.ts';
import type { SharedHorizon } from '../log-horizon.ts';
import type { KnownUnit, UnitDirectory } from '../unit-directory.ts';
import { waitForProcessorLocks } from './cursor-store.ts';
import { rewindEventMemory } from './events-store.ts';
import { processorRunner, type ProcessorDefinition } from './runner.ts';
import { stateOfBatch, type StateRow } from './state-rules.ts';
import {
  deleteState, mergeStatus, newestNoFixAfter, newestPlausible, previousMovements, readStateWindow, upsertState,
} from './state-store.ts';

export type { StateChange } from '../ingest-events.ts';

/** Held by a state processor run for its transaction (and waited for by a reset). */
export const STATE_LOCK_KEY = 7262002;

/**
 * Writes the units' new state, with the asset trackers' location codes, then merges the status of
 * newer reports without a fix over it; tells which units changed. A merge that changed what the
 * live map shows (ignition, PTO) is announced (`announced: false`: the live feed reads the unit's
 * state again); one that changed only details (GSM signal, battery) is not: nothing live shows them.
 * So is a position older than the status merged before it (a buffered one): it went out live with
 * its own, older ignition, which the state did not take.
 */
async function applyState(client: pg.PoolClient, rows: readonly StateRow[], units: ReadonlyMap<number, KnownUnit>): Promise<StateChange[]> {
  const batch = stateOfBatch(rows, units);
  const codes = assetLocationCodes(batch.assets, await previousMovements(client, batch.assets));
  const kept = await upsertState(client, batch.updates, codes);
  const merged = await mergeStatus(client, batch.statuses);
  const changes = new Map(batch.changes.map((c) => [c.unitId, c]));
  const reread = [...kept, ...merged.filter((m) => m.shown).map((m) => m.unitId)];
  for (const unitId of reread) {
    const unit = units.get(unitId);
    if (unit) changes.set(unitId, { unitId, siteId: unit.siteId, announced: false });
  }
  return [...changes.values()];
}

/**
 * Keeps unit_state from the positions log, through the processor runner (lock, cursor, horizon,
 * commit). A unit's state is its newest plausible position; rows flagged implausible are passed
 * over, except that the status of a newer report flagged only 'no-fix' (a GT06 heartbeat, an LBS or
 * cell-only report) is merged over it, its position left as it was.
 */
export function stateProcessor(pool: pg.Pool, directory: UnitDirectory, opts: {
  batch?: number; onChanges?: (changes: StateChange[]) => void;
  /** The horizon read shared with the other processors (one gate take serves all of a cycle). */
  horizon?: SharedHorizon;
} = {}) {
  const definition: ProcessorDefinition<StateRow, StateChange[]> = {
    name: 'state',
    lockKey: STATE_LOCK_KEY,
    batch: opts.batch ?? 20_000,
    read: readStateWindow,
    apply: async (client, rows) => applyState(client, rows, await directory.units([...new Set(rows.map((r) => r.unit_id))])),
    onCommitted: (changes) => {
      if (changes.length) opts.onChanges?.(changes);
    },
  };
  return processorRunner(pool, definition, { horizon: opts.horizon });
}
export type StateProcessor = ReturnType<typeof stateProcessor>;

/**
 * An administrator's reset of one unit (issue 8): its state is built afresh from its newest
 * plausible position (none: the unit has no state) and the status of its newest report without a
 * fix after that position, if any (as the processor would have left it), and the events processor's memory of the
 * unit's latest time is brought back to that position's, so a device time from the future stored
 * before the plausibility rule stops holding back its geofence checks. Waits for a running state or
 * events processor (their advisory locks), so it never interleaves with one.
 */
export async function resetUnitState(pool: pg.Pool, directory: UnitDirectory, unitId: number, eventsLockKey: number): Promise<boolean> {
  const client = await checkout(pool);
  try {
    await client.query('BEGIN');
    await waitForProcessorLocks(client, STATE_LOCK_KEY, eventsLockKey);
    await deleteState(client, unitId);
    const row = await newestPlausible(client, unitId);
    const unit = row ? (await directory.units([unitId])).get(unitId) : undefined;
    if (row && unit) {
      const status = await newestNoFixAfter(client, unitId, row);
      await applyState(client, status ? [row, status] : [row], new Map([[unitId, unit]]));
    }
    await rewindEventMemory(client, unitId, row ? row.t : null);
    await client.query('COMMIT');
    return Boolean(row && unit);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.done();
  }
}
