import { useSyncExternalStore } from 'react';
import type { ApiStatusEvent } from './api-client.ts';

/** The outcome of the most recent API call, for the debug box. */
let last: ApiStatusEvent | null = null;
const listeners = new Set<() => void>();

export function recordApiStatus(event: ApiStatusEvent): void {
  last = event;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLastApiStatus(): ApiStatusEvent | null {
  return useSyncExternalStore(
    subscribe,
    () => last,
    () => last,
  );
}
