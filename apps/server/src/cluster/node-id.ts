import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * A process's name on the bus: the host's name (lower-cased, trimmed to what a topic's `node` field
 * takes), the process id and a random part, so two processes never share one, even after a restart.
 */
export function nodeId(): string {
  const host = hostname().toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 32) || 'node';
  return `${host}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/** How often a node tells the others it is alive, and how long a node not heard from counts as gone. */
export const BEACON_MS = 2_000;
export const GONE_AFTER_MS = 7_000;
