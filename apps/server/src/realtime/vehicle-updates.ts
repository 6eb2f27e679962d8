import type { VehicleUpdate } from '@fleet/shared';
import { mergeNewestUpdates } from '@fleet/shared/realtime/newest-updates';
import type { VehicleReadModel } from '../modules/fleet/index.ts';
import type { DeviceLink, StateChange } from '../modules/units/index.ts';
import { type FleetServer, type FleetSocket, siteRoom, type Warn } from './rooms.ts';
import { type UpdateReceiver, updateFanout } from './update-fanout.ts';

/** How long live positions gather before they go out to a site's browsers. */
const GATHER_MS = 200;

/**
 * Live vehicle updates to the site rooms. Each update is built by the fleet module's vehicle read
 * model (the same rules as the vehicles call); this file only decides when and to whom they go:
 * positions gathered per site for a moment, the state processor's changes at once, everything
 * through one fan-out that holds updates for a browser that has fallen behind (update-fanout.ts).
 */
export function vehicleUpdateFeed(io: FleetServer, deps: { devices: DeviceLink; vehicles: VehicleReadModel; warn: Warn }) {
  const { vehicles } = deps;
  const fanout = updateFanout();
  const receivers = new WeakMap<FleetSocket, UpdateReceiver>();
  const receiverOf = (socket: FleetSocket): UpdateReceiver => {
    let r = receivers.get(socket);
    if (!r) {
      // engine.io's queue of packets not yet handed to the transport (not in its typings).
      const conn = socket.conn as unknown as { writeBuffer: unknown[]; once(event: 'drain', fn: () => void): void };
      r = {
        queued: () => conn.writeBuffer.length,
        send: (list) => socket.emit('vehicles:update', list),
        onceDrained: (fn) => conn.once('drain', fn),
      };
      receivers.set(socket, r);
    }
    return r;
  };
  /** A site's vehicle updates to each of its browsers, holding them for one that has fallen behind. */
  const sendVehicleUpdates = (siteId: number, list: VehicleUpdate[]) => {
    const ids = io.sockets.adapter.rooms.get(siteRoom(siteId));
    if (!ids) return;
    const targets: UpdateReceiver[] = [];
    for (const id of ids) {
      const socket = io.sockets.sockets.get(id);
      if (socket) targets.push(receiverOf(socket));
    }
    fanout.send(targets, list);
  };

  // Positions as soon as they are committed; the state processor's updates follow (with asset
  // trackers' location codes, and anything the fast path could not know).
  // Gathered per site for a moment (newest per vehicle), so a busy fleet makes a few large
  // messages a second rather than one per committed batch.
  const gathered = new Map<number, Map<number, VehicleUpdate>>();
  let gathering: NodeJS.Timeout | null = null;
  const sendGathered = () => {
    gathering = null;
    for (const [siteId, byUnit] of gathered) sendVehicleUpdates(siteId, [...byUnit.values()]);
    gathered.clear();
  };
  // Only sites with a browser on this node are worked on (issue 17: every api node hears every
  // position; each builds updates for its own sockets' sites only).
  const watched = (siteId: number) => (io.sockets.adapter.rooms.get(siteRoom(siteId))?.size ?? 0) > 0;
  const stopPositions = deps.devices.onPositions((all) => {
    const positions = all.filter((p) => watched(p.siteId));
    if (positions.length === 0) return;
    void vehicles.updatesForPositions(positions).then((bySite) => {
      for (const [siteId, list] of bySite) {
        const byUnit = gathered.get(siteId) ?? new Map<number, VehicleUpdate>();
        mergeNewestUpdates(byUnit, list);
        gathered.set(siteId, byUnit);
      }
      gathering ??= setTimeout(sendGathered, GATHER_MS);
    }, deps.warn('live positions not sent'));
  });
  const stopState = deps.devices.onStateChanges((all: StateChange[]) => {
    // Positions already sent when committed are not sent again (that would double the traffic).
    const changes = all.filter((c) => !c.announced && watched(c.siteId));
    if (changes.length === 0) return;
    void vehicles.updatesForChanges(changes).then((bySite) => {
      for (const [siteId, list] of bySite) sendVehicleUpdates(siteId, list);
    }, deps.warn('vehicle updates not sent'));
  });

  return {
    /** Sends the units' current state to their sites: after an alarm was raised or cleared, its vehiclealarm. */
    sendAlarmState(units: StateChange[]): void {
      if (units.length === 0) return;
      void vehicles.updatesForChanges(units).then((sites) => {
        // Through the same fan-out as positions: an update held for a slow browser must not overtake it.
        for (const [siteId, list] of sites) sendVehicleUpdates(siteId, list);
      }, deps.warn('vehicle alarm updates not sent'));
    },
    /** Units whose driver changed: their update carries the driver's name (drivername). */
    sendDriverChanges(units: StateChange[]): void {
      if (units.length === 0) return;
      void vehicles.updatesForDrivers(units).then((sites) => {
        for (const [siteId, list] of sites) sendVehicleUpdates(siteId, list);
      }, deps.warn('driver updates not sent'));
    },
    /** Places changed: live location text reads them again. */
    placesChanged(siteId?: number): void {
      vehicles.placesChanged(siteId);
    },
    close(): void {
      stopState();
      stopPositions();
      if (gathering) clearTimeout(gathering);
    },
  };
}
