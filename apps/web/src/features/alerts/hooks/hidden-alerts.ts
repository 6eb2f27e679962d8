import { useSyncExternalStore } from 'react';

/**
 * Banner lines this browser hid with ✕ (site id → alert ids). Hiding is local: the alert stays open
 * for everyone, in the lists and on the dashboard; a new alert of the vehicle shows again.
 */
const STORAGE_KEY = 'alertsHidden';
/** Enough for every open alert a banner holds (the server answers at most 500). */
const MAX_PER_SITE = 1000;

export type HiddenAlerts = Readonly<Record<string, readonly number[]>>;

/** The stored map; anything unreadable counts as nothing hidden. */
export function parseHidden(raw: string | null): HiddenAlerts {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const out: Record<string, number[]> = {};
    for (const [site, ids] of Object.entries(value)) {
      if (Array.isArray(ids)) out[site] = ids.filter((x): x is number => Number.isInteger(x));
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * Adds ids to a site's hidden ones. Ids no longer open (`open`, when known) are dropped, so the
 * list never outgrows the alerts it hides.
 */
export function withHidden(hidden: HiddenAlerts, siteId: number | null, ids: readonly number[], open?: ReadonlySet<number>): HiddenAlerts {
  const key = String(siteId);
  const kept = (hidden[key] ?? []).filter((id) => !open || open.has(id));
  const next = [...new Set([...kept, ...ids])].slice(-MAX_PER_SITE);
  return { ...hidden, [key]: next };
}

/** A site's hidden ids as a set. */
export function hiddenOf(hidden: HiddenAlerts, siteId: number | null): ReadonlySet<number> {
  return new Set(hidden[String(siteId)] ?? []);
}

const listeners = new Set<() => void>();

function read(): HiddenAlerts {
  try {
    return parseHidden(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return {};
  }
}

let current: HiddenAlerts = typeof window === 'undefined' ? {} : read();

function save(next: HiddenAlerts): void {
  current = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // No storage (private mode): hidden for as long as this tab is open.
  }
  for (const l of listeners) l();
}

/** Hides these alerts' banner lines on this browser. */
export function hideAlerts(siteId: number | null, ids: readonly number[], open?: ReadonlySet<number>): void {
  save(withHidden(current, siteId, ids, open));
}

/** Shows a site's hidden banner lines again. */
export function showHiddenAlerts(siteId: number | null): void {
  const { [String(siteId)]: _gone, ...rest } = current;
  save(rest);
}

export function useHiddenAlerts(siteId: number | null): ReadonlySet<number> {
  const all = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => current,
  );
  return hiddenOf(all, siteId);
}
