import {
  companiesAnswerSchema, customersAnswerSchema, customersQuerySchema, pickAnswerSchema, pickQuerySchema, setRetentionAnswerSchema, setRetentionBodySchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import type { AuthService } from '../auth/index.ts';
import type { SessionService } from '../auth/index.ts';
import type { TenancyService } from './tenancy.service.ts';

const tag = { tags: ['tenancy'] };

export const tenancyRoutes: FastifyPluginAsyncZod<{ tenancy: TenancyService; auth: AuthService; sessions: SessionService }> = async (app, opts) => {
  app.get('/companies', {
    schema: { ...tag, summary: 'Customers (companies) the caller may pick', response: { 200: companiesAnswerSchema } },
    config: { access: { who: 'session' } },
  }, async (request) => ({ ok: 1 as const, companies: await opts.tenancy.companies(callerOf(request)) }));

  app.get('/customers', {
    schema: { ...tag, summary: 'Customers with the sites of each that the caller may see', querystring: customersQuerySchema, response: { 200: customersAnswerSchema } },
    config: { access: { who: 'session', scope: [{ customer: 'query.cid' }] } },
  }, async (request) => ({ ok: 1 as const, customers: await opts.tenancy.customers(callerOf(request), request.query.cid) }));

  app.get('/pick', {
    schema: { ...tag, summary: 'Switch to another customer (companyid) and site (cid): a new token is returned', querystring: pickQuerySchema, response: { 200: pickAnswerSchema } },
    config: { access: { who: 'session', scope: [{ customer: 'query.companyid' }, { site: 'query.cid' }] } },
  }, async (request) => {
    const caller = callerOf(request);
    const siteId = await opts.tenancy.pickTarget(caller, request.query.companyid, request.query.cid);
    const user = await opts.auth.startSession(caller.user, caller.session, request.headers['user-agent'] ?? '', siteId);
    await opts.sessions.revoke(caller.session.id, 'switched site');
    return { ok: 1 as const, user };
  });

  app.post('/setretention', {
    schema: {
      ...tag, summary: "Sets how many months of positions a customer keeps (null: all); older ones go at the daily partition upkeep, trips stay (super administrators)",
      body: setRetentionBodySchema, response: { 200: setRetentionAnswerSchema },
    },
    config: { access: { who: 'super', note: 'Any customer (cid): super administrators are not bound to sites.' } },
  }, async (request) => ({ ok: 1 as const, ...(await opts.tenancy.setRetention(request.body.cid, request.body.months)) }));
};
