import {
  configListAnswerSchema, configListQuerySchema, configRecordAnswerSchema, configRecordQuerySchema, deleteConfigRecordAnswerSchema,
  deleteConfigRecordBodySchema, updateConfigRecordAnswerSchema, updateConfigRecordBodySchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { type AccessRule, currentSiteOf, CURRENT_SITE_REQUIRED, whoRefusal } from '../../plugins/access.ts';
import type { AnyConfigList, ConfigContext } from './registry.ts';

const tag = { tags: ['config'] };

/**
 * The configuration lists' four calls, for every list in `lists`. The route's rule lets site
 * administrators in; a list may narrow that with its own `who` (super), checked for the list named.
 */
export const configRoutes: FastifyPluginAsyncZod<{ lists: AnyConfigList[] }> = async (app, { lists }) => {
  const byName = new Map(lists.map((l) => [l.name, l]));
  const listFor = (request: Parameters<typeof callerOf>[0] & { scoped: Parameters<typeof currentSiteOf>[0]['scoped'] }, name: string): { list: AnyConfigList; ctx: ConfigContext } => {
    const list = byName.get(name as AnyConfigList['name']);
    if (!list) throw notFound('configuration list');
    const caller = callerOf(request);
    const refusal = whoRefusal({ who: list.who }, caller);
    if (refusal) throw forbidden(refusal.message);
    return { list, ctx: { caller, siteId: currentSiteOf(request) } };
  };
  const access = (id?: 'query.id' | 'body.id'): AccessRule => ({
    who: 'admin',
    scope: [CURRENT_SITE_REQUIRED, ...(id ? [{ row: 'record', field: id, within: 'current site', missing: 'record' } as const] : [])],
    note: "and the list's own rule (vcls: admin)",
  });
  const recOf = (list: AnyConfigList, rec: unknown) => {
    const parsed = list.rec.safeParse(rec);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(`The request is not valid: body.rec.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'is not valid'}`);
    }
    return parsed.data;
  };

  app.get('/configlist', {
    schema: { ...tag, summary: "A configuration list's columns and records (current site)", querystring: configListQuerySchema, response: { 200: configListAnswerSchema } },
    config: { access: access() },
  }, async (request) => {
    const { list, ctx } = listFor(request, request.query.list);
    return { ok: 1 as const, list: { name: list.title, columns: list.columns }, records: await list.list(ctx) };
  });

  app.get('/configrecord', {
    schema: { ...tag, summary: 'One record of a configuration list', querystring: configRecordQuerySchema, response: { 200: configRecordAnswerSchema } },
    config: { access: access('query.id') },
  }, async (request) => {
    const { list, ctx } = listFor(request, request.query.list);
    const record = await list.get(ctx, request.query.id);
    if (!record) throw notFound('record');
    return { ok: 1 as const, record };
  });

  app.post('/updateconfigrecord', {
    schema: { ...tag, summary: 'Adds or changes a record of a configuration list', body: updateConfigRecordBodySchema, response: { 200: updateConfigRecordAnswerSchema } },
    config: { access: access('body.id') },
  }, async (request) => {
    const { mode, id } = request.body;
    const { list, ctx } = listFor(request, request.body.list);
    const rec = recOf(list, request.body.rec);
    if (mode === 'add') {
      if (id !== 0) throw badRequest('A new record has id 0.');
      return { ok: 1 as const, id: await list.add(ctx, rec) };
    }
    if (id === 0 || !(await list.edit(ctx, id, rec))) throw notFound('record');
    return { ok: 1 as const, id };
  });

  app.post('/deleteconfigrecord', {
    schema: { ...tag, summary: 'Removes a record of a configuration list', body: deleteConfigRecordBodySchema, response: { 200: deleteConfigRecordAnswerSchema } },
    config: { access: access('body.id') },
  }, async (request) => {
    const { list, ctx } = listFor(request, request.body.list);
    const message = await list.remove(ctx, request.body.id);
    if (message === null) throw notFound('record');
    return { ok: 1 as const, message };
  });
};
