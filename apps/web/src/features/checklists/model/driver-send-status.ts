import { useSyncExternalStore } from 'react';
import type { SendStep } from './driver-send.ts';

/** Which step the check list being sent is at, for the sign-off page's overlay ('Uploading Tyres'...). */
export interface SendStatus {
  itemId: string;
  step: SendStep;
}

let status: SendStatus | null = null;
const listeners = new Set<() => void>();

export const sendStatus = {
  get: () => status,
  set(next: SendStatus | null) {
    status = next;
    for (const fn of listeners) fn();
  },
  subscribe(fn: () => void) {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};

export function useSendStatus(): SendStatus | null {
  return useSyncExternalStore(sendStatus.subscribe, sendStatus.get, () => null);
}
