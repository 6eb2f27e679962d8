import { plainSuccessSchema, type SavePoiBody, savePoiAnswerSchema } from '@fleet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import type { Poi } from '../model/poi-shapes.ts';
import { poiKeys } from './poi-keys.ts';

export interface SavePoiInput {
  body: SavePoiBody;
  /** savegeofence (entries and exits raise alerts) rather than savepoi. */
  geofence: boolean;
}

/** savepoi / savegeofence: creates a place, or with body.id changes it (the call sets the geofence flag). */
export function useSavePoi(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, geofence }: SavePoiInput) =>
      api.post(geofence ? 'savegeofence' : 'savepoi', savePoiAnswerSchema, body).then((a) => a.id),
    // A changed place shows its new name, showonmap and geofence flag at once (a switch must not spring back);
    // the refetch after settling brings the server's truth, or undoes it when the save failed.
    onMutate: async ({ body, geofence }) => {
      if (body.id === undefined) return;
      await queryClient.cancelQueries({ queryKey: poiKeys.list(siteId), exact: true });
      queryClient.setQueryData<Poi[]>(poiKeys.list(siteId), (list) =>
        list?.map((p) => (p.id === body.id ? { ...p, name: body.name, showonmap: body.showonmap ?? p.showonmap, geofence } : p)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: poiKeys.list(siteId) }),
  });
}

/** deletegeofence: removes a place or geofence. */
export function useDeletePoi(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('deletegeofence', plainSuccessSchema, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: poiKeys.list(siteId) }),
  });
}
