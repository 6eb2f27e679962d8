import type { DebugFrameEvent } from '@fleet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { LivePosition } from '../modules/units/index.ts';
import { type Bus, topics } from '../bus/index.ts';
import type { DeviceSide } from '../ingest/ingest.ts';
import { BEACON_MS, GONE_AFTER_MS } from './node-id.ts';

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The ingest role on the bus (issue 17). Out: committed positions, the debugger's frames of watched
 * units, a wake-up for the workers after each commit, each device connection's coming and going (the
 * unit's address for commands) and a heartbeat with the node's counters. In: commands for the
 * devices it holds, requests for a unit's recent frames, the units the api nodes' debuggers watch,
 * and device ids to look up again.
 */
export function ingestOnBus(bus: Bus, side: DeviceSide, opts: { node: string; log: FastifyBaseLogger; beaconMs?: number }) {
  const { node, log } = opts;
  const failed = (what: string) => (err: unknown) => log.warn({ err: errText(err) }, `bus: ${what} not published`);
  const stops: Array<() => void> = [];

  const onPositions = (list: LivePosition[]) => void bus.publish(topics.positions, list).catch(failed('positions'));
  side.positionEvents.on('positions', onPositions);
  stops.push(() => side.positionEvents.off('positions', onPositions));

  const onFrame = (frame: DebugFrameEvent) => void bus.publish(topics.debugFrames, frame).catch(failed('debugger frame'));
  side.frames.on('frame', onFrame);
  stops.push(() => side.frames.off('frame', onFrame));

  // The workers' wake-up: at most one per 20 ms (a commit every few ms under load), the last never lost.
  let wakeTimer: NodeJS.Timeout | null = null;
  let wakeAgain = false;
  const wake = () => {
    if (wakeTimer) {
      wakeAgain = true;
      return;
    }
    void bus.publish(topics.logAppended, { node }).catch(failed('log wake-up'));
    wakeTimer = setTimeout(() => {
      wakeTimer = null;
      if (wakeAgain) {
        wakeAgain = false;
        wake();
      }
    }, 20);
  };
  stops.push(side.onStored(wake));
  stops.push(() => {
    if (wakeTimer) clearTimeout(wakeTimer);
  });

  stops.push(side.commands.onPresence((unitId, online) => {
    void bus.publish(topics.unitPresence, { node, unitId, online }).catch(failed('unit presence'));
  }));

  // Commands: only the node the asker named runs it (a device that moved may briefly have a stale connection elsewhere).
  stops.push(bus.subscribe(topics.commandRequests, async (req) => {
    if (req.target !== node) return;
    const reply = await side.commands.send(req.unitId, req.text, req.timeoutMs).then(
      (answer) => ({ ok: true, answer }),
      (err: unknown) => ({ ok: false, error: errText(err) }),
    );
    await bus.publish(topics.commandReplies, { id: req.id, to: req.from, node, ...reply });
  }));

  // UDP replies: a Codec 12 reply may reach another process sharing the UDP port than the one
  // whose command it answers (INGEST_PROCESSES > 1); the one that sent it takes it from the bus.
  const onUdpReply = (unitId: number, text: string) =>
    void bus.publish(topics.udpReplies, { node, unitId, text }).catch(failed('UDP reply'));
  side.udpReplies.on('reply', onUdpReply);
  stops.push(() => side.udpReplies.off('reply', onUdpReply));
  stops.push(bus.subscribe(topics.udpReplies, (m) => {
    if (m.node !== node) side.answerUdpReply(m.unitId, m.text);
  }));

  stops.push(bus.subscribe(topics.framesRequests, async (req) => {
    await bus.publish(topics.framesReplies, { id: req.id, to: req.from, node, frames: side.frames.recent(req.unitId) });
  }));

  // The debuggers' watched units, per api node; a node not heard from for a while watches nothing.
  const watchers = new Map<string, { units: number[]; at: number }>();
  const applyWatches = () => {
    const now = Date.now();
    const all = new Set<number>();
    for (const [n, w] of watchers) {
      if (now - w.at > GONE_AFTER_MS) watchers.delete(n);
      else for (const u of w.units) all.add(u);
    }
    side.frames.watchedElsewhere(all);
  };
  stops.push(bus.subscribe(topics.frameWatch, (w) => {
    watchers.set(w.node, { units: w.unitIds, at: Date.now() });
    applyWatches();
  }));

  stops.push(bus.subscribe(topics.deviceForget, ({ deviceId, unitId }) => {
    side.directory.forget(deviceId);
    if (unitId !== undefined) side.commands.drop(unitId, 'unit-removed');
  }));

  const beacon = () => {
    applyWatches();
    const { processors: _lag, ...stats } = side.stats.snapshot();
    void bus.publish(topics.ingestBeacons, { node, at: Date.now(), listening: side.listening(), online: side.commands.online(), stats })
      .catch(failed('heartbeat'));
  };
  stops.push(bus.subscribe(topics.heartbeatRequests, () => beacon()));
  const timer = setInterval(beacon, opts.beaconMs ?? BEACON_MS);
  timer.unref();

  return {
    /** Sends the first heartbeat now (after the listeners are up). */
    announce: beacon,
    stop(): void {
      clearInterval(timer);
      for (const s of stops) s();
      // A last heartbeat says the listeners are closed, so api nodes stop counting on this node at once.
      beacon();
    },
  };
}
