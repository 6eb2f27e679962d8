import type pg from 'pg';
import { ATTR } from '@fleet/protocols';
import { DEFAULT_IO_MAP, type IoMap } from '../io-map.ts';
import type { SharedHorizon } from '../log-horizon.ts';
import type { UnitDirectory } from '../unit-directory.ts';
import { drivingOfBatch, GREEN_TYPE_IO, GREEN_VALUE_IO, IBUTTON_IO, OVERSPEED_IO } from './driving-rules.ts';
import { insertDrivingEvents, loadDrivingMemory, readDrivingWindow, saveDrivingMemory } from './driving-store.ts';
import { processorRunner, type ProcessorDefinition } from './runner.ts';

/** Held by a driving processor run for its transaction. */
export const DRIVING_LOCK_KEY = 7262006;

/**
 * Records driving events (harsh acceleration, braking, cornering, over speeding, speeding, idling,
 * over-revving; the rules: packages/shared performance/driving-events.ts) from the positions log,
 * through the processor runner. Spans still open live in unit_driving_state and move with the
 * cursor in one transaction; events are unique per unit, kind and time, so a replay adds nothing.
 */
export function drivingProcessor(pool: pg.Pool, directory: UnitDirectory, opts: {
  batch?: number;
  /** The horizon read shared with the other processors. */
  horizon?: SharedHorizon;
} = {}) {
  const totals = { runs: 0, events: 0 };
  // The IO elements the window reads: the eco-driving ones, the driver key, ignition and RPM by the
  // default map and by name (other protocols), and any other a unit type's map has shown.
  const ioKeys = new Set([GREEN_TYPE_IO, GREEN_VALUE_IO, OVERSPEED_IO, IBUTTON_IO, String(DEFAULT_IO_MAP.ignition), String(DEFAULT_IO_MAP.rpm), ATTR.ignition, ATTR.rpm]);
  const definition: ProcessorDefinition<Awaited<ReturnType<typeof readDrivingWindow>>['rows'][number], number> = {
    name: 'driving',
    lockKey: DRIVING_LOCK_KEY,
    batch: opts.batch ?? 20_000,
    read: (client, window) => readDrivingWindow(client, window, [...ioKeys].sort()),
    async apply(client, rows) {
      const unitIds = [...new Set(rows.map((r) => r.unit_id))];
      const units = await directory.units(unitIds);
      const missing = [...units.values()].flatMap((u) => [String(u.ioMap.ignition), String(u.ioMap.rpm)]).filter((k) => !ioKeys.has(k));
      if (missing.length > 0) {
        // A unit type numbers its inputs otherwise: the run is rolled back and read again with them.
        for (const k of missing) ioKeys.add(k);
        throw new Error(`driving processor: IO elements ${missing.join(', ')} added to its read; running again`);
      }
      const ioMaps = new Map<number, IoMap>([...units].map(([id, u]) => [id, u.ioMap]));
      const stored = await loadDrivingMemory(client, unitIds);
      const { events, memory } = drivingOfBatch(rows, ioMaps, stored);
      const added = await insertDrivingEvents(client, events);
      await saveDrivingMemory(client, memory);
      return added;
    },
    onCommitted: (added) => {
      totals.runs += 1;
      totals.events += added;
    },
  };
  return { ...processorRunner(pool, definition, { horizon: opts.horizon }), totals: () => ({ ...totals }) };
}
export type DrivingProcessor = ReturnType<typeof drivingProcessor>;
