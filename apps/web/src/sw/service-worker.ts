/**
 * The service worker (built to /sw.js by build/service-worker.ts, which fills in the two constants).
 * Why it caches what it does: docs/decisions.md "Installable app and offline outbox (issue 11)".
 *
 * - Every built file (JS and CSS chunks, the map's worker and data) is precached when the worker
 *   installs, so every page, the driver's included, opens offline once the app has been loaded.
 *   They are served cache first: their names carry a hash of their content.
 * - Pages (navigations) go to the network first, so the server's per-brand index.html is always the
 *   current one; the last one seen is kept and served when the network is away (or too slow). One
 *   origin is one host, so the shell kept is always the brand of this host.
 * - The brand's logo and icons are kept as last seen (they change rarely), refreshed in the background.
 * - API calls (/api/), the socket (/socket.io/), other origins (map tiles and styles) and anything
 *   that is not a GET are never touched: the browser sends them as if there were no worker.
 */

// The worker's own globals, as much of them as it uses (the project's TypeScript has the DOM's, not the worker's).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', fn: (e: MessageEvent<unknown>) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}

declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

const sw = self as unknown as WorkerScope;
const VERSION = __SW_VERSION__;
const PRECACHE = __SW_PRECACHE__;
const ASSETS = `fleet-assets-${VERSION}`;
const SHELL = 'fleet-shell';
const BRAND = 'fleet-brand';
const SHELL_KEY = '/';
/** A navigation waits this long for the network before the kept shell is shown (poor signal in a cab). */
const NAVIGATION_TIMEOUT_MS = 4000;

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const assets = await caches.open(ASSETS);
      await assets.addAll(PRECACHE);
      // The shell as it is now, so the first visit already works offline (its navigation had no worker).
      try {
        const shell = await fetch(SHELL_KEY, { credentials: 'same-origin', cache: 'no-cache' });
        if (isShell(shell)) await (await caches.open(SHELL)).put(SHELL_KEY, shell);
      } catch {
        // Offline while installing: the next page load keeps it.
      }
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('fleet-assets-') && name !== ASSETS) await caches.delete(name);
      }
      // The first worker takes the open page at once, so it works offline without a reload.
      await sw.clients.claim();
    })(),
  );
});

// The page's "Reload" on the update prompt: the waiting worker takes over, the page reloads.
sw.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/') || url.pathname === '/sw.js') return;

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
  } else if (url.pathname.startsWith('/brand/') || url.pathname === '/manifest.webmanifest') {
    event.respondWith(brandFile(request, event));
  } else if (request.mode === 'navigate') {
    event.respondWith(navigation(request));
  }
});

function isShell(res: Response): boolean {
  return res.ok && !res.redirected && (res.headers.get('content-type') ?? '').startsWith('text/html');
}

async function navigation(request: Request): Promise<Response> {
  const shells = await caches.open(SHELL);
  const fromNetwork = fetch(request).then(async (res) => {
    if (isShell(res)) await shells.put(SHELL_KEY, res.clone());
    return res;
  });
  const kept = await shells.match(SHELL_KEY);
  if (!kept) return fromNetwork;
  // The network answers first unless it is away or slow; then the kept shell (the app routes itself).
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<Response>((resolve) => {
    timer = setTimeout(() => resolve(kept.clone()), NAVIGATION_TIMEOUT_MS);
  });
  try {
    return await Promise.race([fromNetwork, slow]);
  } catch {
    return kept;
  } finally {
    clearTimeout(timer);
  }
}

async function asset(request: Request): Promise<Response> {
  // Any version's cache: a page loaded just before an update still finds its own chunks.
  const hit = await caches.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await (await caches.open(ASSETS)).put(request, res.clone());
  return res;
}

async function brandFile(request: Request, event: FetchEvent): Promise<Response> {
  const cache = await caches.open(BRAND);
  const hit = await cache.match(request);
  const refresh = fetch(request).then(async (res) => {
    if (res.ok) await cache.put(request, res.clone());
    return res;
  });
  if (!hit) return refresh;
  event.waitUntil(refresh.catch(() => undefined));
  return hit;
}

// A module, so its names stay its own (the DOM has a global `navigation`).
export {};
