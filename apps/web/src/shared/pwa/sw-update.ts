import { type ComponentType, useSyncExternalStore } from 'react';

/**
 * Whether a new version of the app is installed and waiting (a new service worker), and the one
 * action on it. Tiny on purpose: the root layout imports it on every page, the login page included;
 * the registration (register-sw.ts) and the prompt (update-toast.tsx) load later, on their own.
 */
let waiting: ServiceWorker | null = null;
let prompt: ComponentType | null = null;
let dismissed = false;
let requested = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** A new version waits: `component` is the prompt to show (loaded by the registration). */
export function setWaitingWorker(worker: ServiceWorker | null, component: ComponentType | null = prompt): void {
  if (worker === waiting && component === prompt) return;
  waiting = worker;
  prompt = component;
  dismissed = false;
  emit();
}

/** True when the user asked for the new version (so the controller change that follows reloads the page). */
export function updateRequested(): boolean {
  return requested;
}

/** Lets the waiting version take over; the page reloads when it has (register-sw.ts). */
export function applyUpdate(): void {
  requested = true;
  if (waiting && waiting.state !== 'redundant' && waiting.state !== 'activated') waiting.postMessage({ type: 'SKIP_WAITING' });
  // Another tab let it take over already: this page only needs the reload.
  else window.location.reload();
}

/** Hides the prompt until another new version arrives (the update still happens when every tab is closed). */
export function dismissUpdate(): void {
  dismissed = true;
  emit();
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

/** The prompt to show, or null when there is no new version (or it was put off). */
export function useUpdatePrompt(): ComponentType | null {
  return useSyncExternalStore(subscribe, () => (waiting !== null && !dismissed ? prompt : null), () => null);
}
