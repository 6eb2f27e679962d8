import type { FastifyBaseLogger } from 'fastify';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { CommandRegistry } from './commands.ts';
import { FrameLog } from './frame-log.ts';
import { IngestStats } from './ingest-stats.ts';
import { osmandHttpServer } from './osmand-http.ts';
import { type CheckedRow, type PositionRow, type PositionWriter, positionWriter, type WriterOptions } from './position-writer.ts';
import { interpret } from './io-map.ts';
import { isAssetUnit } from './asset-movement.ts';
import type { LivePosition } from './ingest-events.ts';
import type { DeviceLink } from '../modules/units/index.ts';
import { EVENTS_LOCK_KEY, eventsProcessor, type NewAlert } from './processors/events-processor.ts';
import { sharedHorizon } from './log-horizon.ts';
import { processorLoop } from './processors/loop.ts';
import { partitionUpkeep } from './partitions.ts';
import type { UpkeepOptions } from '@fleet/db';
import { resetUnitState, stateProcessor, type StateChange } from './processors/state-processor.ts';
import { tripsProcessor } from './processors/trips-processor.ts';
import { drivingProcessor } from './processors/driving-processor.ts';
import { rollupsProcessor } from './processors/rollups-processor.ts';
import { DEFAULT_TCP_LIMITS, teltonikaTcpServer, type TcpLimits } from './teltonika-tcp.ts';
import { DEFAULT_GT06_LIMITS, type Gt06Limits, gt06TcpServer } from './gt06-tcp.ts';
import { teltonikaUdpServer } from './teltonika-udp.ts';
import { queclinkTcpServer } from './queclink-tcp.ts';
import { queclinkUdpServer } from './queclink-udp.ts';
import { type UnitDirectory, unitDirectory } from './unit-directory.ts';
import type { SourceAllowLists } from './ingest-deps.ts';

export interface IngestOptions {
  teltonikaPort: number;
  osmandPort: number;
  /** GT06 / Concox TCP; absent: any free port (tests). */
  gt06Port?: number;
  /** Queclink @Track TCP and UDP; absent: any free port (tests). */
  queclinkPort?: number;
  host?: string;
  limits?: Partial<TcpLimits>;
  /** The GT06 listener's limits (frame size, login, idle). */
  gt06Limits?: Partial<Gt06Limits>;
  writer?: WriterOptions;
  /** Source networks per device family (TELTONIKA_ALLOW, OSMAND_ALLOW); none: any source. */
  allow?: SourceAllowLists;
  /** How many unknown device ids are kept (the most attempts first); default 1,000. */
  maxUnknownDevices?: number;
  /** The positions log's partition upkeep (months ahead, retention): at start, then daily. */
  partitions?: UpkeepOptions & { everyMs?: number };
  /** The events processor's clock, ms (default Date.now): alerts of a device time long before it are recorded late, not raised. */
  now?: () => number;
}

/**
 * The writer, telling listeners of each committed batch's latest plausible position per unit (its
 * IO read for the unit's type), so the live map need not wait for the state processor. Rows the
 * writer flagged implausible never go out. Asset trackers are left to the processor: their location
 * code depends on the report before.
 */
function announcingWriter(
  writer: PositionWriter, directory: UnitDirectory, events: EventEmitter<{ positions: [LivePosition[]] }>, log: FastifyBaseLogger,
): PositionWriter {
  const announce = async (rows: CheckedRow[]) => {
    const latest = new Map<number, PositionRow>();
    for (const r of rows) {
      if (r.implausible !== null) continue;
      const before = latest.get(r.unitId);
      if (!before || r.deviceTimeMs >= before.deviceTimeMs) latest.set(r.unitId, r);
    }
    const units = await directory.units([...latest.keys()]);
    const list: LivePosition[] = [];
    for (const r of latest.values()) {
      const unit = units.get(r.unitId);
      if (!unit || isAssetUnit(unit)) continue;
      const m = interpret(r.io, unit.ioMap);
      list.push({
        unitId: r.unitId, siteId: unit.siteId, deviceTimeMs: r.deviceTimeMs, lat: r.lat, lon: r.lon, speed: r.speed, angle: r.angle,
        ignition: m.ignition, panic: m.panic, pto1: m.pto1, pto2: m.pto2,
      });
    }
    if (list.length > 0) events.emit('positions', list);
  };
  return {
    async write(rows) {
      const written = await writer.write(rows);
      if (events.listenerCount('positions') === 0) return written;
      // After the commit and off the device's path: a failure here never touches the ACK.
      announce(written).catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'live positions not announced'));
      return written;
    },
    get pending() {
      return writer.pending;
    },
    close: () => writer.close(),
    drained: () => writer.drained(),
  };
}

/**
 * The ingest role's part (issue 17): the device listeners, the group-commit writer (positions go out
 * to `positionEvents` once committed), the debugger's frames, the command channels and the
 * partition upkeep. `onStored` listeners hear of every commit (the processors' kick).
 */
export function createDeviceSide(pool: pg.Pool, log: FastifyBaseLogger, opts: IngestOptions) {
  const directory = unitDirectory(pool, { maxUnknown: opts.maxUnknownDevices });
  const positionEvents = new EventEmitter<{ positions: [LivePosition[]] }>();
  positionEvents.setMaxListeners(0);
  const writer = announcingWriter(positionWriter(pool, opts.writer), directory, positionEvents, log);
  const frames = new FrameLog();
  const stats = new IngestStats();
  const commands = new CommandRegistry();
  const storedListeners = new Set<() => void>();
  const udpReplies = new EventEmitter<{ reply: [number, string] }>();
  const deps = {
    directory, writer, frames, stats, commands, log, allow: opts.allow ?? {},
    onStored: () => {
      for (const l of storedListeners) l();
    },
    udpReplyElsewhere: (unitId: number, text: string) => void udpReplies.emit('reply', unitId, text),
  };
  const tcp = teltonikaTcpServer(deps, { ...DEFAULT_TCP_LIMITS, ...opts.limits });
  const udp = teltonikaUdpServer(deps);
  const osmand = osmandHttpServer(deps);
  const gt06 = gt06TcpServer(deps, { ...DEFAULT_GT06_LIMITS, ...opts.gt06Limits });
  const queclinkTcp = queclinkTcpServer(deps, { ...DEFAULT_TCP_LIMITS, ...opts.limits });
  const queclinkUdp = queclinkUdpServer(deps);
  const ports = {
    teltonika: 0, teltonikaUdp: 0, osmand: 0, gt06: 0,
    queclink: 0, queclinkUdp: 0,
  };
  const upkeep = partitionUpkeep(pool, log, opts.partitions);
  /** Every device listener bound and not yet closing (the readiness check's question). */
  let listening = false;

  return {
    directory, writer, frames, stats, commands, ports, positionEvents, upkeep,
    /** UDP Codec 12 replies that answered no command here ('reply': unit, text), for the other ingest processes. */
    udpReplies,
    /** A UDP reply another process received: answers this process's pending command of the unit, if any. */
    answerUdpReply: (unitId: number, text: string): boolean => udp.answerForwarded(unitId, text),
    /** Calls back after every commit of positions; returns the function that stops it. */
    onStored(listener: () => void): () => void {
      storedListeners.add(listener);
      return () => void storedListeners.delete(listener);
    },
    async start(): Promise<void> {
      const host = opts.host ?? '0.0.0.0';
      ports.teltonika = await tcp.listen(opts.teltonikaPort, host);
      ports.teltonikaUdp = await udp.listen(ports.teltonika, host);
      ports.osmand = await osmand.listen(opts.osmandPort, host);
      ports.gt06 = await gt06.listen(opts.gt06Port ?? 0, host);
      ports.queclink = await queclinkTcp.listen(opts.queclinkPort ?? 0, host);
      ports.queclinkUdp = await queclinkUdp.listen(ports.queclink, host);
      log.info({ tcp: ports.queclink, udp: ports.queclinkUdp }, 'Queclink @Track listeners ready (TCP+UDP)');
      // Not awaited: the months ahead already exist (made a month or more before), and retention may take a while.
      void upkeep.start();
      listening = true;
      log.info(ports, 'device listeners ready (Teltonika TCP+UDP, OsmAnd HTTP, GT06 TCP)');
    },
    /** True while every device listener is bound (after start, until stop begins). */
    listening: () => listening,
    /**
     * Stops taking device data: the listeners close (no new connections; open ones are closed, so
     * their devices send again elsewhere or later), then what the writer holds is committed. A
     * device is acknowledged only after its rows are committed, so nothing acknowledged is lost;
     * rows of a connection closed before its acknowledgement are re-sent.
     */
    async stop(): Promise<void> {
      listening = false;
      await Promise.allSettled([tcp.close(), udp.close(), osmand.close(), gt06.close()]);
      await Promise.allSettled([queclinkTcp.close(), queclinkUdp.close()]);
      await writer.drained();
      await upkeep.stop();
      writer.close();
    },
  };
}
export type DeviceSide = ReturnType<typeof createDeviceSide>;

/**
 * The worker role's log processors (issue 17): state, events, trips, driving and roll-ups, each a
 * loop that runs when kicked (new positions committed) or at its idle tick. Several workers may run:
 * each processor's run takes an advisory lock, so one runs at a time across them.
 */
export function createProcessors(pool: pg.Pool, log: FastifyBaseLogger, opts: { now?: () => number } = {}) {
  const directory = unitDirectory(pool);
  const stateEvents = new EventEmitter<{ changes: [StateChange[]] }>();
  stateEvents.setMaxListeners(0);
  const alertEvents = new EventEmitter<{ alerts: [NewAlert[]] }>();
  alertEvents.setMaxListeners(0);
  const warn = (what: string) => (err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, `${what}: will retry`);
  // The processors run at each kick; one read of the log horizon serves them all.
  const horizon = sharedHorizon();
  const state = stateProcessor(pool, directory, { horizon, onChanges: (changes) => stateEvents.emit('changes', changes) });
  const events = eventsProcessor(pool, directory, { horizon, now: opts.now, onAlerts: (list) => alertEvents.emit('alerts', list) });
  const trips = tripsProcessor(pool, directory, { horizon });
  const driving = drivingProcessor(pool, directory, { horizon });
  const rollups = rollupsProcessor(pool, { horizon });
  const loops = [
    processorLoop(state.runOnce, { batch: state.batch, onError: warn('state processor') }),
    processorLoop(events.runOnce, { batch: events.batch, onError: warn('events processor') }),
    processorLoop(trips.runOnce, { batch: trips.batch, onError: warn('trips processor') }),
    processorLoop(driving.runOnce, { batch: driving.batch, onError: warn('driving processor') }),
    processorLoop(rollups.runOnce, { batch: rollups.batch, onError: warn('rollups processor') }),
  ];
  return {
    directory, stateEvents, alertEvents, events, trips, driving, rollups,
    /** New positions were committed: every processor runs now. */
    kick(): void {
      horizon.stored();
      for (const l of loops) l.kick();
    },
    /** Each processor's lag behind the log, as of its last run in this process. */
    lag: () => ({ state: state.lag(), events: events.lag(), trips: trips.lag(), driving: driving.lag(), rollups: rollups.lag() }),
    /** An administrator's reset of a unit's state (its newest plausible position); open pages are told. */
    async resetState(unitId: number): Promise<boolean> {
      const has = await resetUnitState(pool, directory, unitId, EVENTS_LOCK_KEY);
      const unit = (await directory.units([unitId])).get(unitId);
      if (has && unit) stateEvents.emit('changes', [{ unitId, siteId: unit.siteId, announced: false }]);
      return has;
    },
    start(): void {
      for (const l of loops) l.start();
    },
    async stop(): Promise<void> {
      await Promise.all(loops.map((l) => l.stop()));
    },
  };
}
export type Processors = ReturnType<typeof createProcessors>;

/**
 * Everything that takes device data in, in one process: the device side and the processors, the
 * processors kicked at each commit. The tests' harness and the benchmarks use it; `main.ts` puts
 * the two together by role over the bus (cluster/).
 */
export function createIngest(pool: pg.Pool, log: FastifyBaseLogger, opts: IngestOptions) {
  const side = createDeviceSide(pool, log, opts);
  const processors = createProcessors(pool, log, { now: opts.now });
  side.onStored(() => processors.kick());
  side.stats.processorLag = () => processors.lag();
  // One process: the device side's cache of units is the one the API's forget calls clear.
  const { directory } = side;
  return {
    ...side, directory,
    stateEvents: processors.stateEvents, alertEvents: processors.alertEvents,
    events: processors.events, trips: processors.trips, driving: processors.driving, rollups: processors.rollups,
    processors,
    resetState: (unitId: number) => processors.resetState(unitId),
    async start(): Promise<void> {
      await side.start();
      processors.start();
    },
    async stop(): Promise<void> {
      await side.stop();
      await processors.stop();
    },
  };
}
export type Ingest = ReturnType<typeof createIngest>;

/** The API's view of the device side. */
export function deviceLink(ingest: Ingest): DeviceLink {
  return {
    send: (unitId, text, timeoutMs) => ingest.commands.send(unitId, text, timeoutMs),
    isOnline: (unitId) => ingest.commands.isOnline(unitId),
    forget: (deviceId, unitId) => {
      ingest.directory.forget(deviceId);
      ingest.processors.directory.forget(deviceId);
      if (unitId !== undefined) ingest.commands.drop(unitId, 'unit-removed');
    },
    resetState: (unitId) => ingest.resetState(unitId),
    stats: () => ingest.stats.snapshot(),
    listening: () => ingest.listening(),
    recentFrames: (unitId) => Promise.resolve(ingest.frames.recent(unitId)),
    onFrame(listener) {
      ingest.frames.on('frame', listener);
      return () => ingest.frames.off('frame', listener);
    },
    watchFrames: (unitId) => ingest.frames.watch(unitId),
    unwatchFrames: (unitId) => ingest.frames.unwatch(unitId),
    onStateChanges(listener) {
      ingest.stateEvents.on('changes', listener);
      return () => ingest.stateEvents.off('changes', listener);
    },
    onAlerts(listener) {
      ingest.alertEvents.on('alerts', listener);
      return () => ingest.alertEvents.off('alerts', listener);
    },
    onPositions(listener) {
      ingest.positionEvents.on('positions', listener);
      return () => ingest.positionEvents.off('positions', listener);
    },
    reloadGeofences: () => ingest.events.reloadGeofences(),
  };
}
