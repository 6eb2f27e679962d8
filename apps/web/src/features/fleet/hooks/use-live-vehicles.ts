import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { missedPushes } from '../../../shared/realtime/missed-pushes.ts';
import { acquireSiteSocket } from '../../../shared/realtime/site-socket.ts';
import { vehiclesQuery } from '../api/fleet-api.ts';
import type { SocketStatus } from '../live/live-status.ts';
import { readVehicleUpdates } from '../api/vehicle-records.ts';
import { applyVehicleUpdates, createUpdateBatcher } from './vehicle-batch.ts';

/** At most four list renders and map updates a second, however often positions arrive. */
export const FLUSH_INTERVAL_MS = 250;

/**
 * Keeps the site's vehicles answer live: 'vehicles:update' from the tab's site socket is batched and
 * merged into the cached answer (the list and the map read it from there). After a dropped
 * connection comes back, or when the first connect comes after the vehicles were fetched, the
 * vehicles are fetched once to catch up on what was missed. Returns the connection's state: 'offline'
 * once an attempt to connect has failed (until one succeeds).
 */
export function useLiveVehicles(siteId: number, token: string): SocketStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SocketStatus>('connecting');

  useEffect(() => {
    const lease = acquireSiteSocket();
    if (!lease) return;
    const { socket } = lease;
    const { queryKey } = vehiclesQuery(siteId);
    const batcher = createUpdateBatcher((batch) => {
      queryClient.setQueryData(queryKey, (old) => (old ? applyVehicleUpdates(old, batch) : old));
    }, FLUSH_INTERVAL_MS);
    // Read like the answer's records: a malformed update is made safe or left out, never held as is.
    const onUpdates = (updates: unknown) => batcher.push(readVehicleUpdates(updates));
    const missed = missedPushes(socket.connected);

    const onConnect = () => {
      setStatus('live');
      // After a drop, or a first connect that came after the vehicles were fetched: what was pushed
      // in between was missed, so fetch once more. (A first connect before the answer needs nothing:
      // the answer is newer than the room join.)
      if (missed.connected() && queryClient.getQueryState(queryKey)?.dataUpdatedAt) {
        void queryClient.invalidateQueries({ queryKey, exact: true });
      }
    };
    const onDisconnect = () => {
      missed.dropped();
      setStatus('reconnecting');
    };
    // An attempt to (re)connect failed: the server cannot be reached; socket.io keeps trying.
    const onConnectError = () => setStatus('offline');
    socket.on('vehicles:update', onUpdates);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    setStatus(socket.connected ? 'live' : 'connecting');
    return () => {
      socket.off('vehicles:update', onUpdates);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      batcher.dispose();
      lease.release();
    };
    // The token is a dependency: a new session means a new socket in the new site's room.
  }, [queryClient, siteId, token]);

  return status;
}
