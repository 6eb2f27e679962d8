import type { DriverRecord } from '@fleet/shared';

/** The device driver record as the cab keeps it once assigned (spec 3: stored with the uid). */
export const DRIVER_RECORD_KEY = 'fleet.driverRecord';
/** Every key of the last check lists a cab keeps starts with this (the check-list pages own them). */
export const CHECK_LIST_CACHE_PREFIX = 'fleet.vcl.';

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

export function storeDriverRecord(record: DriverRecord): void {
  storage()?.setItem(DRIVER_RECORD_KEY, JSON.stringify({ ...record, uid: record.uid }));
}

export function forgetDriverRecord(): void {
  storage()?.removeItem(DRIVER_RECORD_KEY);
}

/** Clears the last check lists the cab kept (a new vehicle or driver starts afresh); returns how many went. */
export function clearCheckListCaches(store: Storage | undefined = storage()): number {
  if (!store) return 0;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(CHECK_LIST_CACHE_PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
  return keys.length;
}

/** The record the cab stored at assignment, if it is one (the pages use it while cabassignment loads or without signal). */
export function readDriverRecord(driverId: number | null, store: Storage | undefined = storage()): DriverRecord | null {
  if (driverId === null) return null;
  try {
    const v = JSON.parse(store?.getItem(DRIVER_RECORD_KEY) ?? 'null') as Partial<DriverRecord> | null;
    if (!v || v.empty !== false || v.driver !== driverId) return null;
    if (typeof v.uid !== 'number' || typeof v.registration !== 'string' || typeof v.name !== 'string') return null;
    return v as DriverRecord;
  } catch {
    return null;
  }
}
