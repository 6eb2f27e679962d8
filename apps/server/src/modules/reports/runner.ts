import type { ReportResult, RunReportBody } from '@fleet/shared';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../lib/errors.ts';
import { runnerGone, runnerName } from '../../lib/runner-name.ts';
import { loggableError } from '../../plugins/errors.ts';
import { type ProduceOptions, ReportCancelled } from './produce.ts';
import { RESTART_TEXT, type RunsRepository } from './runs.repository.ts';

/** Runs at most this many reports at once on one server (the rest wait in its queue). */
export const MAX_CONCURRENT_RUNS = 2;
const PROGRESS_EVERY_MS = 300;
const SWEEP_EVERY_MS = 15 * 60_000;

interface Job { id: number; siteId: number; body: RunReportBody; tracksec: boolean }

export interface RunnerDeps {
  runs: RunsRepository;
  produce: (siteId: number, body: RunReportBody, opts: ProduceOptions) => Promise<ReportResult>;
  log: FastifyBaseLogger;
  keepHours: number;
  maxConcurrent?: number;
}

/**
 * The in-process queue of report runs (docs/decisions.md, issue 14: report runs). A run is a
 * report_runs row first (so it is listed and polled at once), then a job here; at most
 * `maxConcurrent` produce at a time. Progress goes to the row at most every 300 ms, and so does the
 * check of the row's cancel flag (a cancel through another server); a cancel here aborts at once.
 * `runner` names host, process and instance (lib/runner-name.ts): a start fails the runs that a
 * gone runner of this host left, never those of another live api node on it (issue 17).
 */
export function reportRunner(deps: RunnerDeps) {
  const runner = runnerName();
  const me = runner.name;
  const max = deps.maxConcurrent ?? MAX_CONCURRENT_RUNS;
  const queue: Job[] = [];
  const running = new Map<number, AbortController>();
  const done = new Set<Promise<void>>();
  let sweeper: NodeJS.Timeout | undefined;
  let closed = false;

  async function run(job: Job): Promise<void> {
    const abort = new AbortController();
    running.set(job.id, abort);
    let last = 0;
    let pending: Promise<void> = Promise.resolve();
    const onProgress = (doneCount: number, total: number, text: string) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS && doneCount < total) return;
      last = now;
      pending = pending.then(async () => {
        await deps.runs.progress(job.id, doneCount, total, text);
        if (await deps.runs.cancelRequested(job.id)) abort.abort('Cancelled.');
      }).catch(() => undefined);
    };
    try {
      await deps.runs.started(job.id);
      const result = await deps.produce(job.siteId, job.body, { signal: abort.signal, onProgress, tracksec: job.tracksec });
      await pending;
      if (abort.signal.aborted) throw new ReportCancelled();
      await deps.runs.finish(job.id, { status: 'done', result });
    } catch (err) {
      await pending;
      if (err instanceof ReportCancelled) {
        const restart = abort.signal.reason === RESTART_TEXT;
        await deps.runs.finish(job.id, restart ? { status: 'failed', error: RESTART_TEXT } : { status: 'cancelled', error: 'Cancelled.' });
      } else if (err instanceof ApiError) {
        await deps.runs.finish(job.id, { status: 'failed', error: err.message });
      } else {
        deps.log.error({ err: loggableError(err), run: job.id }, 'report run failed');
        await deps.runs.finish(job.id, { status: 'failed', error: 'The report could not be made: the error is in the server log. Try again.' }).catch(() => undefined);
      }
    } finally {
      running.delete(job.id);
    }
  }

  function pump(): void {
    while (!closed && running.size < max && queue.length > 0) {
      const job = queue.shift() as Job;
      const p = run(job).finally(() => {
        done.delete(p);
        pump();
      });
      done.add(p);
    }
  }

  return {
    runnerId: me,

    /** Fails the runs that gone runners left unfinished, sweeps expired ones, and sweeps every 15 minutes. */
    async start(): Promise<void> {
      const left = await deps.runs.failLeftOver(runnerGone);
      if (left > 0) deps.log.warn({ runs: left }, 'report runs left unfinished by a restart marked failed');
      await deps.runs.sweep();
      sweeper = setInterval(() => void deps.runs.sweep().catch((err: unknown) => deps.log.error({ err: loggableError(err) }, 'report sweep failed')), SWEEP_EVERY_MS);
      sweeper.unref();
    },

    /** Records a run and queues it; answers its id. */
    async submit(run: { siteId: number; userId: number; body: RunReportBody; title: string; tracksec: boolean }): Promise<number> {
      const id = await deps.runs.create({ siteId: run.siteId, userId: run.userId, origin: 'user', body: run.body, title: run.title, runner: me, keepHours: deps.keepHours });
      queue.push({ id, siteId: run.siteId, body: run.body, tracksec: run.tracksec });
      pump();
      return id;
    },

    /** Stops a run: a queued one at once, a running one at its next vehicle. False when it has finished. */
    async cancel(id: number): Promise<boolean> {
      if (!(await deps.runs.requestCancel(id))) return false;
      const at = queue.findIndex((j) => j.id === id);
      if (at >= 0) {
        queue.splice(at, 1);
        await deps.runs.finish(id, { status: 'cancelled', error: 'Cancelled.' });
      }
      running.get(id)?.abort('Cancelled.');
      return true;
    },

    /** Runs queued or running here (tests wait on it). */
    get busy(): number {
      return queue.length + running.size;
    },

    /** Stops: queued and running runs end failed with the restart message (they are not resumed). */
    async close(): Promise<void> {
      closed = true;
      runner.retire();
      if (sweeper) clearInterval(sweeper);
      for (const abort of running.values()) abort.abort(RESTART_TEXT);
      for (const job of queue.splice(0)) await deps.runs.finish(job.id, { status: 'failed', error: RESTART_TEXT }).catch(() => undefined);
      await Promise.allSettled([...done]);
    },
  };
}
export type ReportRunner = ReturnType<typeof reportRunner>;
