import type { AlertEvent, ClearedAlert, SessionUser } from '@fleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSiteEvents } from '../../../shared/realtime/use-site-events.ts';
import { dashAlertsQuery } from '../api/alerts-api.ts';
import { newPanicIds } from './alerts-state.ts';
import { dispatchAlerts, useAlerts } from './alerts-store.ts';
import { playPanicTone } from './panic-tone.ts';
import { alertKeys } from '../api/alert-keys.ts';

/**
 * Spec 4 ("login success ... loads alerts"): while signed in, the alerts store is fed by dashalerts
 * (at sign-in or start, after a site switch, after the socket reconnects, and every minute) and live
 * by 'alerts:new' and 'alerts:cleared'. In production a new panic also sounds the alarm tone.
 */
export function useAlertsFeed(user: SessionUser): void {
  const queryClient = useQueryClient();
  const query = useQuery(dashAlertsQuery(user.siteid));
  const { data } = query;

  // Another site: its alerts, not the last site's, until its answer arrives.
  useEffect(() => {
    dispatchAlerts({ type: 'reset' });
  }, [user.siteid]);

  useEffect(() => {
    if (data) dispatchAlerts({ type: 'loaded', answer: data.answer, requestedAt: data.requestedAt });
  }, [data]);

  useSiteEvents(user.token, {
    'alerts:new': (events: AlertEvent[]) => {
      dispatchAlerts({ type: 'received', events, at: Date.now() });
      void queryClient.invalidateQueries({ queryKey: alertKeys.allLists() });
    },
    // Cleared here or in another browser: the banners drop them now; the counts of categories the
    // store holds no list for (SPN, Run Over) and the lists come from the server again.
    'alerts:cleared': (alerts: ClearedAlert[]) => {
      dispatchAlerts({ type: 'cleared', alerts });
      void queryClient.invalidateQueries({ queryKey: alertKeys.allDash() });
      void queryClient.invalidateQueries({ queryKey: alertKeys.allLists() });
    },
    // Check lists (issue 11): the dashboard's Vehicle Check Lists count comes from the server again.
    'vcl:new': (event) => {
      if (event.ic > 0) void queryClient.invalidateQueries({ queryKey: alertKeys.allDash() });
    },
    'vcl:dealt': () => void queryClient.invalidateQueries({ queryKey: alertKeys.allDash() }),
    onReconnect: () => {
      void queryClient.invalidateQueries({ queryKey: alertKeys.allDash() });
      void queryClient.invalidateQueries({ queryKey: alertKeys.allLists() });
    },
  });

  usePanicTone();
}

/** Spec 9: panic audio only in production builds; started when a panic not seen before appears. */
function usePanicTone(): void {
  const { panic } = useAlerts();
  const seen = useRef(new Set<number>());
  useEffect(() => {
    const fresh = newPanicIds(seen.current, panic);
    for (const aid of fresh) seen.current.add(aid);
    if (fresh.length > 0 && import.meta.env.PROD) void playPanicTone();
  }, [panic]);
}
