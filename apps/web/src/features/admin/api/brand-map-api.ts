import { brandMapsAnswerSchema, plainSuccessSchema, type SetBrandMapBody } from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { sharedKeys } from '../../../shared/query-keys.ts';
import { adminKeys } from './admin-keys.ts';

/** brandmaps (super administrators): each brand's basemap settings and what is in force. */
export const brandMapsQuery = queryOptions({
  queryKey: adminKeys.brandMaps(),
  queryFn: ({ signal }) => api.get('brandmaps', brandMapsAnswerSchema, undefined, signal).then((a) => a.brands),
});

/** setbrandmap: saves a brand's basemap; the brand answer (this host's map) is asked again. */
export function useSaveBrandMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetBrandMapBody) => api.post('setbrandmap', plainSuccessSchema, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.brandMaps() });
      await queryClient.invalidateQueries({ queryKey: sharedKeys.brand() });
    },
  });
}
