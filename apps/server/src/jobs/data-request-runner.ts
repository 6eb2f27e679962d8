/**
 * Prepares data requests in the background (issue 14): an in-process queue that runs one export at
 * a time, writes its progress, stops it on cancel, and a sweep that deletes files past their expiry.
 * Requests a previous process left queued or running are marked failed at start (their partial
 * files removed): nobody is preparing them any more. Several api nodes share the table (issue 17):
 * a request records the runner whose queue it is in, and a start fails only those of runners that
 * are gone (lib/runner-name.ts), never a live node's.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { daysBounds, zoneOrFallback } from '../modules/journeys/index.ts';
import { runnerGone, runnerName as newRunnerName } from '../lib/runner-name.ts';
import {
  type Actor, type DataRequestRow, type DataRequestsRepository, type ExportPlan, SYSTEM, writeDataExport,
} from '../modules/datarequests/index.ts';

export const RESTARTED_TEXT = 'The server restarted while this request was being prepared: ask for the data again.';
export const STOPPED_TEXT = 'The server stopped while this request was being prepared: ask for the data again.';
export const CANCELLED_TEXT = 'Cancelled.';
const SWEEP_EVERY_MS = 10 * 60_000;

export interface DataRequestRunnerOptions {
  pool: pg.Pool;
  repo: DataRequestsRepository;
  /** Where the ZIP files go (<DATA_DIR>/exports). */
  dir: string;
  keepHours: number;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Deflate level of the ZIP (tests and the benchmark may change it). */
  level?: number;
}

export const fileNameOf = (r: { id: number; from_day: string; to_day: string }) => `data-request-${r.id}-${r.from_day}-to-${r.to_day}.zip`;

export function dataRequestRunner(opts: DataRequestRunnerOptions) {
  const { pool, repo, dir, log } = opts;
  const now = opts.now ?? (() => new Date());
  const runner = newRunnerName();
  const runnerName = runner.name;
  const queue: number[] = [];
  let current: { id: number; abort: AbortController; by: Actor | null } | null = null;
  let idle: Promise<void> = Promise.resolve();
  let currentRun: Promise<void> = Promise.resolve();
  let stopped = false;
  let draining = false;
  let timer: NodeJS.Timeout | undefined;

  const fileOf = (name: string) => path.join(dir, path.basename(name));

  async function planOf(r: DataRequestRow): Promise<ExportPlan> {
    const site = await repo.site(r.site_id);
    const timeZone = zoneOrFallback(site?.timezone);
    const { from, to } = daysBounds(r.from_day, r.to_day, timeZone);
    return {
      siteId: r.site_id, siteName: site?.name ?? '', fromDay: r.from_day, toDay: r.to_day, timeZone,
      from: new Date(from), to: new Date(to),
    };
  }

  async function runOne(id: number): Promise<void> {
    const row = await repo.byId(id);
    if (!row) return;
    const name = fileNameOf(row);
    if (!(await repo.start(id, runnerName, name))) return; // cancelled while queued
    const abort = new AbortController();
    current = { id, abort, by: null };
    try {
      const plan = await planOf(row);
      let pending = Promise.resolve();
      const result = await writeDataExport(pool, plan, fileOf(name), {
        signal: abort.signal,
        level: opts.level,
        onProgress: (done, total, text) => {
          // A request cancelled through another api node is no longer running: stop writing it.
          pending = pending.then(async () => {
            if (!(await repo.progress(id, done, total, `Writing ${text}`)) && !abort.signal.aborted) abort.abort(new Error(CANCELLED_TEXT));
          }).catch(() => {});
        },
      });
      await pending;
      // A cancel that came as the last bytes were written still cancels.
      abort.signal.throwIfAborted();
      const finishedAt = now();
      const expiresAt = new Date(finishedAt.getTime() + opts.keepHours * 3_600_000);
      if (!(await repo.ready(id, { ...result, finishedAt, expiresAt }))) await rm(fileOf(name), { force: true });
    } catch (err) {
      await rm(fileOf(name), { force: true });
      await rm(`${fileOf(name)}.part`, { force: true });
      if (stopped) {
        await repo.finish(id, 'failed', STOPPED_TEXT, SYSTEM, now());
      } else if (abort.signal.aborted) {
        await repo.finish(id, 'cancelled', current.by ? `Cancelled by ${current.by.userName}.` : CANCELLED_TEXT, current.by ?? SYSTEM, now());
      } else {
        log.error({ err, dataRequest: id }, 'data request failed');
        await repo.finish(id, 'failed', 'The data could not be prepared (the server logged why): ask again, or for a shorter range.', SYSTEM, now());
      }
    } finally {
      current = null;
    }
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      for (let id = queue.shift(); id !== undefined && !stopped; id = queue.shift()) {
        currentRun = runOne(id).catch((err: unknown) => log.error({ err, dataRequest: id }, 'data request runner failed'));
        await currentRun;
      }
    } finally {
      draining = false;
    }
  }

  return {
    runnerName,

    /** Where the files are: the download reads them here. */
    fileOf,

    /** Marks what a previous process left unfinished as failed and removes partial files; starts the sweep. */
    async start(): Promise<void> {
      await mkdir(dir, { recursive: true });
      // Only what a gone runner left: a live node's queued and running requests (and their partial files) are its own.
      const live = new Set<number>();
      for (const r of await repo.unfinished()) {
        if (!runnerGone(r.runner)) {
          live.add(r.id);
          continue;
        }
        if (r.file_name) {
          await rm(fileOf(r.file_name), { force: true });
          await rm(`${fileOf(r.file_name)}.part`, { force: true });
        }
        await repo.finish(r.id, 'failed', RESTARTED_TEXT, SYSTEM, now());
      }
      for (const f of await readdir(dir)) {
        const id = /^data-request-(\d+)-/.exec(f)?.[1];
        if (f.endsWith('.zip.part') && !(id && live.has(Number(id)))) await rm(path.join(dir, f), { force: true });
      }
      await this.sweep();
      timer = setInterval(() => void this.sweep().catch((err: unknown) => log.error({ err }, 'data request sweep failed')), SWEEP_EVERY_MS);
      timer.unref();
    },

    /** Queues a request; one is prepared at a time. */
    enqueue(id: number): void {
      if (stopped) return;
      queue.push(id);
      if (!draining) idle = drain();
    },

    /** Stops a queued or running request: true when it was one. */
    async cancel(r: DataRequestRow, by: Actor): Promise<boolean> {
      if (current?.id === r.id) {
        current.by = by;
        current.abort.abort(new Error(CANCELLED_TEXT));
        await currentRun;
        return true;
      }
      const at = queue.indexOf(r.id);
      if (at !== -1) queue.splice(at, 1);
      return repo.finish(r.id, 'cancelled', `Cancelled by ${by.userName}.`, by, now());
    },

    /** Deletes a ready request's file before its expiry (an administrator's cancel). */
    async remove(r: DataRequestRow, by: Actor): Promise<boolean> {
      if (!(await repo.retire(r.id, 'cancelled', 'deleted', by, { file: r.file_name, bytes: r.bytes }))) return false;
      if (r.file_name) await rm(fileOf(r.file_name), { force: true });
      return true;
    },

    /** Deletes the files of ready requests past their expiry and marks them expired: how many. */
    async sweep(): Promise<number> {
      let n = 0;
      for (const r of await repo.expiredBy(now())) {
        if (r.file_name) await rm(fileOf(r.file_name), { force: true });
        if (await repo.retire(r.id, 'expired', 'expired', SYSTEM, { file: r.file_name, bytes: r.bytes, expiresAt: r.expires_at })) n += 1;
      }
      return n;
    },

    /** Whether a ready request's file is past its expiry (the sweep may not have run yet). */
    isExpired(r: DataRequestRow): boolean {
      return r.expires_at !== null && r.expires_at.getTime() <= now().getTime();
    },

    /** Resolves when the queue is empty (tests). */
    settled: () => idle,

    /** Stops the sweep, the queue and the running export (its request is then failed at the next start). */
    async stop(): Promise<void> {
      stopped = true;
      runner.retire();
      queue.length = 0;
      if (timer) clearInterval(timer);
      current?.abort.abort(new Error('The server is stopping.'));
      await idle;
    },
  };
}
export type DataRequestRunner = ReturnType<typeof dataRequestRunner>;
