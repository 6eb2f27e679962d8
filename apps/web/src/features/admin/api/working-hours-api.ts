import { plainSuccessSchema, type WorkingHours, workingHoursAnswerSchema, workingHoursBodySchema } from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { adminKeys } from './admin-keys.ts';

/** workinghours: the current site's working days and times, and its time zone. */
export const workingHoursQuery = (siteId: number) =>
  queryOptions({
    queryKey: adminKeys.workingHours(siteId),
    queryFn: ({ signal }) => api.get('workinghours', workingHoursAnswerSchema, undefined, signal),
  });

/** setworkinghours (administrators) for the current site; resolves once the saved hours are read back. */
export function useSaveWorkingHours(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hours: WorkingHours) => api.post('setworkinghours', plainSuccessSchema, workingHoursBodySchema.parse(hours)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.workingHours(siteId) }),
  });
}
