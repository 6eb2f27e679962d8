import {
  configListAnswerSchema, configListQuerySchema, configRecordAnswerSchema, configRecordQuerySchema, deleteConfigRecordAnswerSchema,
  deleteConfigRecordBodySchema, updateConfigRecordAnswerSchema, updateConfigRecordBodySchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { type AccessRule, currentSiteOf, CURRENT_SITE_REQUIRED, whoRefusal } from '../../plugins/access.ts';
import type { AuditLog } from '../audit/index.ts';
import { queryRows } from './list-query.ts';
import type { AnyConfigList, ConfigContext } from './registry.ts';

const tag = { tags: ['config'] };

type Req = Parameters<typeof callerOf>[0] & { scoped: Parameters<typeof currentSiteOf>[0]['scoped']; ip: string };

/**
 * The configuration lists' four calls, for every list in `lists`. The route's rule lets operators in
 * (some lists are read by operators); each list narrows that with its own `read` and `who`, checked
 * for the list named. Every change is written to the audit log.
 */
export const configRoutes: FastifyPluginAsyncZod<{ lists: AnyConfigList[]; audit: AuditLog }> = async (app, { lists, audit }) => {
  const byName = new Map(lists.map((l) => [l.name, l]));
  const listFor = (request: Req, name: string, need: 'read' | 'edit'): { list: AnyConfigList; ctx: ConfigContext; canEdit: boolean } => {
    const list = byName.get(name as AnyConfigList['name']);
    if (!list) throw new ApiError(404, `The configuration list "${name}" is not available.`);
    const caller = callerOf(request);
    const readRefusal = whoRefusal({ who: list.read ?? list.who }, caller);
    const editRefusal = whoRefusal({ who: list.who }, caller);
    const refusal = need === 'read' ? readRefusal : editRefusal;
    if (refusal) throw forbidden(refusal.message);
    return { list, ctx: { caller, siteId: currentSiteOf(request), address: request.ip }, canEdit: editRefusal === null };
  };
  /** The list's own rule, checked before the handler (after the route's access checks): reading or changing. */
  const gate = (need: 'read' | 'edit') => async (request: { query: unknown; body: unknown } & Req) => {
    const from = (need === 'read' ? request.query : request.body) as { list?: string } | undefined;
    listFor(request, from?.list ?? '', need);
  };
  const access = (id?: 'query.id' | 'body.id'): AccessRule => ({
    who: 'operator',
    scope: [CURRENT_SITE_REQUIRED, ...(id ? [{ row: 'record', field: id, within: 'current site', missing: 'record' } as const] : [])],
    note: "and the list's own rule: to read, its `read` (default its `who`); to change, its `who` (docs/permissions.md, Configuration lists)",
  });
  const recOf = (list: AnyConfigList, rec: unknown) => {
    const parsed = list.rec.safeParse(rec);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(`The request is not valid: body.rec.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'is not valid'}`);
    }
    return parsed.data;
  };
  const nameOf = (list: AnyConfigList, rec: Record<string, unknown> | null, id: number) =>
    rec ? (list.nameOf?.(rec) ?? (typeof rec.name === 'string' ? rec.name : String(id))) : String(id);
  const record = (ctx: ConfigContext, list: AnyConfigList, verb: string, id: number, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
    audit.change({ caller: ctx.caller, address: ctx.address }, {
      action: `config.${list.name}.${verb}`, targetKind: list.noun, targetId: id, targetName: nameOf(list, after ?? before, id),
      siteId: ctx.siteId, before, after,
    });

  app.get('/configlist', {
    schema: { ...tag, summary: "One page of a configuration list (current site): columns, records, total, filter options", querystring: configListQuerySchema, response: { 200: configListAnswerSchema } },
    config: { access: access() },
    preHandler: gate('read'),
  }, async (request) => {
    const { list, ctx, canEdit } = listFor(request, request.query.list, 'read');
    const page = queryRows(await list.list(ctx), list.columns, request.query, list.search);
    return { ok: 1 as const, list: { name: list.title, columns: list.columns, canEdit }, ...page };
  });

  app.get('/configrecord', {
    schema: { ...tag, summary: 'One record of a configuration list', querystring: configRecordQuerySchema, response: { 200: configRecordAnswerSchema } },
    config: { access: access('query.id') },
    preHandler: gate('read'),
  }, async (request) => {
    const { list, ctx } = listFor(request, request.query.list, 'read');
    const found = await list.get(ctx, request.query.id);
    if (!found) throw notFound('record');
    return { ok: 1 as const, record: found };
  });

  app.post('/updateconfigrecord', {
    schema: { ...tag, summary: 'Adds or changes a record of a configuration list', body: updateConfigRecordBodySchema, response: { 200: updateConfigRecordAnswerSchema } },
    config: { access: access('body.id') },
    preHandler: gate('edit'),
  }, async (request) => {
    const { mode, id } = request.body;
    const { list, ctx } = listFor(request, request.body.list, 'edit');
    const rec = recOf(list, request.body.rec);
    if (mode === 'add') {
      if (id !== 0) throw badRequest('A new record has id 0.');
      const added = await list.add(ctx, rec);
      await record(ctx, list, 'add', added, null, await list.get(ctx, added));
      return { ok: 1 as const, id: added };
    }
    if (id === 0) throw notFound('record');
    const before = await list.get(ctx, id);
    if (!before || !(await list.edit(ctx, id, rec))) throw notFound('record');
    await record(ctx, list, 'edit', id, before, await list.get(ctx, id));
    return { ok: 1 as const, id };
  });

  app.post('/deleteconfigrecord', {
    schema: { ...tag, summary: 'Removes a record of a configuration list (refused with the reason while something uses it)', body: deleteConfigRecordBodySchema, response: { 200: deleteConfigRecordAnswerSchema } },
    config: { access: access('body.id') },
    preHandler: gate('edit'),
  }, async (request) => {
    const { list, ctx } = listFor(request, request.body.list, 'edit');
    const { id } = request.body;
    const before = await list.get(ctx, id);
    if (!before) throw notFound('record');
    const reason = await list.inUse?.(ctx, id);
    if (reason) throw new ApiError(409, reason);
    const message = await list.remove(ctx, id);
    if (message === null) throw notFound('record');
    await record(ctx, list, 'delete', id, before, null);
    return { ok: 1 as const, message };
  });
};
