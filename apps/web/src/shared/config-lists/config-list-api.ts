import {
  configListAnswerSchema, configRecordAnswerSchema, deleteConfigRecordAnswerSchema, deleteConfigRecordBodySchema,
  updateConfigRecordAnswerSchema, updateConfigRecordBodySchema,
} from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/api.ts';

// The configuration lists' calls (configlist, configrecord, updateconfigrecord, deleteconfigrecord).
export const configListKeys = {
  all: () => ['configlist'] as const,
  list: (list: string) => [...configListKeys.all(), list] as const,
  record: (list: string, id: number) => [...configListKeys.all(), list, 'id', id] as const,
};

export const configListQuery = (list: string) =>
  queryOptions({
    queryKey: configListKeys.list(list),
    queryFn: ({ signal }) => api.get('configlist', configListAnswerSchema, { list }, signal),
  });

export const configRecordQuery = (list: string, id: number) =>
  queryOptions({
    queryKey: configListKeys.record(list, id),
    queryFn: ({ signal }) => api.get('configrecord', configRecordAnswerSchema, { list, id }, signal).then((a) => a.record),
  });

/** Adds (id 0) or edits a record; answers its id. */
export function saveConfigRecord(list: string, id: number, rec: Record<string, unknown>) {
  const body = updateConfigRecordBodySchema.parse({ mode: id === 0 ? 'add' : 'edit', list, id, rec });
  return api.post('updateconfigrecord', updateConfigRecordAnswerSchema, body);
}

export function deleteConfigRecord(list: string, id: number) {
  return api.post('deleteconfigrecord', deleteConfigRecordAnswerSchema, deleteConfigRecordBodySchema.parse({ mode: 'delete', list, id }));
}
