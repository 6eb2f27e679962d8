import { describe, expect, it } from 'vitest';
import { createSessionStore, SESSION_STORAGE_KEY } from './session-store.ts';

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

const stored = {
  userid: 7, name: 'Ops', email: 'ops@example.org', siteid: 3, sitename: 'Leeds', customerid: 1, customername: 'Aire',
  usertype: 2, token: 'tok', instanceuuid: 'inst', menu: [], display: {}, siteimg: '', tracksec: 0, lsys: 'x', reset: 0,
  startup: 'fleet', routeuuid: 'r',
};

describe('session store: the stored user', () => {
  it('restores a valid stored user (a session from before unit systems reads as the default)', () => {
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(stored) });
    const user = createSessionStore(storage, memoryStorage()).get().user;
    expect(user).toEqual({ ...stored, unitsystem: 'imperial' });
  });

  it.each([
    ['corrupt JSON', '{"userid": 7,'],
    ['a wrong shape', JSON.stringify({ ...stored, token: 42 })],
    ['an array', JSON.stringify([stored])],
    ['null', 'null'],
    ['a bogus unit system', JSON.stringify({ ...stored, unitsystem: 'cubits' })],
    ['a menu entry without a link', JSON.stringify({ ...stored, menu: [{ name: 'x', icon: 'y' }] })],
  ])('rejects %s: no session, and the entry is removed', (_what, raw) => {
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: raw });
    expect(createSessionStore(storage, memoryStorage()).get().user).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
