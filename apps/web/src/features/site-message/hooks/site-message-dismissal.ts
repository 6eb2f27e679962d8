import { useSyncExternalStore } from 'react';

/** Which message the user closed on each site (site id → text): a changed message shows again. */
const STORAGE_KEY = 'siteMessageDismissed';

export type Dismissed = Readonly<Record<string, string>>;

/** A message shows unless it is empty or the user closed this very text on this site. */
export function shouldShowSiteMessage(siteId: number | null, message: string, dismissed: Dismissed): boolean {
  const text = message.trim();
  if (text === '') return false;
  return dismissed[String(siteId)] !== text;
}

/** Remembers the closed text of one site; sites no longer holding it keep theirs. */
export function withDismissed(dismissed: Dismissed, siteId: number | null, message: string): Dismissed {
  return { ...dismissed, [String(siteId)]: message.trim() };
}

/** The stored map; anything unreadable counts as nothing closed. */
export function parseDismissed(raw: string | null): Dismissed {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

const listeners = new Set<() => void>();

function read(): Dismissed {
  try {
    return parseDismissed(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return {};
  }
}

let current: Dismissed = typeof window === 'undefined' ? {} : read();

export function dismissSiteMessage(siteId: number | null, message: string): void {
  current = withDismissed(current, siteId, message);
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // No storage (private mode): closed for as long as this tab is open.
  }
  for (const l of listeners) l();
}

export function useDismissedSiteMessages(): Dismissed {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => current,
  );
}
