import {
  CONFIG_PAGE_MAX, configListAnswerSchema, configRecordAnswerSchema, deleteConfigRecordAnswerSchema, deleteConfigRecordBodySchema,
  type ConfigListQuery, updateConfigRecordAnswerSchema, updateConfigRecordBodySchema,
} from '@fleet/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../api/api.ts';

/** One page's question: search, filter, sort, paging (as configlist takes them). */
export type ConfigListParams = Omit<ConfigListQuery, 'list'>;

// The configuration lists' calls (configlist, configrecord, updateconfigrecord, deleteconfigrecord).
export const configListKeys = {
  all: () => ['configlist'] as const,
  /** Every page of one list (invalidate this after a change). */
  list: (list: string) => [...configListKeys.all(), list] as const,
  page: (list: string, params: ConfigListParams) => [...configListKeys.list(list), 'page', params] as const,
  record: (list: string, id: number) => [...configListKeys.all(), list, 'id', id] as const,
};

/** One page of a list; without params the first CONFIG_PAGE_MAX records in the list's own order (a picker's options). */
export const configListQuery = (list: string, params: ConfigListParams = { limit: CONFIG_PAGE_MAX }) =>
  queryOptions({
    queryKey: configListKeys.page(list, params),
    queryFn: ({ signal }) => {
      const query: Record<string, string | number> = { list };
      for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') query[k] = v as string | number;
      return api.get('configlist', configListAnswerSchema, query, signal);
    },
    placeholderData: keepPreviousData,
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
