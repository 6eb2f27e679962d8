import { type DataRequestBody, dataRequestAnswerSchema, dataRequestsAnswerSchema, plainSuccessSchema } from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { session } from '../../../shared/session/session-store.ts';
import { isActive } from '../model/data-request-view.ts';

/** The feature's cache keys: the current site's requests. */
export const dataRequestKeys = { list: (siteId: number) => ['datarequests', siteId] as const };

/** The site's requests; polled every 2 s while one is waiting or being prepared. */
export const dataRequestsQuery = (siteId: number) =>
  queryOptions({
    queryKey: dataRequestKeys.list(siteId),
    queryFn: ({ signal }) => api.get('datarequests', dataRequestsAnswerSchema, undefined, signal),
    refetchInterval: (query) => (query.state.data?.requests.some((r) => isActive(r.status)) ? 2000 : false),
  });

export function useAskForData(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DataRequestBody) => api.post('awsdatarequest', dataRequestAnswerSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataRequestKeys.list(siteId) }),
  });
}

export function useCancelDataRequest(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('canceldatarequest', plainSuccessSchema, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataRequestKeys.list(siteId) }),
  });
}

/**
 * The file's address: the browser saves it straight to disk (a ZIP can be gigabytes; read through
 * fetch it would sit whole in memory). The session token rides in the query, which the server takes
 * as the Authorization header and blanks in its logs.
 */
export function dataRequestFileUrl(id: number): string {
  const user = session.get().user;
  const params = new URLSearchParams({ id: String(id) });
  if (user) params.set('token', user.token);
  if (user?.instanceuuid) params.set('instanceuuid', user.instanceuuid);
  return `/api/v1/datarequestfile?${params.toString()}`;
}
