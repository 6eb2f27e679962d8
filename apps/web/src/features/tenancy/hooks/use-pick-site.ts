import { LANDING } from '@fleet/shared';
import { useMutation } from '@tanstack/react-query';
import { clearSessionCaches } from '../../../shared/query-client.ts';
import { navigateTo } from '../../../shared/routing/navigation.ts';
import { session } from '../../../shared/session/session-store.ts';
import { resetFleetView } from '../../fleet/index.ts';
import { pickSite } from '../api/tenancy-api.ts';

/**
 * Spec 4: picking a customer or site swaps in the new token, clears every cache, shows all vehicles
 * in map mode and opens the new fleet route.
 */
export function usePickSite(onDone?: () => void) {
  return useMutation({
    mutationFn: ({ companyId, siteId }: { companyId: number; siteId: number }) => pickSite(companyId, siteId),
    onSuccess: ({ user }) => {
      clearSessionCaches();
      session.setUser(user);
      resetFleetView();
      onDone?.();
      return navigateTo(LANDING.afterPick(user.routeuuid));
    },
  });
}
