import multipart from '@fastify/multipart';
import {
  exportListQuerySchema, IMPORT_MAX_BYTES, importCommitAnswerSchema, importCommitFieldsSchema, type ImportCommitRow, importPreviewAnswerSchema,
  importPreviewFieldsSchema, importTemplateQuerySchema,
} from '@fleet/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { z } from 'zod';
import { callerOf } from '../../lib/caller.ts';
import { ApiError, badRequest, forbidden } from '../../lib/errors.ts';
import { type AccessRule, currentSiteOf, CURRENT_SITE_REQUIRED, whoRefusal } from '../../plugins/access.ts';
import type { AuditLog } from '../audit/index.ts';
import { EXPORT_TYPES, exportFile, exportFileName, exportRows } from './export.ts';
import { deviceRegisteredIn, fingerprintOf, previewRows, readTable, recordShape } from './import.ts';
import type { AnyConfigList, ConfigContext } from './registry.ts';

const tag = { tags: ['config'] };
type Req = Parameters<typeof callerOf>[0] & { scoped: Parameters<typeof currentSiteOf>[0]['scoped']; ip: string };

const MB = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);

/** The import form: its text fields and the one file (the part named 'file'), refusing a form that is not one in words. */
async function readImportForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; bytes: Buffer | null; fileName: string }> {
  if (!request.isMultipart()) throw new ApiError(415, 'Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  let fileName = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest('Send the file in the form field "file".');
        bytes = await part.toBuffer();
        fileName = part.filename.slice(0, 200);
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, `The file is larger than ${MB} MB: split it and import the parts one after another.`);
    if (code === 'FST_FILES_LIMIT') throw new ApiError(413, 'Send one file at a time.');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new ApiError(413, 'The form has too many fields.');
    throw badRequest('The upload could not be read. Send it again.');
  }
  return { fields, bytes, fileName };
}

function parseFields<T>(schema: z.ZodType<T>, fields: Record<string, string>): T {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`The request is not valid: body.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'is not valid'}`);
  }
  return parsed.data;
}

/**
 * Bulk work on the configuration lists (issue 15, item 8): exportlist (any list the caller may
 * read, as CSV or XLSX), importpreview and importcommit (a CSV or XLSX file of records of a list the
 * caller may change). The lists are the same registered lists configRoutes serves; an import adds
 * each valid row through the list's own add(), so its rules apply, and audits each as configRoutes
 * does (`config.<list>.add`) plus one `config.<list>.import` line for the file.
 */
export const bulkRoutes: FastifyPluginAsyncZod<{ lists: AnyConfigList[]; audit: AuditLog; pool?: pg.Pool }> = async (app, { lists, audit, pool }) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 200, fieldNameSize: 40, headerPairs: 20 },
  });
  const byName = new Map(lists.map((l) => [l.name, l]));
  const listFor = (request: Req, name: string, need: 'read' | 'edit'): { list: AnyConfigList; ctx: ConfigContext } => {
    const list = byName.get(name as AnyConfigList['name']);
    if (!list) throw new ApiError(404, `The configuration list "${name}" is not available.`);
    const caller = callerOf(request);
    const refusal = whoRefusal({ who: need === 'read' ? (list.read ?? list.who) : list.who }, caller);
    if (refusal) throw forbidden(refusal.message);
    return { list, ctx: { caller, siteId: currentSiteOf(request), address: request.ip } };
  };
  const deviceRegistered = pool ? deviceRegisteredIn(pool) : undefined;
  const preview = async (request: Req, listName: string, bytes: Buffer | null) => {
    const { list, ctx } = listFor(request, listName, 'edit');
    if (!bytes || bytes.length === 0) throw badRequest('Choose a CSV or XLSX file to import.');
    const table = await readTable(bytes);
    return { list, ctx, ...(await previewRows(list, ctx, table, deviceRegistered ? { deviceRegistered } : {})) };
  };
  const importRule: AccessRule = {
    who: 'admin', scope: [CURRENT_SITE_REQUIRED],
    note: `multipart (list, file: CSV or XLSX, <= ${MB} MB, <= 5,000 rows); and the list's own \`who\` (a super administrators' list: 403)`,
  };

  app.get('/exportlist', {
    schema: { ...tag, summary: 'A configuration list of the current site as a CSV or XLSX file (after q, filter and sort; every page)', querystring: exportListQuerySchema },
    config: {
      access: {
        who: 'operator', scope: [CURRENT_SITE_REQUIRED],
        note: "and the list's own `read` rule (default its `who`), as configlist",
      },
    },
    preHandler: async (request) => { listFor(request, request.query.list, 'read'); },
  }, async (request, reply) => {
    const { list: name, format, ...q } = request.query;
    const { list, ctx } = listFor(request, name, 'read');
    const bytes = await exportFile(list, await exportRows(list, ctx, q), format);
    return reply
      .header('content-type', EXPORT_TYPES[format])
      .header('content-disposition', `attachment; filename="${exportFileName(list, format)}"`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });

  app.get('/importtemplate', {
    schema: { ...tag, summary: "A CSV file whose header row is the list's import columns (its record keys)", querystring: importTemplateQuerySchema },
    config: { access: { ...importRule, note: "and the list's own `who` (a super administrators' list: 403)" } },
  }, async (request, reply) => {
    const { list } = listFor(request, request.query.list, 'edit');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${list.name}-import.csv"`)
      .send(`\ufeff${recordShape(list.rec).keys.join(',')}\r\n`);
  });

  app.post('/importpreview', {
    schema: { ...tag, summary: 'Reads a CSV or XLSX file of records of a list (multipart: list, file): each row as its record or why it would be refused; nothing is added', consumes: ['multipart/form-data'], response: { 200: importPreviewAnswerSchema } },
    bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
    config: { access: importRule },
  }, async (request) => {
    const form = await readImportForm(request);
    const { list: name } = parseFields(importPreviewFieldsSchema, form.fields);
    const { list, columns, rows } = await preview(request, name, form.bytes);
    const valid = rows.filter((r) => r.errors.length === 0).length;
    return { ok: 1 as const, list: list.name, columns, rows, valid, refused: rows.length - valid, fingerprint: fingerprintOf(list.name, form.bytes ?? Buffer.alloc(0)) };
  });

  app.post('/importcommit', {
    schema: { ...tag, summary: "Adds the valid rows of a previewed file (multipart: list, fingerprint, file) through the list's own rules; answers per row", consumes: ['multipart/form-data'], response: { 200: importCommitAnswerSchema } },
    bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
    config: { access: importRule },
  }, async (request) => {
    const form = await readImportForm(request);
    const { list: name, fingerprint } = parseFields(importCommitFieldsSchema, form.fields);
    if (form.bytes && form.bytes.length > 0 && fingerprint !== fingerprintOf(name, form.bytes)) {
      throw new ApiError(409, 'The file is not the one previewed: preview it again before importing.');
    }
    const { list, ctx, rows } = await preview(request, name, form.bytes);
    const out: ImportCommitRow[] = [];
    for (const r of rows) {
      if (r.errors.length || !r.rec) {
        out.push({ row: r.row, id: null, error: r.errors.join(' ') || 'The row is not a record of the list.' });
        continue;
      }
      try {
        const id = await list.add(ctx, r.rec);
        const after = await list.get(ctx, id);
        await audit.change({ caller: ctx.caller, address: ctx.address }, {
          action: `config.${list.name}.add`, targetKind: list.noun, targetId: id,
          targetName: after ? (list.nameOf?.(after) ?? (typeof after.name === 'string' ? after.name : String(id))) : String(id),
          siteId: ctx.siteId, before: null, after, detail: `Imported from ${form.fileName || 'a file'}, row ${r.row}`,
        });
        out.push({ row: r.row, id, error: null });
      } catch (err) {
        if (!(err instanceof ApiError)) request.log.error({ err, list: list.name, row: r.row }, 'import: a row could not be added');
        out.push({ row: r.row, id: null, error: err instanceof ApiError ? err.message : 'The row could not be added (a server error): try it again.' });
      }
    }
    const added = out.filter((r) => r.id !== null).length;
    await audit.change({ caller: ctx.caller, address: ctx.address }, {
      action: `config.${list.name}.import`, targetKind: list.noun, targetName: form.fileName, siteId: ctx.siteId,
      detail: `Imported ${form.fileName || 'a file'}: ${added} added, ${out.length - added} refused.`,
    });
    return { ok: 1 as const, list: list.name, added, refused: out.length - added, rows: out };
  });
};
