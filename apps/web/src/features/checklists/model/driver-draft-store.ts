import { useCallback, useSyncExternalStore } from 'react';
import { type ChecklistDraft, DRAFT_KEY_PREFIX, draftStorageKey, photoKeysOf, readDraft } from './driver-checklist.ts';

/**
 * The draft of each vehicle's check list in localStorage ('fleet.vcl.current.<uid>'), so closing
 * the app mid-way loses nothing; every change is written at once. clearCheckListCaches (driver
 * feature) removes these keys when a driver is assigned.
 */
const listeners = new Set<() => void>();
const cache = new Map<number, { raw: string | null; draft: ChecklistDraft | null }>();

function read(uid: number): ChecklistDraft | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(draftStorageKey(uid));
  } catch {
    raw = null;
  }
  const hit = cache.get(uid);
  if (hit && hit.raw === raw) return hit.draft;
  const draft = readDraft(raw);
  cache.set(uid, { raw, draft });
  return draft;
}

function notify() {
  for (const fn of listeners) fn();
}

export const draftStore = {
  get: read,
  /** Writes the draft (null forgets it). Returns false when the device has no room left. */
  set(uid: number, draft: ChecklistDraft | null): boolean {
    try {
      if (draft) localStorage.setItem(draftStorageKey(uid), JSON.stringify(draft));
      else localStorage.removeItem(draftStorageKey(uid));
      return true;
    } catch {
      return false;
    } finally {
      notify();
    }
  },
  /** The photo keys every stored draft refers to (a cleared draft leaves its photos to be pruned). */
  allPhotoKeys(): string[] {
    const keys: string[] = [];
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const name = localStorage.key(i);
        if (!name?.startsWith(DRAFT_KEY_PREFIX)) continue;
        const draft = readDraft(localStorage.getItem(name));
        if (draft) keys.push(...photoKeysOf(draft));
      }
    } catch {
      return keys;
    }
    return keys;
  },
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key.startsWith(DRAFT_KEY_PREFIX)) fn();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(fn);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/** The vehicle's draft and a setter that stores each change. */
export function useDraft(uid: number | null): [ChecklistDraft | null, (next: ChecklistDraft | null) => void] {
  const draft = useSyncExternalStore(draftStore.subscribe, () => (uid === null ? null : draftStore.get(uid)));
  const set = useCallback((next: ChecklistDraft | null) => {
    if (uid !== null) draftStore.set(uid, next);
  }, [uid]);
  return [draft, set];
}
