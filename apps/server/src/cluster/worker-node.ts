import type { FastifyBaseLogger } from 'fastify';
import { type Bus, topics } from '../bus/index.ts';
import type { Processors } from '../ingest/ingest.ts';
import type { NewAlert } from '../ingest/processors/events-processor.ts';
import type { StateChange } from '../ingest/processors/state-processor.ts';
import { BEACON_MS } from './node-id.ts';

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The worker role on the bus (issue 17). In: the ingest nodes' wake-up after each commit (the
 * processors also run at their idle tick, so a lost wake-up only delays), geofence changes and device
 * ids to look up again. Out: the state processor's changes, the events processor's alerts and a
 * heartbeat with the processors' lag.
 */
export function workerOnBus(bus: Bus, processors: Processors, opts: { node: string; log: FastifyBaseLogger; beaconMs?: number }) {
  const { node, log } = opts;
  const failed = (what: string) => (err: unknown) => log.warn({ err: errText(err) }, `bus: ${what} not published`);
  const stops: Array<() => void> = [];

  const onChanges = (changes: StateChange[]) =>
    void bus.publish(topics.stateChanges, changes).catch(failed('state changes'));
  processors.stateEvents.on('changes', onChanges);
  stops.push(() => processors.stateEvents.off('changes', onChanges));
  const onAlerts = (list: NewAlert[]) =>
    void bus.publish(topics.alertsRaised, list).catch(failed('alerts'));
  processors.alertEvents.on('alerts', onAlerts);
  stops.push(() => processors.alertEvents.off('alerts', onAlerts));

  stops.push(bus.subscribe(topics.logAppended, () => processors.kick()));
  stops.push(bus.subscribe(topics.geofencesChanged, (m) => (m.node === node ? undefined : processors.events.reloadGeofences())));
  stops.push(bus.subscribe(topics.deviceForget, ({ deviceId }) => processors.directory.forget(deviceId)));

  const beacon = () => void bus.publish(topics.workerBeacons, { node, at: Date.now(), processors: processors.lag() }).catch(failed('heartbeat'));
  stops.push(bus.subscribe(topics.heartbeatRequests, () => beacon()));
  const timer = setInterval(beacon, opts.beaconMs ?? BEACON_MS);
  timer.unref();
  return {
    announce: beacon,
    stop(): void {
      clearInterval(timer);
      for (const s of stops) s();
    },
  };
}
