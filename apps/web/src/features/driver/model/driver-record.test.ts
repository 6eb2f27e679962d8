import { describe, expect, it } from 'vitest';
import { clearCheckListCaches, DRIVER_RECORD_KEY, readDriverRecord } from './driver-record.ts';

function memoryStorage(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() { return map.size; },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => { map.set(k, v); },
    removeItem: (k) => { map.delete(k); },
    clear: () => map.clear(),
  };
}

describe('clearCheckListCaches', () => {
  it('removes every fleet.vcl.* key and nothing else', () => {
    const s = memoryStorage({ 'fleet.vcl.12': 'a', 'fleet.vcl.last': 'b', 'fleet.cabDevice': 'c', user: 'd', 'fleet.vclx': 'e' });
    expect(clearCheckListCaches(s)).toBe(2);
    expect(['fleet.vcl.12', 'fleet.vcl.last', 'fleet.cabDevice', 'user', 'fleet.vclx'].map((k) => s.getItem(k) !== null)).toEqual([false, false, true, true, true]);
  });
});

describe('readDriverRecord', () => {
  const record = { ok: 1, empty: false, name: 'Jo', registration: 'LS70 ABC', site: 'Leeds', deviceid: 3, uid: 9, vcl: 2, driver: 5 };
  it('answers the stored record of the signed-in driver (loading, or no signal)', () => {
    expect(readDriverRecord(5, memoryStorage({ [DRIVER_RECORD_KEY]: JSON.stringify(record) }))).toEqual(record);
  });
  it("refuses another driver's record, no driver, and anything that is not a record", () => {
    const store = memoryStorage({ [DRIVER_RECORD_KEY]: JSON.stringify(record) });
    expect(readDriverRecord(6, store)).toBeNull();
    expect(readDriverRecord(null, store)).toBeNull();
    expect(readDriverRecord(5, memoryStorage({ [DRIVER_RECORD_KEY]: '{broken' }))).toBeNull();
    expect(readDriverRecord(5, memoryStorage({ [DRIVER_RECORD_KEY]: JSON.stringify({ ...record, uid: '9' }) }))).toBeNull();
    expect(readDriverRecord(5, memoryStorage({}))).toBeNull();
  });
});
