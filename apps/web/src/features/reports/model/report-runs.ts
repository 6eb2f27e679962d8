import type { ReportRunSummary, ReportStatus } from '@fleet/shared';

/** A run still in the queue or working: polled, and cancellable. */
export function isActive(status: ReportStatus): boolean {
  return status === 'queued' || status === 'running';
}

/** How far a run is, 0 … 100 (a run not started, or of no known size, is at 0). */
export function progressPercent(run: Pick<ReportRunSummary, 'status' | 'progress'>): number {
  if (run.status === 'done') return 100;
  const { done, total } = run.progress;
  if (!(total > 0) || !(done >= 0)) return 0;
  return Math.min(100, Math.round((done / total) * 100));
}

/** At most this many rows are read in one reportrun answer (the schema's limit). */
export const WHOLE_RESULT_LIMIT = 5000;

/** The runs newest first (by when asked, then by id), as a new array. */
export function newestFirst<T extends Pick<ReportRunSummary, 'id' | 'createdAt'>>(runs: readonly T[]): T[] {
  return [...runs].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}
