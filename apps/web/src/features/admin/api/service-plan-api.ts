import { plainSuccessSchema, servicePlanAnswerSchema, servicePlanBodySchema } from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import type { ServicePlanBody } from '../model/service-plan-form.ts';
import { alertKeys } from '../../alerts/index.ts';
import { adminKeys } from './admin-keys.ts';

/** serviceplan?uid: the unit's plan, its readings now and whether it is due (the server's Servicing rule). */
export const servicePlanQuery = (unitId: number) =>
  queryOptions({
    queryKey: adminKeys.servicePlan(unitId),
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
        queryClient.invalidateQueries({ queryKey: adminKeys.servicePlan(unitId) }),
        queryClient.invalidateQueries({ queryKey: alertKeys.allDash() }),
        queryClient.invalidateQueries({ queryKey: alertKeys.allLists() }),
      ]),
  });
}
