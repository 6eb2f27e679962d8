import { useSyncExternalStore } from 'react';
import { outbox, type OutboxItem } from './outbox.ts';

const serverState = { items: [] as readonly OutboxItem[], sending: false };

/** What is waiting on this device to be sent (oldest first, failed items included) and whether a send is under way. */
export function useOutbox(): { items: readonly OutboxItem[]; sending: boolean } {
  const state = useSyncExternalStore(outbox.subscribe, outbox.getState, () => serverState);
  return state;
}
