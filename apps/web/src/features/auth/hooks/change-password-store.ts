import { useSyncExternalStore } from 'react';

/** manual: from the menu; forced: the server asked for a new password; reset: from an e-mailed link. */
export type ChangePasswordMode = 'manual' | 'forced' | 'reset';

export interface ChangePasswordRequest {
  mode: Exclude<ChangePasswordMode, 'forced'>;
  email?: string;
  guid?: string;
}

let request: ChangePasswordRequest | null = null;
const listeners = new Set<() => void>();

function set(next: ChangePasswordRequest | null): void {
  request = next;
  for (const l of listeners) l();
}

export function openChangePassword(next: ChangePasswordRequest): void {
  set(next);
}

export function closeChangePassword(): void {
  set(null);
}

export function useChangePasswordRequest(): ChangePasswordRequest | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => request,
    () => request,
  );
}
