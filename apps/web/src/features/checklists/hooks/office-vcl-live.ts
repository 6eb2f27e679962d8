import type { VclAlert } from '@fleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSiteEvents } from '../../../shared/realtime/use-site-events.ts';
import { officeChecklistKeys } from '../api/office-keys.ts';
import { applyVclDealt } from '../model/office-vcl-alerts.ts';

/**
 * Keeps the office's check list answers live over the site socket: 'vcl:new' with faults asks the
 * list again (the event names only the vehicle); 'vcl:dealt' patches the list's open count at once, or drops
 * the check list, and asks an open view of that check list again (who dealt with it, and when).
 */
export function useVclLive(token: string | undefined, siteId: number | null): void {
  const queryClient = useQueryClient();
  useSiteEvents(token, {
    // Every sign-off is announced; one without faults changes nothing here.
    'vcl:new': (event) => {
      if (event.ic > 0) void queryClient.invalidateQueries({ queryKey: officeChecklistKeys.allAlerts() });
    },
    'vcl:dealt': (event) => {
      queryClient.setQueryData<readonly VclAlert[]>(officeChecklistKeys.alerts(siteId), (list) =>
        list ? (applyVclDealt(list, event) as VclAlert[]) : list,
      );
      void queryClient.invalidateQueries({ queryKey: officeChecklistKeys.view(event.id) });
    },
    onReconnect: () => {
      void queryClient.invalidateQueries({ queryKey: officeChecklistKeys.allAlerts() });
      void queryClient.invalidateQueries({ queryKey: officeChecklistKeys.allViews() });
    },
  });
}
