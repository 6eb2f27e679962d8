import { setWaitingWorker, updateRequested } from './sw-update.ts';

const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js (built by build/service-worker.ts) and watches for a new version: one installed
 * while this page is controlled by an older one is "waiting" until the user reloads through the
 * prompt. Loaded after the page's load event (main.tsx), never on the first page's critical path.
 */
export async function registerServiceWorker(): Promise<void> {
  const sw = navigator.serviceWorker;
  const registration = await sw.register('/sw.js', { scope: '/' });

  const watch = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      // No controller: the first install, nothing to update from.
      if (worker.state !== 'installed' || !sw.controller) return;
      void import('./update-toast.tsx').then(({ default: toast }) => setWaitingWorker(worker, toast));
    };
    check();
    worker.addEventListener('statechange', check);
  };
  watch(registration.waiting);
  registration.addEventListener('updatefound', () => watch(registration.installing));

  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (!updateRequested() || reloading) return;
    reloading = true;
    window.location.reload();
  });

  // A driver's tablet may stay open for days: look for a new version now and then, and on coming back.
  const update = () => void registration.update().catch(() => undefined);
  setInterval(update, CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') update();
  });
}
