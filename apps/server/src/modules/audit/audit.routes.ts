import { auditLogAnswerSchema, auditLogExportQuerySchema, auditLogQuerySchema, type AuditLine } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import type { AccessRule } from '../../plugins/access.ts';
import { csvField } from '../reports/index.ts';
import { type AuditReader, auditScopeOf } from './audit-read.ts';

const tag = { tags: ['audit'] };
const RULE: AccessRule = {
  who: 'admin',
  note: "A site administrator reads the lines of the sites they hold and their own; a super administrator their brand's.",
};
/** The most lines one CSV export holds (the newest). */
export const AUDIT_EXPORT_MAX = 50_000;

const HEADER = ['When (UTC)', 'Kind', 'Actor', 'Action', 'Target kind', 'Target id', 'Target', 'Site', 'Detail', 'Address', 'Before', 'After'];
const csvLine = (l: AuditLine) => [
  l.at, l.kind, l.actor, l.action, l.targetKind, l.targetId ?? '', l.targetName, l.siteName ?? '', l.detail, l.address,
  l.before === null || l.before === undefined ? '' : JSON.stringify(l.before), l.after === null || l.after === undefined ? '' : JSON.stringify(l.after),
].map((s) => csvField(s, true)).join(',');

/**
 * The audit log viewer's calls (issue 15, item 7): auditlog (a page of lines, newest first,
 * filtered) and auditlogexport (the filtered lines as CSV). The log is append-only: nothing here
 * or anywhere changes a line (the table's trigger refuses UPDATE, DELETE and TRUNCATE).
 */
export const auditRoutes: FastifyPluginAsyncZod<{ reader: AuditReader }> = async (app, { reader }) => {
  app.get('/auditlog', {
    schema: { ...tag, summary: 'A page of the audit log (changes and refusals), newest first, filtered', querystring: auditLogQuerySchema, response: { 200: auditLogAnswerSchema } },
    config: { access: RULE },
  }, async (request) => {
    const page = await reader.page(auditScopeOf(callerOf(request)), request.query);
    return { ok: 1 as const, ...page, offset: request.query.offset ?? 0, limit: request.query.limit ?? 50 };
  });

  app.get('/auditlogexport', {
    schema: { ...tag, summary: `The filtered audit log as a CSV file (newest first, at most ${AUDIT_EXPORT_MAX.toLocaleString('en-GB')} lines)`, querystring: auditLogExportQuerySchema },
    config: { access: RULE },
  }, async (request, reply) => {
    const lines = await reader.all(auditScopeOf(callerOf(request)), request.query, AUDIT_EXPORT_MAX);
    const body = `\ufeff${HEADER.map((h) => csvField(h, true)).join(',')}\r\n${lines.map((l) => `${csvLine(l)}\r\n`).join('')}`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
};
