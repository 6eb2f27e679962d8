import { inTransaction } from '@fleet/db';
import { detectFuelEvents } from '@fleet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { storeRaisedAlerts, type StoredAlert } from '../alerts/index.ts';
import type { RaisedAlert } from '../units/index.ts';
import { type FuelEventToStore, type FuelRepository, type FuelUnitRow } from './fuel.repository.ts';
import { fuelIoKeys, readingsOf } from './fuel-readings.ts';

/** Each run reads again this much before where the last one ended, so an event across the boundary is seen whole. */
export const LOOK_BACK_MS = 3 * 3_600_000;
/** A unit seen for the first time is read from this long ago. */
export const FIRST_SCAN_MS = 7 * 86_400_000;
/** A drop whose end is this much older than the run is recorded without an alert going out (an old buffer, a first scan). */
export const DROP_LATE_MS = 12 * 3_600_000;
/** The most readings of one unit a run takes (a backlog is taken over several runs). */
export const MAX_READINGS = 200_000;
const LOCK_KEY = 0x6675656c; // 'fuel'

export interface FuelJobOptions {
  pool: pg.Pool;
  repo: FuelRepository;
  log: FastifyBaseLogger;
  /** Raised fuel-drop alerts, after their commit: the device side's alert fan-out (DeviceLink onAlerts). */
  onAlerts(alerts: RaisedAlert[]): void;
  now?: () => number;
  everyMs?: number;
  /** The least time between two runs a kick may start (new positions arrive all the time); default 15 s. */
  minGapMs?: number;
}

const dropText = (litres: number, before: number, after: number) =>
  `${litres.toFixed(1)} l (${before.toFixed(1)} → ${after.toFixed(1)} l)`;

/**
 * The fuel monitor's detection job (issue 16): every minute, at start and when kicked, for each
 * unit reporting a fuel level, reads its positions since unit_fuel_state.scanned_to (less
 * LOOK_BACK_MS, and from a change still pending), finds refuels and drops (packages/shared
 * fuel-detect.ts), stores them once in fuel_events and raises a 'fuel' 'drop' alert for each new
 * drop, in one transaction with the unit's new scanned_to.
 */
export function fuelJob(opts: FuelJobOptions) {
  const now = opts.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let lastRun = 0;
  let kickTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function scanUnit(unit: FuelUnitRow): Promise<RaisedAlert[]> {
    const state = await opts.repo.fuelState(unit.id);
    const pendingAt = state?.state.pendingFrom;
    // Nothing reported since the last scan and nothing pending: no read of the log.
    if (state && typeof pendingAt !== 'number' && unit.last_at !== null && unit.last_at <= state.scanned_to) return [];
    const at = now();
    let from = state ? state.scanned_to.getTime() - LOOK_BACK_MS : at - FIRST_SCAN_MS;
    const pending = state?.state.pendingFrom;
    if (typeof pending === 'number' && pending - LOOK_BACK_MS < from) from = pending - LOOK_BACK_MS;
    const rows = await opts.repo.positions(unit.id, fuelIoKeys(unit), new Date(from), null, MAX_READINGS);
    if (rows.length === 0) return [];
    const last = rows[rows.length - 1] as { t: number };
    if (state && last.t <= state.scanned_to.getTime() && typeof pending !== 'number') return [];
    const readings = readingsOf(rows, unit.tank_litres);
    const found = readings.unit === 'l' ? detectFuelEvents(readings.samples, unit.tank_litres) : { events: [], pendingFrom: null };
    const toStore: FuelEventToStore[] = found.events.map((e) => ({
      siteId: unit.site_id, unitId: unit.id, kind: e.kind, startAt: new Date(e.startAt).toISOString(), endAt: new Date(e.endAt).toISOString(),
      before: e.before, after: e.after, litres: e.litres, lat: e.lat, lon: e.lon,
    }));
    const positionAt = new Map(readings.samples.map((s, i) => [s.t, readings.ids[i] as string]));
    return inTransaction(opts.pool, async (client) => {
      const stored = await opts.repo.storeEvents(client, toStore);
      const drops = stored.filter((e) => e.kind === 'drop');
      const raised: StoredAlert<'fuel'>[] = [];
      for (const d of drops) {
        const endMs = Date.parse(d.endAt);
        const [alert] = await storeRaisedAlerts(client, [{
          kind: 'fuel' as const, event: 'drop', siteId: d.siteId, unitId: d.unitId, poiId: null,
          positionId: positionAt.get(endMs) ?? (readings.ids[readings.ids.length - 1] as string),
          happenedAt: d.endAt, lat: d.lat, lon: d.lon, detail: dropText(d.litres, d.before, d.after), late: at - endMs > DROP_LATE_MS,
        }]);
        if (alert) {
          await opts.repo.linkAlert(client, d.id, alert.aid);
          raised.push(alert);
        }
      }
      await opts.repo.saveState(client, unit.id, new Date(last.t), { pendingFrom: found.pendingFrom, unit: readings.unit });
      return raised.filter((a) => !a.late).map(({ late: _late, ...a }) => a);
    });
  }

  async function runOnce(): Promise<void> {
    await opts.repo.withJobLock(LOCK_KEY, async () => {
      const units = await opts.repo.reportingUnits();
      for (const unit of units) {
        if (stopped) return;
        try {
          const raised = await scanUnit(unit);
          if (raised.length > 0) opts.onAlerts(raised);
        } catch (err) {
          opts.log.warn({ err: err instanceof Error ? err.message : String(err), unitId: unit.id }, 'fuel detection failed for a unit: will retry');
        }
      }
    });
  }

  /** Runs now unless a run is going (then answers that one). */
  function run(): Promise<void> {
    if (!running) {
      lastRun = now();
      running = runOnce()
        .catch((err: unknown) => opts.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'fuel detection failed: will retry'))
        .finally(() => { running = null; });
    }
    return running;
  }

  return {
    run,
    /** New positions arrived: run soon (at most once per minGapMs). */
    kick(): void {
      if (stopped || kickTimer) return;
      const wait = Math.max(0, lastRun + (opts.minGapMs ?? 15_000) - now());
      kickTimer = setTimeout(() => { kickTimer = null; void run(); }, wait);
      kickTimer.unref();
    },
    start(): void {
      void run();
      timer = setInterval(() => void run(), opts.everyMs ?? 60_000);
      timer.unref();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      if (kickTimer) clearTimeout(kickTimer);
      await running;
    },
  };
}
export type FuelJob = ReturnType<typeof fuelJob>;
