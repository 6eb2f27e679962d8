import { hashKey, type QueryClient } from '@tanstack/react-query';
import { vehiclesQuery } from '../api/fleet-api.ts';
import type { Vehicle } from './vehicle-rows.ts';

/**
 * Calls `onVehicles` with the site's cached vehicles now and whenever the answer changes, outside
 * React: map overlays follow live updates without a render. Returns the unsubscribe. What
 * `onVehicles` throws goes to `onError` (the map panel's error boundary): thrown in the query
 * cache's notification it would reach no boundary and leave the map half-updated.
 */
export function subscribeVehicles(
  client: QueryClient,
  siteId: number,
  onVehicles: (vehicles: Vehicle[]) => void,
  onError: (error: unknown) => void = (error) => console.error(error),
): () => void {
  const { queryKey } = vehiclesQuery(siteId);
  const hash = hashKey(queryKey);
  let last: Vehicle[] | undefined;
  const emit = () => {
    const data = client.getQueryData(queryKey);
    if (!data || data === last) return;
    last = data;
    try {
      onVehicles(data);
    } catch (error) {
      onError(error);
    }
  };
  emit();
  return client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === hash) emit();
  });
}
