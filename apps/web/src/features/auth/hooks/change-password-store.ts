import { useSyncExternalStore } from 'react';
import { rememberOpener } from '../../../shared/ui/focus-return.ts';

/** manual: from the menu; forced: the server asked for a new password; reset: from an e-mailed link. */
export type ChangePasswordMode = 'manual' | 'forced' | 'reset';

export interface ChangePasswordRequest {
  mode: Exclude<ChangePasswordMode, 'forced'>;
  email?: string;
  guid?: string;
}

let request: ChangePasswordRequest | null = null;
/** Puts focus back on what opened the modal; the host unmounts the modal on close, so Mantine's own return never runs. */
let returnFocus: (() => void) | null = null;
const listeners = new Set<() => void>();

function set(next: ChangePasswordRequest | null): void {
  request = next;
  for (const l of listeners) l();
}

export function openChangePassword(next: ChangePasswordRequest): void {
  if (typeof document !== 'undefined') returnFocus ??= rememberOpener();
  set(next);
}

export function closeChangePassword(): void {
  set(null);
  const back = returnFocus;
  returnFocus = null;
  back?.();
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
