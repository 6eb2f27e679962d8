import { hashKey, type QueryClient } from '@tanstack/react-query';
import { vehiclesQuery } from '../api/fleet-api.ts';
import type { Vehicle } from './vehicle-rows.ts';

/**
 * Calls `onVehicles` with the site's cached vehicles now and whenever the answer changes, outside
 * React: map overlays follow live updates without a render. Returns the unsubscribe.
 */
export function subscribeVehicles(
  client: QueryClient,
  siteId: number,
  onVehicles: (vehicles: Vehicle[]) => void,
): () => void {
  const { queryKey } = vehiclesQuery(siteId);
  const hash = hashKey(queryKey);
  let last: Vehicle[] | undefined;
  const emit = () => {
    const data = client.getQueryData(queryKey);
    if (!data || data === last) return;
    last = data;
    onVehicles(data);
  };
  emit();
  return client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === hash) emit();
  });
}
