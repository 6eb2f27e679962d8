import type { SessionUser } from '@fleet/shared';
import { useSyncExternalStore } from 'react';
import { sessionUserCheck } from '../api/light-checks.ts';

/** The spec's local storage key for the signed-in user (the whole SessionUser including its token). */
export const SESSION_STORAGE_KEY = 'user';
const REASON_KEY = 'logoutReason';

export interface SessionState {
  user: SessionUser | null;
  /** Why the user was signed out (e.g. 'Not Admin'); shown once on the login page. */
  reason: string | null;
  /** Where signed-in pages send a signed-out visitor: the sign-out's landing page, else /login. */
  landing: string | null;
}

type Listener = () => void;

function readStoredUser(storage: Storage | undefined): SessionUser | null {
  const raw = storage?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = sessionUserCheck.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // A corrupt entry is treated as no session.
  }
  storage?.removeItem(SESSION_STORAGE_KEY);
  return null;
}

/** A tiny external store so the api client (outside React) and components share one session. */
export function createSessionStore(storage: Storage | undefined, reasonStorage: Storage | undefined) {
  let state: SessionState = {
    user: readStoredUser(storage),
    reason: reasonStorage?.getItem(REASON_KEY) ?? null,
    landing: null,
  };
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const l of listeners) l();
  };

  return {
    get: (): SessionState => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Stores a freshly signed-in (or refreshed) user and forgets any old sign-out reason. */
    setUser(user: SessionUser): void {
      storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
      reasonStorage?.removeItem(REASON_KEY);
      state = { user, reason: null, landing: null };
      emit();
    },
    /** Forgets the user and token; `reason` is shown on the login page, `landing` is where they are going. */
    clear(reason: string | null = null, landing: string | null = null): void {
      storage?.removeItem(SESSION_STORAGE_KEY);
      if (reason) reasonStorage?.setItem(REASON_KEY, reason);
      else reasonStorage?.removeItem(REASON_KEY);
      state = { user: null, reason, landing };
      emit();
    },
    clearReason(): void {
      if (!state.reason) return;
      reasonStorage?.removeItem(REASON_KEY);
      state = { ...state, reason: null };
      emit();
    },
    /** Picks up a sign-in or sign-out made in another tab. */
    syncFromStorage(): void {
      const user = readStoredUser(storage);
      if (user?.token === state.user?.token) return;
      state = { user, reason: state.reason, landing: null };
      emit();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

const hasWindow = typeof window !== 'undefined';
export const session: SessionStore = createSessionStore(
  hasWindow ? window.localStorage : undefined,
  hasWindow ? window.sessionStorage : undefined,
);

if (hasWindow) {
  window.addEventListener('storage', (e) => {
    if (e.key === SESSION_STORAGE_KEY || e.key === null) session.syncFromStorage();
  });
}

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

export function useSessionUser(): SessionUser | null {
  return useSession().user;
}
