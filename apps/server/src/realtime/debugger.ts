import type { DebugFrameEvent } from '@fleet/shared';
import { id } from '@fleet/shared';
import type { DeviceLink } from '../modules/units/index.ts';
import { debugRoom, type FleetServer, type FleetSocket } from './rooms.ts';

/**
 * The protocol debugger: a socket watches a unit's device conversation (its debug room) only when
 * the unit is on one of the session's sites; the device side emits a watched unit's frames live.
 */
export function socketDebugger(io: FleetServer, deps: {
  devices: DeviceLink;
  /** The site a unit is on (undefined: no such unit); the units module answers it. */
  siteOfUnit: (unitId: number) => Promise<number | undefined>;
}) {
  const watching = new WeakMap<FleetSocket, Set<number>>();
  const unwatch = (socket: FleetSocket, uid: number) => {
    const set = watching.get(socket);
    if (!set?.delete(uid)) return;
    deps.devices.unwatchFrames(uid);
    void socket.leave(debugRoom(uid));
  };

  async function subscribe(socket: FleetSocket, uid: number): Promise<DebugFrameEvent[] | string> {
    if (!id.safeParse(uid).success) return 'No such unit.';
    // The debugger is an office tool: a driver-mode socket never watches a device.
    if (socket.data.caller.session.kind === 'driver') return 'No such unit.';
    const site = await deps.siteOfUnit(uid);
    if (site === undefined || !socket.data.caller.siteIds.includes(site)) return 'No such unit.';
    if (!watching.get(socket)?.has(uid)) {
      await socket.join(debugRoom(uid));
      const set = watching.get(socket) ?? new Set<number>();
      set.add(uid);
      watching.set(socket, set);
      deps.devices.watchFrames(uid);
    }
    return deps.devices.recentFrames(uid);
  }

  const stopFrames = deps.devices.onFrame((frame) => io.local.to(debugRoom(frame.uid)).emit('debug:frame', frame));

  return {
    /** A socket was accepted: its debug events, and the spec's debugger that connects with query parameter uid. */
    connected(socket: FleetSocket): void {
      socket.on('disconnect', () => {
        for (const uid of [...(watching.get(socket) ?? [])]) unwatch(socket, uid);
      });
      socket.on('debug:subscribe', (uid, ack) => {
        if (typeof ack !== 'function') return;
        void subscribe(socket, Number(uid)).then(
          (r) => ack(typeof r === 'string' ? { ok: 0, message: r } : { ok: 1, frames: r }),
          () => ack({ ok: 0, message: 'The debugger could not subscribe; try again.' }),
        );
      });
      socket.on('debug:unsubscribe', (uid) => unwatch(socket, Number(uid)));
      const queryUid = Number(socket.handshake.query.uid);
      if (queryUid) {
        void subscribe(socket, queryUid).then((r) => {
          if (typeof r === 'string') return;
          for (const f of r) socket.emit('debug:frame', f);
        });
      }
    },
    close(): void {
      stopFrames();
    },
  };
}
