import { z } from 'zod';
import { date, int, text } from '../api/primitives.ts';
import { configListName } from './config-list.schema.ts';

/**
 * Bulk work on the configuration lists (issue 15, item 8): a list exported as CSV or XLSX
 * (exportlist), and records imported from a CSV or XLSX file (importpreview, then importcommit).
 * An import file's header row names the list's record keys (its `rec` schema); lists and arrays
 * are written ';'-separated in a cell, other nested values as JSON.
 */

/** The most rows an import file may hold, and its largest size. */
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The lists the import page offers first (any list the caller may change can be imported). */
export const IMPORT_LISTS = ['units', 'drivers', 'users'] as const;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** exportlist: the whole list after the same q, filter and sort as configlist (no paging). */
export const exportListQuerySchema = z.strictObject({
  list: configListName,
  format: z.enum(EXPORT_FORMATS, { message: 'must be csv or xlsx' }),
  q: text(100).optional(),
  filter: text(300).optional(),
  sort: text(40).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
});
export type ExportListQuery = z.infer<typeof exportListQuerySchema>;

/** importtemplate: a CSV of the list's import columns (the header row only). */
export const importTemplateQuerySchema = z.strictObject({ list: configListName });

/** The text fields of the import form (multipart): the list, and for importcommit the preview's fingerprint. */
export const importPreviewFieldsSchema = z.strictObject({ list: configListName });
export const importCommitFieldsSchema = z.strictObject({
  list: configListName,
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/, 'is not a preview fingerprint'),
});

/** One row of the file as the preview reads it: its line in the file, the record, or why it is refused. */
export const importPreviewRowSchema = z.object({
  /** The row's number in the file (the header is row 1). */
  row: z.number(),
  /** The record as it would be added (null when the row cannot be read as one). */
  rec: z.record(z.string(), z.unknown()).nullable(),
  /** Why the row would be refused; empty when it would be added. */
  errors: z.array(z.string()),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

export const importPreviewAnswerSchema = z.object({
  ok: z.literal(1),
  list: configListName,
  /** The record keys the list's file has (its header row). */
  columns: z.array(z.string()),
  rows: z.array(importPreviewRowSchema),
  valid: z.number(),
  refused: z.number(),
  /** The file's and list's fingerprint: importcommit takes it so that it adds what was previewed. */
  fingerprint: z.string(),
});
export type ImportPreviewAnswer = z.infer<typeof importPreviewAnswerSchema>;

export const importCommitRowSchema = z.object({
  row: z.number(),
  /** The added record's id, or null when the row was refused. */
  id: z.number().nullable(),
  /** Why the row was refused (null when added). */
  error: z.string().nullable(),
});
export type ImportCommitRow = z.infer<typeof importCommitRowSchema>;
export const importCommitAnswerSchema = z.object({
  ok: z.literal(1),
  list: configListName,
  added: z.number(),
  refused: z.number(),
  rows: z.array(importCommitRowSchema),
});
export type ImportCommitAnswer = z.infer<typeof importCommitAnswerSchema>;

/**
 * The audit log (issue 15, item 7): changes made through the administration pages and permission
 * refusals, newest first. Site administrators read the lines of their sites and their own
 * refusals; super administrators their brand's.
 */
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_KINDS = ['change', 'refusal'] as const;
const auditFilters = {
  /** From this day (UTC, inclusive) and up to this day (inclusive). */
  from: date.optional(),
  to: date.optional(),
  /** The actor's name (part of it, any case). */
  actor: text(100).optional(),
  /** The start of the action ('config.units', 'user.add'). */
  action: text(100).optional(),
  kind: z.enum(AUDIT_KINDS, { message: 'must be change or refusal' }).optional(),
  /** What the change was done to ('unit', 'user'), or the call refused. */
  target: text(100).optional(),
  /** Words found in the target's name, the detail, the action or the actor. */
  q: text(100).optional(),
};
export const auditLogQuerySchema = z.strictObject({ ...auditFilters, offset: int(0, 1_000_000).optional(), limit: int(1, AUDIT_PAGE_MAX).optional() });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
export const auditLogExportQuerySchema = z.strictObject(auditFilters);

export const auditLineSchema = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.enum(AUDIT_KINDS),
  actorId: z.number().nullable(),
  actor: z.string(),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string().nullable(),
  targetName: z.string(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  detail: z.string(),
  address: z.string(),
});
export type AuditLine = z.infer<typeof auditLineSchema>;
export const auditLogAnswerSchema = z.object({
  ok: z.literal(1),
  lines: z.array(auditLineSchema),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
});
export type AuditLogAnswer = z.infer<typeof auditLogAnswerSchema>;
