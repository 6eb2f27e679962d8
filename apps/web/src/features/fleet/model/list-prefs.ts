import { useSyncExternalStore } from 'react';
import type { SortKey } from '../hooks/vehicle-rows.ts';

/**
 * How this browser likes the vehicle list: card or compact rows, the optional columns of the compact
 * rows, and whether alarms are pinned to the top. Kept in localStorage, so it survives a reload and
 * a new sign-in on the same browser (it is a taste, not data: nothing here is sent anywhere).
 */
export type ListLayout = 'cards' | 'compact';
/** Columns the compact rows may add beside the vehicle, its state and speed. */
export type OptionalColumn = 'location' | 'updated' | 'driver';
export const OPTIONAL_COLUMNS: readonly OptionalColumn[] = ['location', 'updated', 'driver'];

export interface ListPrefs {
  layout: ListLayout;
  columns: readonly OptionalColumn[];
  pinAlarms: boolean;
}

export const DEFAULT_LIST_PREFS: ListPrefs = { layout: 'cards', columns: ['updated'], pinAlarms: true };
export const LIST_PREFS_KEY = 'fleet.listPrefs';

/** The stored preferences, each field checked on its own (a bad or missing field takes its default). */
export function parseListPrefs(raw: string | null): ListPrefs {
  let value: unknown;
  try {
    value = raw === null ? null : JSON.parse(raw);
  } catch {
    value = null;
  }
  if (typeof value !== 'object' || value === null) return DEFAULT_LIST_PREFS;
  const v = value as Record<string, unknown>;
  return {
    layout: v.layout === 'compact' || v.layout === 'cards' ? v.layout : DEFAULT_LIST_PREFS.layout,
    columns: Array.isArray(v.columns)
      ? OPTIONAL_COLUMNS.filter((c) => (v.columns as unknown[]).includes(c))
      : DEFAULT_LIST_PREFS.columns,
    pinAlarms: typeof v.pinAlarms === 'boolean' ? v.pinAlarms : DEFAULT_LIST_PREFS.pinAlarms,
  };
}

/** The sort keys a compact column sorts by. */
export const COLUMN_SORT: Readonly<Record<'vehicle' | 'status' | 'speed' | OptionalColumn, SortKey>> = {
  vehicle: 'registration',
  status: 'status',
  speed: 'speed',
  location: 'location',
  updated: 'updated',
  driver: 'driver',
};

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

let prefs: ListPrefs | null = null;
const listeners = new Set<() => void>();

function current(): ListPrefs {
  prefs ??= parseListPrefs(storage()?.getItem(LIST_PREFS_KEY) ?? null);
  return prefs;
}

export function setListPrefs(change: Partial<ListPrefs>): void {
  prefs = { ...current(), ...change };
  try {
    storage()?.setItem(LIST_PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // A full or blocked storage: the choice holds for this page only.
  }
  for (const l of listeners) l();
}

export function useListPrefs(): ListPrefs {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    current,
    current,
  );
}
