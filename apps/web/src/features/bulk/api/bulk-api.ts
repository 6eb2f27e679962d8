import {
  type AuditLogQuery, auditLogAnswerSchema, type ConfigListName, type ExportFormat, importCommitAnswerSchema, importPreviewAnswerSchema,
} from '@fleet/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { downloadFile } from '../../../shared/api/download-file.ts';

export const bulkKeys = {
  audit: (q: AuditLogQuery) => ['auditlog', q] as const,
};

/** Filters without empty values (the server refuses an empty date). */
const clean = <T extends Record<string, unknown>>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<string, string | number>;

/** auditlog: a page of the audit log (administrators), newest first. */
export const auditLogQuery = (q: AuditLogQuery) =>
  queryOptions({
    queryKey: bulkKeys.audit(q),
    queryFn: ({ signal }) => api.get('auditlog', auditLogAnswerSchema, clean(q), signal),
    placeholderData: keepPreviousData,
  });

const isCsv = (type: string) => type.startsWith('text/csv');
const isFile = (type: string) => isCsv(type) || type.startsWith('application/vnd.openxmlformats');
const failure = (status: number) => (status === 403 ? 'You may not export this.' : 'The file could not be made. Try again.');

/** auditlogexport: the filtered lines as a CSV download. */
export const downloadAuditCsv = (q: Omit<AuditLogQuery, 'offset' | 'limit'>) =>
  downloadFile({ call: 'auditlogexport', params: Object.fromEntries(Object.entries(clean(q)).map(([k, v]) => [k, String(v)])), isFile: isCsv, failure, fallbackName: 'audit-log.csv' });

/** exportlist: a configuration list as CSV or XLSX (after the list's search, filters and sort). */
export const downloadList = (list: ConfigListName, format: ExportFormat, q: { q?: string; filter?: string; sort?: string; dir?: string } = {}) =>
  downloadFile({
    call: 'exportlist', params: { list, format, ...Object.fromEntries(Object.entries(clean(q)).map(([k, v]) => [k, String(v)])) },
    isFile, failure, fallbackName: `${list}.${format}`,
  });

const importForm = (list: ConfigListName, file: File, fingerprint?: string) => {
  const form = new FormData();
  form.append('list', list);
  if (fingerprint) form.append('fingerprint', fingerprint);
  form.append('file', file, file.name);
  return form;
};

/** importpreview: each row of the file as its record or why it would be refused (nothing is added). */
export const importPreview = (list: ConfigListName, file: File) => api.postForm('importpreview', importPreviewAnswerSchema, importForm(list, file));
/** importcommit: adds the previewed file's valid rows; answers per row. */
export const importCommit = (list: ConfigListName, file: File, fingerprint: string) =>
  api.postForm('importcommit', importCommitAnswerSchema, importForm(list, file, fingerprint));

/** importtemplate: a CSV whose header row is the list's import columns. */
export const downloadTemplate = (list: ConfigListName) =>
  downloadFile({ call: 'importtemplate', params: { list }, isFile: isCsv, failure, fallbackName: `${list}-import.csv` });
