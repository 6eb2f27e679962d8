import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The outbox: work the device must send to the server (a signed-off check list, its photos), kept in
 * IndexedDB so it survives a reload, closing the app and a reboot, and sent when the signal is there.
 *
 * - Order: items are sent strictly oldest first (the order they were added), one at a time. An item
 *   that asks to be retried holds the ones behind it back: the server sees them in the order made.
 * - Exactly once: each item carries its own idempotency keys in its payload; a handler stores what it
 *   has finished (`ctx.save({ ... })`, e.g. the ids of the photos already uploaded) so a retry after a
 *   reload never redoes a finished step.
 * - 'retry' (or a thrown error) keeps the item with attempts + 1 and the error, and the next try waits
 *   1 s, doubling up to 60 s; coming back online or `kick()` tries again at once.
 * - `{ fail }` keeps the item, marked failed with the message, until the user removes it (or retries
 *   it): nothing is ever dropped silently. Failed items do not hold the others back.
 * - One tab drains at a time (a Web Lock named after the database); every tab sees the same items
 *   (a BroadcastChannel tells the others when the list changed).
 * See docs/decisions.md "Installable app and offline outbox (issue 11)".
 */
export interface OutboxItem<P = unknown> {
  id: string;
  kind: string;
  /** What the driver sees in the list of things waiting to be sent. */
  label: string;
  createdAt: number;
  attempts: number;
  lastError: string | null;
  payload: P;
  blobs: Record<string, Blob>;
  progress: Record<string, unknown>;
  /** Set when a handler answered `{ fail }`: kept (with lastError) until the user removes or retries it. */
  failed?: boolean;
}

/** What `add` takes: the outbox fills in what is left out (a new id, now, no attempts yet...). */
export type NewOutboxItem<P = unknown> = Pick<OutboxItem<P>, 'kind' | 'label' | 'payload'> &
  Partial<Omit<OutboxItem<P>, 'kind' | 'label' | 'payload'>>;

export interface OutboxContext {
  /** Stores progress (merged into item.progress) before the next step, so a retry skips what is done. */
  save(progress: Record<string, unknown>): Promise<void>;
}
export type OutboxResult = 'done' | 'retry' | { retry: string } | { fail: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own payload type
export type OutboxHandler = (item: OutboxItem<any>, ctx: OutboxContext) => Promise<OutboxResult>;
export type OutboxHandlers = Record<string, OutboxHandler>;

export const DRAIN_EVERY_MS = 30_000;
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 60_000;
export const RETRY_MESSAGE = 'Not sent yet; it will be tried again.';

/** How long to wait before the next try after `attempts` failed tries: 1 s, 2 s, 4 s ... at most 60 s. */
export function backoffMs(attempts: number): number {
  if (attempts <= 0) return 0;
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.min(attempts - 1, 16));
}

type Stored = OutboxItem & { seq?: number };
interface OutboxDb extends DBSchema {
  items: { key: number; value: Stored; indexes: { id: string } };
}

export interface OutboxState {
  items: readonly OutboxItem[];
  /** A handler of this tab (or of another tab, as told over the BroadcastChannel) is sending now. */
  sending: boolean;
  /** When the next try is due after a 'retry' (ms since the epoch), null when none is waiting. */
  retryAt: number | null;
}

export interface OutboxOptions {
  dbName?: string;
  now?: () => number;
}

const newId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

const strip = ({ seq: _seq, ...item }: Stored): OutboxItem => item;

export function createOutbox(options: OutboxOptions = {}) {
  const dbName = options.dbName ?? 'fleet-outbox';
  const now = options.now ?? (() => Date.now());
  let dbPromise: Promise<IDBPDatabase<OutboxDb>> | undefined;
  const db = (): Promise<IDBPDatabase<OutboxDb>> => {
    openChannel();
    dbPromise ??= openDB<OutboxDb>(dbName, 1, {
          upgrade(d) {
            // The auto-increment key is the order items were added in: the order they are sent in.
            const store = d.createObjectStore('items', { keyPath: 'seq', autoIncrement: true });
            store.createIndex('id', 'id', { unique: true });
          },
          // Another tab upgrades the database: let it, and reopen on the next use.
          blocking() {
            void dbPromise?.then((d) => d.close());
            dbPromise = undefined;
          },
        });
    return dbPromise;
  };

  let state: OutboxState = { items: [], sending: false, retryAt: null };
  let loaded = false;
  const listeners = new Set<() => void>();
  const setState = (patch: Partial<OutboxState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };

  // Opened with the database (not at import): tells the other tabs that the list changed or a send runs.
  let channel: BroadcastChannel | null = null;
  let otherTabSending = false;
  let localSending = false;
  const updateSending = () => setState({ sending: localSending || otherTabSending });
  const openChannel = () => {
    if (channel || typeof BroadcastChannel === 'undefined') return;
    channel = new BroadcastChannel(`${dbName}-changes`);
    channel.onmessage = (event: MessageEvent<{ type: 'changed' } | { type: 'sending'; value: boolean }>) => {
      if (event.data.type === 'changed') void refresh();
      else {
        otherTabSending = event.data.value;
        updateSending();
      }
    };
  };

  async function readAll(): Promise<OutboxItem[]> {
    const d = await db();
    return (await d.getAll('items')).map(strip);
  }

  async function refresh(): Promise<readonly OutboxItem[]> {
    const items = await readAll();
    loaded = true;
    setState({ items });
    return items;
  }

  async function changed(): Promise<void> {
    await refresh();
    channel?.postMessage({ type: 'changed' });
  }

  async function keyOf(id: string): Promise<number | undefined> {
    const d = await db();
    return d.getKeyFromIndex('items', 'id', id);
  }

  const api = {
    /** Keeps an item until it is sent (or removed); answers it as stored. */
    async add<P>(input: NewOutboxItem<P>): Promise<OutboxItem<P>> {
      const item: OutboxItem<P> = {
        id: input.id ?? newId(),
        kind: input.kind,
        label: input.label,
        createdAt: input.createdAt ?? now(),
        attempts: input.attempts ?? 0,
        lastError: input.lastError ?? null,
        payload: input.payload,
        blobs: input.blobs ?? {},
        progress: input.progress ?? {},
        ...(input.failed ? { failed: true } : {}),
      };
      const d = await db();
      // The same id twice is the same piece of work (a double tap): kept once.
      if ((await keyOf(item.id)) === undefined) await d.add('items', item as Stored);
      await changed();
      return item;
    },
    /** Every item, oldest first (failed ones included). */
    async list(): Promise<OutboxItem[]> {
      return readAll();
    },
    async get(id: string): Promise<OutboxItem | undefined> {
      const d = await db();
      const found = await d.getFromIndex('items', 'id', id);
      return found ? strip(found) : undefined;
    },
    async remove(id: string): Promise<void> {
      const d = await db();
      const key = await keyOf(id);
      if (key !== undefined) await d.delete('items', key);
      await changed();
    },
    /** Changes fields of an item (not its id or place in the line); nothing when it is gone. */
    async update(id: string, patch: Partial<Omit<OutboxItem, 'id'>>): Promise<OutboxItem | undefined> {
      const d = await db();
      const tx = d.transaction('items', 'readwrite');
      const key = await tx.store.index('id').getKey(id);
      let result: OutboxItem | undefined;
      if (key !== undefined) {
        const current = await tx.store.get(key);
        if (current) {
          const next: Stored = { ...current, ...patch, id: current.id, seq: key };
          if (patch.failed === false) delete next.failed;
          await tx.store.put(next);
          result = strip(next);
        }
      }
      await tx.done;
      await changed();
      return result;
    },
    /** A failed item back in line: tried again at once. */
    async retry(id: string): Promise<void> {
      await api.update(id, { failed: false, attempts: 0, lastError: null });
      api.kick();
    },
    /** Calls `fn` whenever the items or the sending state change; answers the unsubscribe. */
    subscribe(fn: () => void): () => void {
      listeners.add(fn);
      if (!loaded) void refresh().catch(() => undefined);
      return () => listeners.delete(fn);
    },
    getState: (): OutboxState => state,
    /** Tries to send now (after something was added, or when the user asks), whatever the back-off. */
    kick(): void {
      void drain(true);
    },
    start,
    /** One pass over the line (what the timers run); `force` ignores the back-off. */
    drain,
    /** Closes the database (tests; a re-open reads what was stored). */
    async close(): Promise<void> {
      stop?.();
      channel?.close();
      channel = null;
      const d = await dbPromise;
      d?.close();
      dbPromise = undefined;
    },
  };

  let handlers: OutboxHandlers | null = null;
  let stop: (() => void) | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let againForced = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  /** Sends what is due; a call while a pass runs makes one more pass after it (never two at once). */
  function drain(force = false): Promise<void> {
    if (running) {
      again = true;
      againForced ||= force;
      return running;
    }
    running = (async () => {
      try {
        let forced = force;
        do {
          again = false;
          await withDrainLock(() => drainOnce(forced));
          forced = againForced;
          againForced = false;
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  async function withDrainLock(fn: () => Promise<void>): Promise<void> {
    const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
    // One tab at a time: a tab that finds another tab draining waits for it, then finds little left.
    if (locks) await locks.request(`${dbName}-drain`, fn);
    else await fn();
  }

  async function drainOnce(force: boolean): Promise<void> {
    if (!handlers) return;
    if (!force && state.retryAt !== null && now() < state.retryAt) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false && !force) return;
    for (;;) {
      const items = await refresh();
      const next = items.find((i) => !i.failed && handlers?.[i.kind]);
      if (!next) {
        setState({ retryAt: null });
        return;
      }
      const handler = handlers[next.kind] as OutboxHandler;
      const result = await runOne(handler, next);
      if (result === 'done') {
        await api.remove(next.id);
        setState({ retryAt: null });
        continue;
      }
      if (typeof result === 'object' && 'fail' in result) {
        await api.update(next.id, { failed: true, lastError: result.fail, attempts: next.attempts + 1 });
        continue;
      }
      // Retry: this item keeps its place at the head of the line; the whole line waits.
      const message = result === 'retry' ? RETRY_MESSAGE : result.retry;
      const attempts = next.attempts + 1;
      await api.update(next.id, { attempts, lastError: message });
      const retryAt = now() + backoffMs(attempts);
      setState({ retryAt });
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void drain(), Math.max(0, retryAt - now()));
      return;
    }
  }

  async function runOne(handler: OutboxHandler, item: OutboxItem): Promise<OutboxResult> {
    localSending = true;
    updateSending();
    channel?.postMessage({ type: 'sending', value: true });
    const ctx: OutboxContext = {
      async save(progress) {
        item.progress = { ...item.progress, ...progress };
        await api.update(item.id, { progress: item.progress });
      },
    };
    try {
      return await handler(item, ctx);
    } catch (err) {
      return { retry: err instanceof Error && err.message ? err.message : RETRY_MESSAGE };
    } finally {
      localSending = false;
      updateSending();
      channel?.postMessage({ type: 'sending', value: false });
    }
  }

  /**
   * Starts sending with these handlers (one per item kind): now, when the browser comes back online,
   * and every 30 s. Answers the stop function. A second start replaces the handlers.
   */
  function start(next: OutboxHandlers): () => void {
    stop?.();
    handlers = next;
    const online = () => void drain(true);
    const timer = setInterval(() => void drain(), DRAIN_EVERY_MS);
    if (typeof window !== 'undefined') window.addEventListener('online', online);
    // Ask the browser not to clear this origin's storage under pressure: the outbox may hold a check list.
    if (typeof navigator !== 'undefined') void navigator.storage?.persist?.().catch(() => false);
    void drain(true);
    stop = () => {
      handlers = null;
      clearInterval(timer);
      clearTimeout(retryTimer);
      if (typeof window !== 'undefined') window.removeEventListener('online', online);
      stop = undefined;
    };
    return stop;
  }

  return api;
}

export type Outbox = ReturnType<typeof createOutbox>;

/** The device's outbox (IndexedDB database 'fleet-outbox'). */
export const outbox: Outbox = createOutbox();

/** Starts draining the device's outbox with these handlers; answers the stop function. */
export function startOutbox(handlers: OutboxHandlers): () => void {
  return outbox.start(handlers);
}
