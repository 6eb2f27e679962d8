import {
  configListAnswerSchema, configRecordAnswerSchema, customersAnswerSchema, deleteConfigRecordAnswerSchema, plainSuccessSchema,
  updateConfigRecordAnswerSchema, type UserRec, userSessionsAnswerSchema,
} from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

/** Query keys of the users pages (issue 15). */
export const usersKeys = {
  all: ['users'] as const,
  list: (siteId: number, q: string, offset: number) => ['users', 'list', siteId, q, offset] as const,
  one: (siteId: number, id: number) => ['users', 'one', siteId, id] as const,
  sessions: (siteId: number, id: number) => ['users', 'sessions', siteId, id] as const,
  sites: () => ['users', 'sites'] as const,
};

export const PAGE = 50;

export const usersListQuery = (siteId: number, q: string, offset: number) => queryOptions({
  queryKey: usersKeys.list(siteId, q, offset),
  queryFn: ({ signal }) => api.get('configlist', configListAnswerSchema, { list: 'users', q: q || undefined, offset, limit: PAGE, sort: 'name' }, signal),
});

export type EditedUser = UserRec & { id: number; lastsignin?: string | null; created?: string };
export const userQuery = (siteId: number, id: number) => queryOptions({
  queryKey: usersKeys.one(siteId, id),
  queryFn: ({ signal }) => api.get('configrecord', configRecordAnswerSchema, { list: 'users', id }, signal).then((a) => a.record as unknown as EditedUser),
});

export const userSessionsQuery = (siteId: number, id: number) => queryOptions({
  queryKey: usersKeys.sessions(siteId, id),
  queryFn: ({ signal }) => api.get('usersessions', userSessionsAnswerSchema, { uid: id }, signal),
});

/** The sites the signed-in administrator holds, with names (what they may give). */
export const mySitesQuery = queryOptions({
  queryKey: usersKeys.sites(),
  queryFn: ({ signal }) => api.get('customers', customersAnswerSchema, undefined, signal)
    .then((a) => a.customers.flatMap((c) => c.sites.map((s) => ({ value: String(s.siteid), label: a.customers.length > 1 ? `${s.sitename} (${c.name})` : s.sitename })))),
  staleTime: 5 * 60_000,
});

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rec }: { id: number; rec: UserRec }) =>
      api.post('updateconfigrecord', updateConfigRecordAnswerSchema, { mode: id ? 'edit' : 'add', list: 'users', id, rec }),
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('deleteconfigrecord', deleteConfigRecordAnswerSchema, { mode: 'delete', list: 'users', id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

/** Welcome mail, an administrator's reset, a session ended: each answers with a message to show. */
export function useUserAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { kind: 'welcome' | 'reset' | 'revoke'; id: number }) =>
      a.kind === 'welcome' ? api.post('sendwelcomeemail', plainSuccessSchema, { uid: a.id })
        : a.kind === 'reset' ? api.post('resetpassword', plainSuccessSchema, { uid: a.id })
        : api.post('revokesession', plainSuccessSchema, { id: a.id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
