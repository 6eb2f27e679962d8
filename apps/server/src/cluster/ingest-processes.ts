import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Config } from '../config.ts';
import { onStopSignals, type StopSignal } from '../ops/signals.ts';
import type { Role } from './roles.ts';

/**
 * The ingest on every core (issue 17): INGEST_PROCESSES=N > 1 runs the ingest role in N node:cluster
 * workers. Each worker is a whole ingest node (its own node id on the bus, its own listeners, writer
 * and database pool); they share the device ports, which the primary holds: TCP connections are
 * handed out round-robin by the primary, a UDP port is one socket every worker reads from. The
 * primary runs the process's other roles (api, worker) if any and no device listener, restarts a
 * worker that dies (with a growing pause, logged) and, when it is stopped, drains every worker the
 * way a single ingest process drains (listeners closed, the writer's rows committed) before it goes.
 *
 * An acknowledgement still follows the commit inside the worker that holds the connection, and the
 * log's unique key still stores a re-sent record once, whichever worker it comes back through: a
 * worker's death loses nothing acknowledged, as a process's death does not.
 */

/** Set by the primary in each worker it forks: the worker's slot, 1 to N. */
export const INGEST_WORKER_ENV = 'FLEET_INGEST_WORKER';

/** The messages between the primary and its ingest workers (over the cluster's IPC channel). */
type ToPrimary = { fleetIngest: 'listening'; ports: Record<string, number> }
  | { fleetIngest: 'commit'; rows: number; stored: number; seconds: number };
type ToWorker = { fleetIngest: 'drain' };

/** The first pause before a dead worker is started again; it doubles per quick death, up to the most. */
const RESTART_FIRST_MS = 1_000;
const RESTART_MOST_MS = 30_000;
/** A worker that lived this long before dying is started again after the first pause. */
const RESTART_RESET_AFTER_MS = 60_000;
/** All the ingest processes' database connections together, at most; each worker at least enough for its writer. */
const POOL_SHARE = 20;
const POOL_LEAST = 6;

/**
 * INGEST_PROCESSES as given: a whole number from 1 to 64, or `auto` for one per core. Throws in
 * words on anything else.
 */
export function parseIngestProcesses(text: string): number {
  const value = text.trim().toLowerCase();
  if (value === 'auto') return Math.min(64, availableParallelism());
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64) {
    throw new Error(`'${text}' is not a number of processes: give a whole number from 1 to 64, or 'auto' (one per core)`);
  }
  return Number(value);
}

/**
 * `--ingest-processes N` or `--ingest-processes=N` among the command's arguments, as text; undefined
 * when not given. Throws when it has no value.
 */
export function ingestProcessesArgument(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith('--ingest-processes=')) return arg.slice('--ingest-processes='.length);
    if (arg === '--ingest-processes') {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new Error('--ingest-processes needs a value, e.g. --ingest-processes 2');
      return next;
    }
  }
  return undefined;
}

/** The writer's report of one committed batch (ops/metrics.ts writerCommitted). */
type WriterCommitted = (rows: number, stored: number, seconds: number) => void;

/** A message to the primary; lost without harm when its channel has closed (the worker is ending then). */
function tellPrimary(message: ToPrimary): void {
  process.send?.(message, undefined, undefined, () => {});
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface Slot {
  index: number;
  worker: Worker | null;
  startedAt: number;
  listening: boolean;
  ports: Record<string, number> | null;
  /** Deaths in a row, each soon after its start: the next pause grows with them. */
  quickDeaths: number;
  restartTimer: NodeJS.Timeout | null;
}

/**
 * What this process is, given its settings: the only process of the ingest (`single`: INGEST_PROCESSES
 * 1, or no ingest role), the `primary` of N ingest workers, or one of those workers. main.ts asks it
 * which roles to run, how big a database pool to take, and hands it the start, the stop and the
 * readiness of the ingest workers.
 */
export function ingestProcesses(config: Config) {
  const slotText = process.env[INGEST_WORKER_ENV];
  const part: 'single' | 'primary' | 'worker' = slotText !== undefined && cluster.isWorker
    ? 'worker'
    : config.INGEST_PROCESSES > 1 && config.FLEET_ROLES.includes('ingest') && cluster.isPrimary ? 'primary' : 'single';
  const count = config.INGEST_PROCESSES;

  const roles: Role[] = part === 'worker'
    ? ['ingest']
    : part === 'primary' ? config.FLEET_ROLES.filter((r) => r !== 'ingest') : [...config.FLEET_ROLES];
  // A worker has no listener of its own besides the devices': the primary answers health and serves the metrics.
  const ownConfig: Config = part === 'worker' ? { ...config, METRICS_PORT: undefined } : config;

  const slots: Slot[] = [];
  let log: Log | undefined;
  let databaseUrl: string | undefined;
  let onCommit: WriterCommitted | undefined;
  let stopping = false;
  let stopped: Promise<void> | undefined;

  /** Asks a worker to drain; a worker not yet listening has taken nothing in, and is stopped by a signal (which drains it too, once it has its handler). */
  function drain(worker: Worker, listening = true): void {
    try {
      if (listening) worker.send({ fleetIngest: 'drain' } satisfies ToWorker);
      else worker.process.kill('SIGTERM');
    } catch {
      // Its channel is already closed: it is on its way out.
    }
  }

  function fork(slot: Slot): void {
    slot.restartTimer = null;
    slot.listening = false;
    slot.startedAt = Date.now();
    const worker = cluster.fork({
      [INGEST_WORKER_ENV]: String(slot.index),
      FLEET_ROLES: 'ingest',
      // The primary's database, the embedded one included: every worker writes to it.
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    slot.worker = worker;
    worker.on('message', (m: ToPrimary) => {
      if (m?.fleetIngest === 'commit') onCommit?.(m.rows, m.stored, m.seconds);
      if (m?.fleetIngest !== 'listening') return;
      slot.listening = true;
      slot.ports = m.ports;
      // Started while the primary was stopping: it drains at once.
      if (stopping) drain(worker);
      log?.info({ worker: slot.index, workerPid: worker.process.pid, ports: m.ports }, 'ingest worker listening');
    });
    worker.on('exit', (code, signal) => {
      if (slot.worker === worker) slot.worker = null;
      slot.listening = false;
      if (stopping) {
        log?.info({ worker: slot.index, workerPid: worker.process.pid, code, signal }, 'ingest worker stopped');
        return;
      }
      const lived = Date.now() - slot.startedAt;
      slot.quickDeaths = lived >= RESTART_RESET_AFTER_MS ? 0 : slot.quickDeaths + 1;
      const pauseMs = Math.min(RESTART_MOST_MS, RESTART_FIRST_MS * 2 ** Math.max(0, slot.quickDeaths - 1));
      log?.error({ worker: slot.index, workerPid: worker.process.pid, code, signal, livedMs: lived, restartInMs: pauseMs },
        'ingest worker exited: starting it again');
      slot.restartTimer = setTimeout(() => fork(slot), pauseMs);
    });
  }

  return {
    part,
    /** The roles this process runs itself (the primary leaves the ingest to its workers). */
    roles,
    /** The settings this process runs with. */
    config: ownConfig,
    /** This process's database connections at most: a worker takes its share of the ingest's. */
    poolMax: part === 'worker' ? Math.max(POOL_LEAST, Math.ceil(POOL_SHARE / count)) : POOL_SHARE,
    /** How the roles read in the start line: the ingest with its number of processes. */
    describe(): string {
      if (part === 'primary') return [...roles, `ingest in ${count} processes`].join(', ');
      if (part === 'worker') return `ingest, process ${slotText} of ${count}`;
      return roles.join(', ');
    },

    /**
     * The primary: forks the workers, once the database is up and migrated (each worker would
     * otherwise wait for it, or race to migrate it). Elsewhere nothing.
     */
    start(opts: { log: Log; databaseUrl: string; onCommit?: WriterCommitted }): void {
      if (part !== 'primary') return;
      log = opts.log;
      databaseUrl = opts.databaseUrl;
      onCommit = opts.onCommit;
      for (let index = 1; index <= count; index++) {
        const slot: Slot = { index, worker: null, startedAt: 0, listening: false, ports: null, quickDeaths: 0, restartTimer: null };
        slots.push(slot);
        fork(slot);
      }
      log.info({ processes: count }, 'ingest workers started');
    },

    /** The primary: every worker has bound its device listeners (the readiness check's question). Elsewhere true. */
    listening(): boolean {
      if (part !== 'primary') return true;
      return !stopping && slots.length === count && slots.every((s) => s.listening);
    },

    /**
     * A worker, when the primary serves metrics: the writer's report of each committed batch, sent to
     * the primary (one message a batch, never a row), whose metrics count every worker's. Else undefined.
     */
    writerToPrimary(): WriterCommitted | undefined {
      if (part !== 'worker' || config.METRICS_PORT === undefined) return undefined;
      return (rows, stored, seconds) => tellPrimary({ fleetIngest: 'commit', rows, stored, seconds });
    },

    /** A worker: tells the primary its device listeners are bound. Elsewhere nothing. */
    listeningNow(ports: Record<string, number>): void {
      if (part !== 'worker') return;
      tellPrimary({ fleetIngest: 'listening', ports });
    },

    /**
     * The stop signals, handed to `stop` once. A worker drains when the primary asks, or on a stop
     * signal of its own (a terminal's Ctrl-C or systemd's stop reaches every process of the group,
     * the primary's request follows): the second of these must not cut its drain short, so a worker
     * hears only the first. The primary's own drain is bounded by its 30 s; if the primary dies, the
     * cluster ends its workers.
     */
    onStop(stop: (signal: StopSignal | 'primary') => void): void {
      if (part !== 'worker') {
        onStopSignals(stop);
        return;
      }
      let heard = false;
      const once = (why: StopSignal | 'primary') => {
        if (heard) return;
        heard = true;
        stop(why);
      };
      onStopSignals(once);
      process.on('message', (m: ToWorker) => {
        if (m?.fleetIngest === 'drain') once('primary');
      });
    },

    /**
     * The primary: no worker is started again; each drains (its listeners close, its writer commits
     * what it holds, it stops) and this resolves when all have exited. Elsewhere nothing.
     */
    stop(): Promise<void> {
      if (part !== 'primary') return Promise.resolve();
      stopped ??= (async () => {
        stopping = true;
        const exits: Promise<void>[] = [];
        for (const slot of slots) {
          if (slot.restartTimer) clearTimeout(slot.restartTimer);
          const worker = slot.worker;
          if (!worker || worker.isDead()) continue;
          exits.push(new Promise<void>((resolve) => worker.once('exit', () => resolve())));
          // A message sent before the worker has its handler would be lost: one still starting gets the signal.
          drain(worker, slot.listening);
        }
        await Promise.all(exits);
      })();
      return stopped;
    },
  };
}
export type IngestProcesses = ReturnType<typeof ingestProcesses>;
