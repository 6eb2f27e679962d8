import type { FmsVehicle } from '@fleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { missedPushes } from '../../../shared/realtime/missed-pushes.ts';
import { acquireSiteSocket } from '../../../shared/realtime/site-socket.ts';
import type { FleetEngine } from '../api/engine-api.ts';
import { engineKeys } from '../api/engine-keys.ts';
import { mergeUpdates } from '../model/fms-table.ts';

/**
 * Keeps the site's engine data current from the socket ('fms:update', at most one a second from
 * the server): updates gather until the next animation frame and go into the cached answer in one
 * write, so a busy fleet makes one render a frame at most and rows change in place. A vehicle page
 * open on an updated unit asks for its values again. After a dropped connection the answer is
 * asked again (what was pushed meanwhile was missed).
 */
export function useLiveEngine(siteId: number | null, token: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (siteId === null || !token) return;
    const lease = acquireSiteSocket();
    if (!lease) return;
    const { socket } = lease;
    const missed = missedPushes(socket.connected);
    let pending: FmsVehicle[] = [];
    let frame: number | null = null;
    const apply = () => {
      frame = null;
      const updates = pending;
      pending = [];
      client.setQueryData<FleetEngine>(engineKeys.fleet(siteId), (data) => (data ? mergeUpdates(data, updates) : data));
      for (const u of updates) void client.invalidateQueries({ queryKey: engineKeys.unit(u.unitid), exact: true });
    };
    const onUpdate = (list: FmsVehicle[]) => {
      pending.push(...list);
      frame ??= requestAnimationFrame(apply);
    };
    const onDisconnect = () => missed.dropped();
    const onConnect = () => {
      if (missed.connected()) void client.invalidateQueries({ queryKey: engineKeys.all() });
    };
    socket.on('fms:update', onUpdate);
    socket.on('disconnect', onDisconnect);
    socket.on('connect', onConnect);
    return () => {
      socket.off('fms:update', onUpdate);
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
      if (frame !== null) cancelAnimationFrame(frame);
      lease.release();
    };
  }, [client, siteId, token]);
}
