import type { AlertEvent, ClearedAlert, VclDealtEvent, VclNewEvent } from '@fleet/shared';
import { useEffect, useRef } from 'react';
import { missedPushes } from './missed-pushes.ts';
import { acquireSiteSocket } from './site-socket.ts';

export interface SiteEventHandlers {
  'alerts:new'?: (alerts: AlertEvent[]) => void;
  'alerts:cleared'?: (alerts: ClearedAlert[]) => void;
  'site:message'?: (message: string) => void;
  /** A check list with faults was signed off (issue 11). */
  'vcl:new'?: (event: VclNewEvent) => void;
  /** A check list's fault was dealt with, here or in another browser. */
  'vcl:dealt'?: (event: VclDealtEvent) => void;
  /** The socket is connected again after a drop (or for the first time after mount): whatever was pushed meanwhile was missed. */
  onReconnect?: () => void;
}

/**
 * Listens to site-room events on the tab's shared site socket while mounted. The handlers may change
 * on every render; the socket is only swapped when the session token changes (another site's room).
 */
export function useSiteEvents(token: string | undefined, handlers: SiteEventHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!token) return;
    const lease = acquireSiteSocket();
    if (!lease) return;
    const { socket } = lease;
    const missed = missedPushes(socket.connected);
    const onAlerts = (alerts: AlertEvent[]) => latest.current['alerts:new']?.(alerts);
    const onCleared = (alerts: ClearedAlert[]) => latest.current['alerts:cleared']?.(alerts);
    const onMessage = (message: string) => latest.current['site:message']?.(message);
    const onVclNew = (event: VclNewEvent) => latest.current['vcl:new']?.(event);
    const onVclDealt = (event: VclDealtEvent) => latest.current['vcl:dealt']?.(event);
    const onDisconnect = () => missed.dropped();
    const onConnect = () => {
      if (missed.connected()) latest.current.onReconnect?.();
    };
    socket.on('alerts:new', onAlerts);
    socket.on('alerts:cleared', onCleared);
    socket.on('site:message', onMessage);
    socket.on('vcl:new', onVclNew);
    socket.on('vcl:dealt', onVclDealt);
    socket.on('disconnect', onDisconnect);
    socket.on('connect', onConnect);
    return () => {
      socket.off('alerts:new', onAlerts);
      socket.off('alerts:cleared', onCleared);
      socket.off('site:message', onMessage);
      socket.off('vcl:new', onVclNew);
      socket.off('vcl:dealt', onVclDealt);
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
      lease.release();
    };
  }, [token]);
}
