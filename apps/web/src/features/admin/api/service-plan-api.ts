import { plainSuccessSchema, servicePlanAnswerSchema, servicePlanBodySchema } from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import type { ServicePlanBody } from '../model/service-plan-form.ts';

/** serviceplan?uid: the unit's plan, its readings now and whether it is due (the server's Servicing rule). */
export const servicePlanQuery = (unitId: number) =>
  queryOptions({
    queryKey: ['serviceplan', unitId],
    queryFn: ({ signal }) => api.get('serviceplan', servicePlanAnswerSchema, { uid: unitId }, signal),
    staleTime: 60_000,
  });

/** setserviceplan (administrators); the plan, the dashboard's Servicing count and list are asked again. */
export function useSaveServicePlan(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServicePlanBody) => api.post('setserviceplan', plainSuccessSchema, servicePlanBodySchema.parse(body)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['serviceplan', unitId] }),
        queryClient.invalidateQueries({ queryKey: ['dashalerts'] }),
        queryClient.invalidateQueries({ queryKey: ['alertlist'] }),
      ]),
  });
}
