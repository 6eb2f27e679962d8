import { useSyncExternalStore } from 'react';

const KEY = 'debug';

/** `?debug=1` turns debug mode on (remembered in local storage 'debug'); `?debug=0` turns it off. */
export function applyDebugParam(search: string, storage: Storage): void {
  const value = new URLSearchParams(search).get('debug');
  if (value === '1' || value === 'true') storage.setItem(KEY, '1');
  else if (value === '0' || value === 'false') storage.removeItem(KEY);
}

export function isDebugOn(storage: Storage): boolean {
  return storage.getItem(KEY) === '1';
}

const listeners = new Set<() => void>();

/** Re-reads the debug flag after a navigation may have changed it. */
export function refreshDebugMode(search: string): void {
  applyDebugParam(search, localStorage);
  for (const l of listeners) l();
}

export function useDebugMode(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => isDebugOn(localStorage),
    () => false,
  );
}
