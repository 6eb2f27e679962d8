import {
  fuelEventsAnswerSchema, fuelLevelsAnswerSchema, fuelSummaryAnswerSchema, fuelVehiclesAnswerSchema,
} from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { downloadFile } from '../../../shared/api/download-file.ts';

export interface FuelRange { from: string; to: string }

/** The feature's cache keys. */
export const fuelKeys = {
  all: ['fuel'] as const,
  vehicles: (siteId: number) => ['fuel', 'vehicles', siteId] as const,
  levels: (uid: number, r: FuelRange) => ['fuel', 'levels', uid, r.from, r.to] as const,
  events: (siteId: number, uid: number, r: FuelRange) => ['fuel', 'events', siteId, uid, r.from, r.to] as const,
  summary: (uid: number, r: FuelRange) => ['fuel', 'summary', uid, r.from, r.to] as const,
};

export const fuelVehiclesQuery = (siteId: number) => queryOptions({
  queryKey: fuelKeys.vehicles(siteId),
  queryFn: ({ signal }) => api.get('fuelvehicles', fuelVehiclesAnswerSchema, { siteid: String(siteId) }, signal),
});

export const fuelLevelsQuery = (uid: number, r: FuelRange) => queryOptions({
  queryKey: fuelKeys.levels(uid, r),
  queryFn: ({ signal }) => api.get('fuellevels', fuelLevelsAnswerSchema, { uid: String(uid), ...r }, signal),
});

export const fuelEventsQuery = (siteId: number, uid: number, r: FuelRange) => queryOptions({
  queryKey: fuelKeys.events(siteId, uid, r),
  queryFn: ({ signal }) => api.get('fuelevents', fuelEventsAnswerSchema, { siteid: String(siteId), uid: String(uid), ...r }, signal),
});

export const fuelSummaryQuery = (uid: number, r: FuelRange) => queryOptions({
  queryKey: fuelKeys.summary(uid, r),
  queryFn: ({ signal }) => api.get('fuelsummary', fuelSummaryAnswerSchema, { uid: String(uid), ...r }, signal),
});

/** Saves the events of the range as CSV (the server's file). */
export function downloadFuelEvents(siteId: number, uid: number, r: FuelRange): Promise<string> {
  return downloadFile({
    call: 'fuelexport', params: { siteid: String(siteId), uid: String(uid), ...r },
    isFile: (type) => type.startsWith('text/csv'),
    failure: (status) => `The export failed (${status}). Try again.`,
    fallbackName: 'fuel-events.csv',
  });
}
