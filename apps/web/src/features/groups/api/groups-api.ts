import { addGroupAnswerSchema, groupsAnswerSchema, plainSuccessSchema, vehiclesAnswerSchema } from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '../../../shared/api/api.ts';
import type { GroupVehicle } from '../model/group-draft.ts';
import { groupKeys } from './group-keys.ts';

/** The site's groups (groups?siteid), for the fleet page's selector; a saved group asks it again. */
export const groupsQuery = (siteId: number) =>
  queryOptions({
    queryKey: groupKeys.list(siteId),
    queryFn: ({ signal }) =>
      api.get('groups', groupsAnswerSchema, { siteid: siteId }, signal).then((a) => a.groups),
  });

/**
 * The site's vehicles for the group checklist, asked for when the editor opens. Its own cache
 * entry (not the fleet page's live one) so the checklist never depends on how that list is kept.
 */
export const groupVehiclesQuery = (siteId: number) =>
  queryOptions({
    queryKey: groupKeys.editorVehicles(siteId),
    queryFn: ({ signal }): Promise<GroupVehicle[]> =>
      api.get('vehicles', vehiclesAnswerSchema, { siteid: siteId }, signal).then((a) =>
        a.vehicles.map(({ unitid, registration, drivername }) => ({ unitid, registration, drivername })),
      ),
    staleTime: 0,
  });

export interface SaveGroupInput {
  /** null: create the group (addgroup) first. */
  id: number | null;
  name: string;
  units: number[];
}

/**
 * addgroup (for a new group) then groupunits; resolves with the group's id once the groups list
 * has been asked again, so the fleet page can show the group straight away. When addgroup worked
 * but groupunits failed, a retry with the same name reuses the group made, not a second one.
 */
export function useSaveGroup(siteId: number) {
  const queryClient = useQueryClient();
  const made = useRef<{ name: string; id: number } | null>(null);
  return useMutation({
    mutationFn: async ({ id, name, units }: SaveGroupInput) => {
      let groupId = id;
      if (groupId === null) {
        const trimmed = name.trim();
        groupId = made.current?.name === trimmed ? made.current.id : (await api.post('addgroup', addGroupAnswerSchema, { name: trimmed })).id;
        made.current = { name: trimmed, id: groupId };
      }
      await api.post('groupunits', plainSuccessSchema, { id: groupId, units });
      made.current = null;
      return groupId;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupKeys.list(siteId) }),
  });
}
