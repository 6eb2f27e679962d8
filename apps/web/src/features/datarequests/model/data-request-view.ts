import type { DataRequestStatus } from '@fleet/shared';

/** Waiting or being prepared: the list is polled and the request can be cancelled. */
export const isActive = (status: DataRequestStatus): boolean => status === 'queued' || status === 'running';

/** The badge colour of a state (text stays dark on the light badge: AA contrast). */
export const STATUS_COLOR: Record<DataRequestStatus, string> = {
  queued: 'gray', running: 'blue', ready: 'green', failed: 'red', cancelled: 'gray', expired: 'gray',
};

/** Percent done (0–100) of an estimate that may be exceeded (then 99 until it finishes). */
export function percentDone(done: number, total: number, status: DataRequestStatus): number {
  if (status === 'ready') return 100;
  if (total <= 0) return 0;
  return Math.min(99, Math.floor((done / total) * 100));
}

/** A byte count in words: '812 B', '4.2 MB', '1.35 GB' (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = -1;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i += 1;
  }
  return `${v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)} ${units[i]}`;
}

/** Whole days from `from` to `to` (both included), or null when the range is not valid. */
export function daysInRange(from: string, to: string): number | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return null;
  return Math.round((b - a) / 86_400_000) + 1;
}
