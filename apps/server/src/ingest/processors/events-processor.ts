import type pg from 'pg';
import { storeRaisedAlerts } from '../../modules/alerts/index.ts';
import { assetRulesOfUnits } from '../../modules/assets/index.ts';
import { GeofenceIndex } from '../../modules/geofence/index.ts';
import { geofencesOfAllSites } from '../../modules/poi/index.ts';
import { workingHoursOfSites } from '../../modules/site/index.ts';
import type { RaisedAlert } from '../ingest-events.ts';
import type { SharedHorizon } from '../log-horizon.ts';
import { isAssetUnit } from '../asset-movement.ts';
import type { UnitDirectory } from '../unit-directory.ts';
import { eventsOfBatch, type EventRow } from './events-rules.ts';
import { loadMemory, readEventWindow, saveMemory } from './events-store.ts';
import { saveFaultEpisodes } from './fault-episodes-store.ts';
import { processorRunner, type ProcessorDefinition } from './runner.ts';

export type NewAlert = RaisedAlert;
type StoredEventAlert = NewAlert & { late: boolean };

/** Held by an events processor run for its transaction (and waited for by a reset). */
export const EVENTS_LOCK_KEY = 7262004;

/**
 * Raises alerts from the positions log (the rules: events-rules.ts), through the processor runner.
 * What it remembers per unit lives in unit_event_state and moves with the cursor in one
 * transaction, and alerts carry a unique key, so a crash or restart neither loses nor repeats one.
 * The geofences are loaded before the first run and again when told (reloadGeofences).
 */
export function eventsProcessor(pool: pg.Pool, directory: UnitDirectory, opts: {
  batch?: number; onAlerts?: (a: NewAlert[]) => void;
  /** The processing clock, ms (tests pass one): alerts of a device time long before it are recorded late, not raised. */
  now?: () => number;
  /** The horizon read shared with the other processors (one gate take serves all of a cycle). */
  horizon?: SharedHorizon;
} = {}) {
  const index = new GeofenceIndex();
  let loaded = false;

  async function reloadGeofences(): Promise<void> {
    index.rebuild(await geofencesOfAllSites(pool));
    loaded = true;
  }

  const definition: ProcessorDefinition<EventRow, StoredEventAlert[]> = {
    name: 'events',
    lockKey: EVENTS_LOCK_KEY,
    batch: opts.batch ?? 20_000,
    prepare: async () => {
      if (!loaded) await reloadGeofences();
    },
    read: readEventWindow,
    async apply(client, rows) {
      const unitIds = [...new Set(rows.map((r) => r.unit_id))];
      const units = await directory.units(unitIds);
      const saved = await loadMemory(client, unitIds);
      const hours = await workingHoursOfSites(client, [...new Set([...units.values()].map((u) => u.siteId))]);
      // Read each batch, like the hours: a rule saved on the assets page holds from the next batch.
      const assetRules = await assetRulesOfUnits(client, [...units.values()].filter(isAssetUnit).map((u) => u.unitId));
      const { alerts, memory, faults } = eventsOfBatch(rows, units, saved, hours, index, (opts.now ?? Date.now)(), assetRules);
      // Through the runner's client: the alerts commit with the cursor and the memory, or not at all.
      const raised = await storeRaisedAlerts(client, alerts);
      await saveFaultEpisodes(client, faults);
      await saveMemory(client, memory);
      return raised;
    },
    onCommitted: (stored) => {
      // Alerts recorded late were never open: no browser hears of them.
      const raised = stored.filter((a) => !a.late);
      if (raised.length) opts.onAlerts?.(raised);
    },
  };
  const runner = processorRunner(pool, definition, { horizon: opts.horizon });
  return { ...runner, reloadGeofences };
}
export type EventsProcessor = ReturnType<typeof eventsProcessor>;
