import type { DeviceOptions } from './device.ts';
import { deviceHistory } from './history.ts';
import { HistoryState } from './history-state.ts';
import { OsmandDevice } from './osmand-device.ts';
import { RecordPace } from './pace.ts';
import { profileForUnitType } from './profiles.ts';
import { deviceFactory, type SimDevice, type SimProtocol } from './protocols.ts';
import { seedFrom } from './rng.ts';
import { routeById } from './routes/index.ts';
import type { DeviceSpec } from './specs.ts';
import { Vehicle, type VehicleOptions } from './vehicle.ts';

export interface FleetOptions {
  devices: readonly DeviceSpec[];
  /** What the trackers (every spec that is not a phone) speak (default teltonika). */
  protocol?: SimProtocol;
  host: string;
  /** The trackers' TCP port. */
  port: number;
  /** OsmAnd HTTP port (phones). */
  osmandPort: number;
  intervalMs: number;
  recordsPerPacket?: number;
  /** Stop by itself after this long (default: run until stop()). */
  durationMs?: number;
  /** Devices start spread over this window, ms (default: one interval, at most 10 s). */
  staggerMs?: number;
  /** Print a status line this often (default 10 s; 0 = never). */
  statusEveryMs?: number;
  /** Where status lines and device errors go (default console.log). */
  print?: (line: string) => void;
  /** Do not print device errors (status lines still follow statusEveryMs). */
  quiet?: boolean;
  /** Stop on SIGINT/SIGTERM (the CLI sets this; libraries and tests usually do not). */
  handleSignals?: boolean;
  ackTimeoutMs?: number;
  backoffMs?: { initial?: number; max?: number };
  vehicle?: Pick<VehicleOptions, 'panicPerHour' | 'faultPerHour' | 'depotMinutes' | 'workMinutes'>;
  now?: () => number;
  /** Before going live each tracker sends (Teltonika only) its previous N calendar days (default 0). */
  historyDays?: number;
  /** Fleet-wide rate of history records per second (default 2000). */
  historyRecordsPerSecond?: number;
  /** JSON file remembering which days were delivered, so a restart does not send them again. */
  historyStateFile?: string;
  /** Trackers whose protocol has a UDP form (Queclink) send over UDP (default tcp). */
  transport?: 'tcp' | 'udp';
}

export interface FleetStats {
  devices: number;
  protocol: SimProtocol;
  /** Trackers (devices speaking `protocol`, not phones). */
  trackers: number;
  /** Trackers logged in right now. */
  connected: number;
  connects: number;
  loginRefused: number;
  generated: number;
  sent: number;
  acked: number;
  resent: number;
  buffered: number;
  dropped: number;
  ackTimeouts: number;
  commands: number;
  phones: number;
  phoneDelivered: number;
  phoneFailed: number;
  phoneQueued: number;
  elapsedMs: number;
}

export interface FleetHandle {
  stats(): FleetStats;
  /** Stops every device (idempotent) and resolves with the final stats. */
  stop(): Promise<FleetStats>;
  /** Trackers stop generating records but keep sending their backlog (a drain). */
  pauseGeneration(): void;
  /** Resolves with the final stats once the fleet has stopped (duration, signal or stop()). */
  done: Promise<FleetStats>;
}

/** Runs a simulated fleet; reusable by the CLI, benchmarks and chaos tests. */
export function runFleet(options: FleetOptions): FleetHandle {
  const now = options.now ?? Date.now;
  const started = now();
  const print = options.print ?? ((line: string) => console.log(line));
  const log = options.quiet ? undefined : print;
  const protocol = options.protocol ?? 'teltonika';
  const create = deviceFactory(protocol);
  const trackers: SimDevice[] = [];
  const phones: OsmandDevice[] = [];
  const timers: NodeJS.Timeout[] = [];
  const n = options.devices.length;
  const stagger = options.staggerMs ?? Math.min(options.intervalMs, 10_000);
  const historyDays = options.historyDays ?? 0;
  const pace = new RecordPace(options.historyRecordsPerSecond ?? 2000);
  const historyState = historyDays > 0 ? new HistoryState(options.historyStateFile) : undefined;
  const todayMs = now();

  options.devices.forEach((spec, i) => {
    const source = new Vehicle({
      ...options.vehicle,
      route: routeById(spec.routeId),
      profile: profileForUnitType(spec.unitTypeId),
      seed: seedFrom(spec.imei),
      startMs: now(),
      start: spec.start,
      ...(spec.depotMinutes ? { depotMinutes: spec.depotMinutes } : {}),
    });
    const common = { host: options.host, intervalMs: options.intervalMs, source, now, log };
    const device =
      spec.protocol === 'osmand'
        ? new OsmandDevice({
            ...common,
            id: spec.imei,
            port: options.osmandPort,
            backoffMs: options.backoffMs,
          })
        : create({
            ...common,
            imei: spec.imei,
            port: options.port,
            recordsPerPacket: options.recordsPerPacket,
            ackTimeoutMs: options.ackTimeoutMs,
            backoffMs: options.backoffMs,
            ...(options.transport ? { transport: options.transport } : {}),
            ...(historyState ? historyOptions(spec, historyDays, todayMs, historyState, pace) : {}),
          });
    if (device instanceof OsmandDevice) phones.push(device);
    else trackers.push(device);
    timers.push(setTimeout(() => device.start(), n > 1 ? Math.round((i * stagger) / n) : 0));
  });

  const stats = (): FleetStats => {
    const t = trackers.map((d) => d.stats());
    const p = phones.map((d) => d.stats());
    const sum = (key: keyof (typeof t)[number]) => t.reduce((acc, s) => acc + Number(s[key]), 0);
    return {
      devices: n,
      protocol,
      trackers: trackers.length,
      connected: sum('connected'),
      connects: sum('connects'),
      loginRefused: sum('loginRefused'),
      generated: sum('generated'),
      sent: sum('sent'),
      acked: sum('acked'),
      resent: sum('resent'),
      buffered: sum('buffered'),
      dropped: sum('dropped'),
      ackTimeouts: sum('ackTimeouts'),
      commands: sum('commands'),
      phones: phones.length,
      phoneDelivered: p.reduce((a, s) => a + s.delivered, 0),
      phoneFailed: p.reduce((a, s) => a + s.failed, 0),
      phoneQueued: p.reduce((a, s) => a + s.queued, 0),
      elapsedMs: now() - started,
    };
  };

  const statusEvery = options.statusEveryMs ?? 10_000;
  if (statusEvery > 0) timers.push(setInterval(() => print(formatStatus(stats())), statusEvery));

  let finish: (s: FleetStats) => void = () => {};
  const done = new Promise<FleetStats>((resolve) => {
    finish = resolve;
  });
  let stopping: Promise<FleetStats> | undefined;
  const onSignal = () => void stop();
  const stop = (): Promise<FleetStats> => {
    stopping ??= (async () => {
      for (const t of timers) clearTimeout(t);
      pace.close();
      if (options.handleSignals) {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
      await Promise.all([...trackers, ...phones].map((d) => d.stop()));
      const final = stats();
      finish(final);
      return final;
    })();
    return stopping;
  };
  if (options.handleSignals) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  if (options.durationMs !== undefined) timers.push(setTimeout(() => void stop(), options.durationMs));
  return { stats, stop, done, pauseGeneration: () => { for (const d of trackers) d.pauseGeneration(); } };
}

function historyOptions(
  spec: DeviceSpec,
  days: number,
  todayMs: number,
  state: HistoryState,
  pace: RecordPace,
): Pick<DeviceOptions, 'history' | 'pace' | 'onHistorySent'> {
  let lastDate: string | undefined;
  return {
    history: () => {
      const h = deviceHistory(spec, days, todayMs, { after: state.sentUpTo(spec.imei) });
      lastDate = h.lastDate;
      return h.records;
    },
    pace: (n) => pace.take(n),
    onHistorySent: () => {
      if (lastDate) state.markSent(spec.imei, lastDate);
    },
  };
}

/** The one-line status: devices connected, records sent/acked/resent, backlog and phones. */
export function formatStatus(s: FleetStats): string {
  const secs = Math.round(s.elapsedMs / 1000);
  const clock = `${String(Math.floor(secs / 3600)).padStart(2, '0')}:${String(Math.floor(secs / 60) % 60).padStart(2, '0')}:${String(secs % 60).padStart(2, '0')}`;
  const parts = [
    `[sim ${clock}] connected ${s.connected}/${s.trackers}${s.protocol === 'teltonika' ? '' : ` ${s.protocol}`}`,
    `records sent ${s.sent} acked ${s.acked} resent ${s.resent} buffered ${s.buffered}`,
  ];
  if (s.loginRefused > 0) parts.push(`logins refused ${s.loginRefused}`);
  if (s.dropped > 0) parts.push(`dropped ${s.dropped}`);
  if (s.phones > 0)
    parts.push(
      `phones ${s.phones}: ${s.phoneDelivered} stored, ${s.phoneFailed} retried, ${s.phoneQueued} queued`,
    );
  return parts.join(' · ');
}
