import { randomUUID } from 'node:crypto';
import type { DebugFrameEvent } from '@fleet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { type Bus, topics } from '../bus/index.ts';
import type { IngestBeacon, WorkerBeacon } from '../bus/topics.ts';
import { EVENTS_LOCK_KEY } from '../ingest/processors/events-processor.ts';
import { resetUnitState } from '../ingest/processors/state-processor.ts';
import { unitDirectory } from '../ingest/unit-directory.ts';
import type { DeviceSide, Processors } from '../ingest/ingest.ts';
import type { DeviceLink } from '../modules/units/index.ts';
import { BEACON_MS, GONE_AFTER_MS } from './node-id.ts';

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));
/** How long the debugger waits for every ingest node's recent frames of a unit. */
const FRAMES_WAIT_MS = 1_500;
/** A command's answer may take this much longer than the device's own timeout (the bus both ways). */
const COMMAND_GRACE_MS = 3_000;
/** Frames a unit's debugger shows at first, as one ingest node keeps them (FrameLog). */
const RECENT_FRAMES = 10;

/**
 * The api role's view of the device side, on the bus (issue 17): the DeviceLink the routes and the
 * sockets use, whichever process holds the devices. It keeps from the heartbeats and presence
 * messages which ingest node holds each unit's connection, asks that node to send a command and
 * waits for its answer, gathers a unit's recent frames from every ingest node, tells the ingest nodes
 * which units its debugger sockets watch, and passes on the workers' state changes and alerts.
 * `listening` is this process's own device listeners (none: an api-only node owns none).
 */
export function busDeviceLink(bus: Bus, opts: {
  node: string; pool: pg.Pool; log: FastifyBaseLogger; beaconMs?: number;
  /**
   * This process's own device side and processors, when it runs those roles too: their presence,
   * commands and counters are read directly (no wait for a heartbeat; a command without the bus).
   */
  local?: {
    side?: DeviceSide; processors?: Processors;
    /** Whether this process's device listeners are bound, when they are not `side`'s (its ingest processes'). */
    listening?: () => boolean;
  };
}): DeviceLink & { start(): Promise<void>; stop(): void } {
  const side = opts.local?.side;
  const localProcessors = opts.local?.processors;
  const { node, log } = opts;
  const failed = (what: string) => (err: unknown) => log.warn({ err: errText(err) }, `bus: ${what} not published`);
  const stops: Array<() => void> = [];
  const directory = unitDirectory(opts.pool);

  // Where each unit's connection is: the node that last said it has it.
  const holder = new Map<number, string>();
  const ingestNodes = new Map<string, IngestBeacon & { heard: number }>();
  const workerNodes = new Map<string, WorkerBeacon & { heard: number }>();
  const forgetGone = () => {
    const now = Date.now();
    for (const [n, b] of ingestNodes) {
      if (now - b.heard <= GONE_AFTER_MS && b.listening) continue;
      ingestNodes.delete(n);
      for (const [unit, at] of holder) if (at === n) holder.delete(unit);
    }
    for (const [n, b] of workerNodes) if (now - b.heard > GONE_AFTER_MS) workerNodes.delete(n);
  };
  stops.push(bus.subscribe(topics.ingestBeacons, (b) => {
    const before = ingestNodes.get(b.node);
    ingestNodes.set(b.node, { ...b, heard: Date.now() });
    const now = new Set(b.online);
    if (before) for (const u of before.online) if (!now.has(u) && holder.get(u) === b.node) holder.delete(u);
    for (const u of b.online) if (!holder.has(u)) holder.set(u, b.node);
    if (!b.listening) forgetGone();
  }));
  stops.push(bus.subscribe(topics.workerBeacons, (b) => void workerNodes.set(b.node, { ...b, heard: Date.now() })));
  stops.push(bus.subscribe(topics.unitPresence, ({ node: at, unitId, online }) => {
    if (online) holder.set(unitId, at);
    else if (holder.get(unitId) === at) holder.delete(unitId);
  }));

  // Answers to this node's questions, by question id.
  const commandWaits = new Map<string, (reply: { ok: boolean; answer?: string; error?: string }) => void>();
  stops.push(bus.subscribe(topics.commandReplies, (r) => {
    if (r.to === node) commandWaits.get(r.id)?.(r);
  }));
  const frameWaits = new Map<string, (from: string, frames: DebugFrameEvent[]) => void>();
  stops.push(bus.subscribe(topics.framesReplies, (r) => {
    if (r.to === node) frameWaits.get(r.id)?.(r.node, r.frames);
  }));

  // The units this node's debugger sockets watch (a count per unit), told on change and with each heartbeat.
  const watched = new Map<number, number>();
  const tellWatches = () => void bus.publish(topics.frameWatch, { node, unitIds: [...watched.keys()] }).catch(failed('watched units'));
  const timer = setInterval(() => {
    forgetGone();
    if (watched.size > 0) tellWatches();
  }, opts.beaconMs ?? BEACON_MS);
  timer.unref();
  stops.push(() => clearInterval(timer));

  const live = () => {
    forgetGone();
    return [...ingestNodes.values()];
  };

  return {
    async recentFrames(unitId) {
      const asked = live().map((b) => b.node);
      if (asked.length === 0) return [];
      const id = randomUUID();
      const got: DebugFrameEvent[] = [];
      const waiting = new Set(asked);
      await new Promise<void>((resolve) => {
        const timeout = setTimeout(resolve, FRAMES_WAIT_MS);
        frameWaits.set(id, (from, frames) => {
          got.push(...frames);
          waiting.delete(from);
          if (waiting.size === 0) {
            clearTimeout(timeout);
            resolve();
          }
        });
        bus.publish(topics.framesRequests, { id, from: node, unitId }).catch((err: unknown) => {
          failed('frames request')(err);
          clearTimeout(timeout);
          resolve();
        });
      }).finally(() => frameWaits.delete(id));
      // A device that moved between nodes has frames on both: in time order, the newest kept.
      return got.sort((a, b) => a.at.localeCompare(b.at)).slice(-RECENT_FRAMES);
    },
    onFrame: (listener) => bus.subscribe(topics.debugFrames, listener),
    watchFrames(unitId) {
      const n = watched.get(unitId) ?? 0;
      watched.set(unitId, n + 1);
      if (n === 0) tellWatches();
    },
    unwatchFrames(unitId) {
      const n = (watched.get(unitId) ?? 1) - 1;
      if (n > 0) {
        watched.set(unitId, n);
        return;
      }
      watched.delete(unitId);
      tellWatches();
    },
    onStateChanges: (listener) => bus.subscribe(topics.stateChanges, listener),
    onPositions: (listener) => bus.subscribe(topics.positions, listener),
    onAlerts: (listener) => bus.subscribe(topics.alertsRaised, listener),
    async reloadGeofences() {
      // This process's own worker reloads before the call answers (the next position is checked
      // against the new geofences); other workers hear it on the bus.
      await localProcessors?.events.reloadGeofences();
      await bus.publish(topics.geofencesChanged, { node });
    },
    send(unitId, text, timeoutMs) {
      if (side?.commands.isOnline(unitId)) return side.commands.send(unitId, text, timeoutMs);
      forgetGone();
      const target = holder.get(unitId);
      if (!target) return Promise.reject(new Error('offline'));
      const id = randomUUID();
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          commandWaits.delete(id);
          reject(new Error('timeout'));
        }, timeoutMs + COMMAND_GRACE_MS);
        commandWaits.set(id, (reply) => {
          clearTimeout(timer);
          commandWaits.delete(id);
          if (reply.ok) resolve(reply.answer ?? '');
          else reject(new Error(reply.error ?? 'offline'));
        });
        bus.publish(topics.commandRequests, { id, from: node, target, unitId, text, timeoutMs }).catch((err: unknown) => {
          clearTimeout(timer);
          commandWaits.delete(id);
          reject(err instanceof Error ? err : new Error(String(err)));
        });
      });
    },
    isOnline(unitId) {
      if (side?.commands.isOnline(unitId)) return true;
      forgetGone();
      return holder.has(unitId);
    },
    forget(deviceId, unitId) {
      directory.forget(deviceId);
      void bus.publish(topics.deviceForget, { ...(deviceId === undefined ? {} : { deviceId }), ...(unitId === undefined ? {} : { unitId }) })
        .catch(failed('device forget'));
    },
    async resetState(unitId) {
      const has = await resetUnitState(opts.pool, directory, unitId, EVENTS_LOCK_KEY);
      const unit = (await directory.units([unitId])).get(unitId);
      if (has && unit) await bus.publish(topics.stateChanges, [{ unitId, siteId: unit.siteId, announced: false }]);
      return has;
    },
    listening: () => opts.local?.listening?.() ?? side?.listening() ?? true,
    stats() {
      const sum = { connectionsOpen: 0, connectionsTotal: 0, recordsAccepted: 0, packetsAccepted: 0, recordsFlagged: 0 };
      const closedBecause: Record<string, number> = {};
      const others = live().filter((b) => b.node !== node).map((b) => b.stats);
      if (side) {
        const { processors: _lag, ...mine } = side.stats.snapshot();
        others.push(mine);
      }
      for (const b of others) {
        for (const k of Object.keys(sum) as Array<keyof typeof sum>) sum[k] += b[k];
        for (const [why, n] of Object.entries(b.closedBecause)) closedBecause[why] = (closedBecause[why] ?? 0) + n;
      }
      // The newest heartbeat's view of the processors (they run one at a time across the workers).
      const newest = [...workerNodes.values()].sort((a, b) => b.at - a.at)[0];
      return { ...sum, closedBecause, processors: localProcessors?.lag() ?? newest?.processors ?? {} };
    },
    /**
     * Asks the ingest and worker nodes for their heartbeats now, after the bus is ready: a node
     * that just started knows where each device is at once, not up to a heartbeat later.
     */
    start: () => bus.publish(topics.heartbeatRequests, { node }),
    stop(): void {
      for (const s of stops) s();
    },
  };
}
