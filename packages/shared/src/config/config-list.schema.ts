import { z } from 'zod';
import { id, int, MAX_ID, text } from '../api/primitives.ts';

/**
 * The configuration lists (issue 11 began them with 'vcls'; issue 15 makes them the one generic,
 * typed list-and-record editor): config, config/{list}, config/{list}/{id}, config/{list}/{id}/{mode}.
 * Each list is declared once on the server (its record schema, columns, who may read and change it)
 * and served by the same four calls. Lists page, sort, filter and search on the server.
 */
export const CONFIG_LISTS = [
  'users', 'drivers', 'units', 'groups', 'poi', 'vcls', 'shiftpatterns', 'workinghours', 'serviceplans', 'scheduledreports',
] as const;
export type ConfigListName = (typeof CONFIG_LISTS)[number];
export const configListName = z.enum(CONFIG_LISTS, { message: 'is not a configuration list' });
/** The editor's modes in the address (config/{list}/{id}/{mode}). */
export const CONFIG_MODES = ['add', 'edit', 'view'] as const;
export type ConfigMode = (typeof CONFIG_MODES)[number];

/** The most records one configlist answer holds. */
export const CONFIG_PAGE_MAX = 200;

/**
 * configlist: one page of a list. `q` searches the list's searchable columns (case-insensitive,
 * every word must match); `filter` is `column:value` pairs separated by commas, each column one the
 * list marks filterable; `sort` a column key, `dir` asc or desc.
 */
export const configListQuerySchema = z.strictObject({
  list: configListName,
  q: text(100).optional(),
  filter: text(300).optional(),
  sort: text(40).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  offset: int(0, 1_000_000).optional(),
  limit: int(1, CONFIG_PAGE_MAX).optional(),
});
export type ConfigListQuery = z.infer<typeof configListQuerySchema>;
export const configRecordQuerySchema = z.strictObject({ list: configListName, id });

export const configColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Offered as a filter; its options are in the answer's `filters`. */
  filter: z.boolean().optional(),
  /** How the cell reads: plain text (default), a date-time (ISO), a yes/no, a number. */
  kind: z.enum(['text', 'datetime', 'bool', 'number']).optional(),
});
export type ConfigColumn = z.infer<typeof configColumnSchema>;
export const configListAnswerSchema = z.object({
  ok: z.literal(1),
  list: z.object({
    name: z.string(),
    columns: z.array(configColumnSchema),
    /** Whether the caller may add, change and delete records (false: view only). */
    canEdit: z.boolean(),
  }),
  records: z.array(z.record(z.string(), z.unknown())),
  /** Records matching the search and filters, before paging. */
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
  /** Each filterable column's values, as { value, label }. */
  filters: z.record(z.string(), z.array(z.object({ value: z.string(), label: z.string() }))),
});
export type ConfigListAnswer = z.infer<typeof configListAnswerSchema>;
export const configRecordAnswerSchema = z.object({ ok: z.literal(1), record: z.record(z.string(), z.unknown()) });

/** rec is checked by the list's own schema (vclRecSchema for 'vcls'). */
export const updateConfigRecordBodySchema = z.strictObject({
  mode: z.enum(['add', 'edit']),
  list: configListName,
  id: int(0, MAX_ID),
  rec: z.looseObject({}),
});
export const updateConfigRecordAnswerSchema = z.object({ ok: z.literal(1), id: z.number() });
export const deleteConfigRecordBodySchema = z.strictObject({ mode: z.literal('delete'), list: configListName, id });
export const deleteConfigRecordAnswerSchema = z.object({ ok: z.literal(1), message: z.string().optional() });
