/**
 * Fault photos of the check list being filled in, kept on the device (IndexedDB 'fleet-vcl-photos')
 * by their upload key until the list is signed off (then the outbox holds them) — localStorage
 * could not hold a few photos. Plain IndexedDB: one object store, key -> Blob.
 */
const DB_NAME = 'fleet-vcl-photos';
const STORE = 'photos';

let opening: Promise<IDBDatabase> | null = null;

function db(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('The photo store could not be opened.'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return db().then(
    (d) =>
      new Promise<T>((resolve, reject) => {
        const tx = d.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? new Error('The photo store failed.'));
        tx.onabort = () => reject(tx.error ?? new Error('The photo store ran out of room.'));
      }),
  );
}

export const photoStore = {
  put: (key: string, blob: Blob) => run('readwrite', (s) => s.put(blob, key)).then(() => undefined),
  get: (key: string) => run<Blob | undefined>('readonly', (s) => s.get(key) as IDBRequest<Blob | undefined>),
  remove: (key: string) => run('readwrite', (s) => s.delete(key)).then(() => undefined),
  keys: () => run('readonly', (s) => s.getAllKeys()).then((ks) => ks.map(String)),
  /** Drops every photo no draft refers to any more (a passed item, a discarded or sent list). */
  async keepOnly(keep: readonly string[]): Promise<void> {
    const wanted = new Set(keep);
    for (const key of await photoStore.keys()) if (!wanted.has(key)) await photoStore.remove(key);
  },
};
