import { plainSuccessSchema, type UnitSystem, unitSystemBodySchema, userAnswerSchema } from '@fleet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { session } from '../../../shared/session/session-store.ts';

/**
 * setunitsystem (site administrators) for the current site. Once saved, the session is read again
 * (it carries the site's units, which every page formats with) and every answer is asked again:
 * the server writes its location texts in the site's units too.
 */
export function useSaveSiteUnits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (system: UnitSystem) => {
      await api.post('setunitsystem', plainSuccessSchema, unitSystemBodySchema.parse({ system }));
      const { user } = await api.get('user', userAnswerSchema);
      if (session.get().user) session.setUser(user);
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
