import type { CabKey } from '@fleet/shared';
import { useSyncExternalStore } from 'react';

/**
 * This browser's cab device registration (issue 11): local storage 'fleet.cabDevice' holds the CabKey
 * an administrator's registercabdevice or takecabdevice handed out. While it is there the app runs in
 * driver mode only (app/guards.tsx). Checked by hand, without zod: every page's guard reads it.
 */
export const CAB_DEVICE_KEY = 'fleet.cabDevice';

const listeners = new Set<() => void>();
const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The stored key when it has every field of a CabKey, else null (a damaged entry is no registration). */
export function readCabKey(raw: string | null | undefined = storage()?.getItem(CAB_DEVICE_KEY)): CabKey | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const num = (x: unknown) => typeof x === 'number' && Number.isInteger(x) && x > 0;
    const str = (x: unknown) => typeof x === 'string';
    if (typeof v !== 'object' || v === null || !num(v.deviceid) || !num(v.siteid) || !str(v.name) || !str(v.sitename) || !str(v.devicekey)) return null;
    return { deviceid: v.deviceid as number, name: v.name as string, siteid: v.siteid as number, sitename: v.sitename as string, devicekey: v.devicekey as string };
  } catch {
    return null;
  }
}

let cached = readCabKey();
const emit = () => {
  cached = readCabKey();
  for (const l of listeners) l();
};

export function cabKey(): CabKey | null {
  return cached;
}

export const isCabDevice = (): boolean => cached !== null;

export function storeCabKey(key: CabKey): void {
  storage()?.setItem(CAB_DEVICE_KEY, JSON.stringify(key));
  emit();
}

/** This browser stops being a cab device (the registration was removed or moved elsewhere). */
export function forgetCabKey(): void {
  storage()?.removeItem(CAB_DEVICE_KEY);
  emit();
}

export function useCabKey(): CabKey | null {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, () => cached, () => null);
}
