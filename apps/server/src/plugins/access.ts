import { canChange, isAdmin, isViewer, NOT_ADMIN_REASON } from '@fleet/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, badRequest, forbidden, notFound } from '../lib/errors.ts';
import type { Caller } from '../lib/caller.ts';

/**
 * Who may call a route:
 * - public: nobody need be signed in;
 * - session: any signed-in user, viewers (usertype 4) included: reads; a call that changes
 *   anything with `who: 'session'` must say `self: true` (it changes only the caller's own session or
 *   account: sign-out, password, site switch), and the app refuses to start otherwise;
 * - driver: a driver-mode session only (a driver signed in on a registered cab device, issue 11);
 * - operator: usertype 2 or below (operators and administrators; not viewers, issue 15);
 * - admin: site administrators (usertype below 2) and super administrators;
 * - super: super administrators only.
 * Every `who` but driver (and public) is for user-mode sessions: a driver-mode session is refused
 * them unless the rule says `alsoDriver` (the few calls both sides make: messages, sign-out).
 */
export type Who = 'public' | 'session' | 'driver' | 'operator' | 'admin' | 'super';

/** Feature flags a user may hold; a route that names one is refused to users without it. */
export type Flag = 'tracksec';

/** Where an id comes from: a field of the (validated) query string or body. Absent optional fields are not checked. */
export type Field = `${'query' | 'body'}.${string}`;

/**
 * The tenant scope an id of the call must fall in. Each is checked before the handler runs; an id
 * outside the caller's tenancy is refused exactly as one that does not exist (404).
 */
export type Scope =
  /** A site id: one of the caller's sites, else 404 "No such site.". */
  | { site: Field }
  /** A customer id: the caller has at least one site of it, else 404 "No such customer."; its sites are kept for the handler. */
  | { customer: Field }
  /** A unit id: a unit on one of the caller's sites, else 404 "No such unit.". */
  | { unit: Field }
  /**
   * The call works on the session's current site (the client sends no site). `none` is the answer
   * when the session has none: `'pass'` lets the handler answer (an empty list, say), otherwise
   * the error given is thrown.
   */
  | { current: 'site'; none: 'pass' | { status: 400 | 404; message: string } }
  /**
   * An id of a row of the current site (a place, group, alert) that the repository's query looks
   * up only within the caller's or the session's sites; one of another site reads as missing (404
   * with `missing`). Declared here so the table shows it; the query is the check.
   */
  | { row: string; field: Field; within: 'current site' | 'caller sites'; missing: string };

export interface AccessRule {
  who: Who;
  scope?: Scope[];
  flags?: Flag[];
  /** A rule the handler applies from the input (shown in docs/permissions.md). */
  note?: string;
  /**
   * A driver-mode session may make this call too (its one site is the cab device's; a unit scope
   * holds it to that site's vehicles). Only with `who: 'session'` or `'operator'`.
   */
  alsoDriver?: true;
  /**
   * A call other than GET open to every signed-in user (viewers too) changes only the caller's own
   * session or account, and says so here (issue 15: a viewer changes nothing of the fleet's).
   */
  self?: true;
}

/** What the checks found, for the handler: the current site, a customer's sites. */
export interface Scoped {
  currentSite: number | null;
  customerSites: number[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /api/v1 route declares its rule; the app does not start with one that does not. */
    access?: AccessRule;
    /** Reachable while the user still has to change a forced password. */
    duringForcedChange?: boolean;
  }
  interface FastifyRequest {
    scoped: Scoped | null;
  }
}

/** Lookups the scope checks need; the tenancy and units modules answer them. */
export interface AccessLookups {
  /** The caller's sites that belong to customer `cid` (empty when none). */
  sitesOfCustomer(caller: Caller, cid: number): Promise<number[]>;
  /** The site a unit is on, or null when there is no such unit. */
  siteOfUnit(unitId: number): Promise<number | null>;
  /**
   * A signed-in caller was refused (403) by the rule or by the handler: the audit log records it
   * (issue 15). Called after the answer is made; a failure to record is logged, never shown.
   */
  onRefused?(refusal: { caller: Caller; call: string; message: string; address: string }): Promise<void>;
}

/**
 * The scope of a call that works on the session's current site, as the spec's client sends no site
 * with such calls: without a current site the answer is 400 "Pick a site first.".
 */
export const CURRENT_SITE_REQUIRED = { current: 'site', none: { status: 400, message: 'Pick a site first.' } } as const satisfies Scope;

export const isApiRoute = (url: string | undefined) => typeof url === 'string' && url.startsWith('/api/v1/');

/** Refuses, at start-up, an API route without a rule or with one this mechanism cannot honour. */
export function checkDeclared(route: Pick<RouteOptions, 'url' | 'method' | 'config'>): void {
  if (!isApiRoute(route.url)) return;
  const name = `${String(route.method)} ${route.url}`;
  const rule = (route.config as { access?: AccessRule } | undefined)?.access;
  if (!rule) throw new Error(`${name} declares no access rule: add config.access (see plugins/access.ts).`);
  if (rule.alsoDriver && rule.who !== 'session' && rule.who !== 'operator') throw new Error(`${name}: alsoDriver goes only with who: 'session' or 'operator'.`);
  const methods = [route.method].flat().map(String);
  if (rule.who === 'session' && methods.some((m) => m !== 'GET' && m !== 'HEAD') && !rule.self) {
    throw new Error(`${name}: a call that changes something is for operators or administrators, or says self: true (it changes only the caller's own session or account).`);
  }
  if (rule.self && rule.who !== 'session') throw new Error(`${name}: self goes only with who: 'session'.`);
  if (rule.who === 'driver' && rule.flags?.length) throw new Error(`${name}: a driver-mode call has no feature flags.`);
  if (rule.who === 'public' && (rule.scope?.length || rule.flags?.length)) throw new Error(`${name}: a public call has no caller to scope.`);
}

/** What a viewer (read-only, issue 15) is told when a call would change something. */
export const VIEWER_TEXT = 'Your account can view but not change anything. Ask an administrator.';

const FLAG_TEXT: Record<Flag, string> = { tracksec: 'Only users with Tracksec may do this.' };

/** Whether a caller passes a rule's `who` and flags; the refusal when not. */
export const DRIVER_ONLY_TEXT = 'Only a driver signed in on a cab device may do this.';
export const NOT_IN_DRIVER_MODE_TEXT = 'This device is in driver mode: this is not one of the driver\'s calls.';

export function whoRefusal(rule: AccessRule, caller: Caller): ApiError | null {
  // Driver mode and user mode never mix: each kind of session makes only its own calls.
  if (rule.who === 'driver') return caller.session.kind === 'driver' ? null : forbidden(DRIVER_ONLY_TEXT);
  if (caller.session.kind === 'driver') return rule.alsoDriver ? null : forbidden(NOT_IN_DRIVER_MODE_TEXT);
  if (rule.who === 'operator' && !canChange(caller.user.usertype)) {
    return forbidden(isViewer(caller.user.usertype) ? VIEWER_TEXT : 'Only an operator or an administrator may do this.');
  }
  if (rule.who === 'admin' && !isAdmin(caller.user.usertype)) return forbidden(NOT_ADMIN_REASON);
  if (rule.who === 'super' && !caller.isSuper) return forbidden('Only a super administrator may do this.');
  for (const flag of rule.flags ?? []) if (!caller.user[flag]) return forbidden(FLAG_TEXT[flag]);
  return null;
}

function read(request: FastifyRequest, field: Field): unknown {
  const [part, name] = field.split('.') as ['query' | 'body', string];
  const from = (part === 'query' ? request.query : request.body) as Record<string, unknown> | undefined;
  return from?.[name];
}

/**
 * The one place a call's access is enforced. Its rule's `who` is checked with the session (auth.ts
 * resolves the caller first); its scopes after the input is validated, before the handler.
 */
export const access = fp(async (app: FastifyInstance, opts: AccessLookups) => {
  app.decorateRequest('scoped', null);
  app.addHook('onRoute', checkDeclared);
  if (opts.onRefused) {
    const record = opts.onRefused;
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode !== 403 || !request.caller || !isApiRoute(request.routeOptions.url)) return payload;
      let message = '';
      try {
        if (typeof payload === 'string') message = String((JSON.parse(payload) as { message?: unknown }).message ?? '');
      } catch { /* not JSON: no message */ }
      const call = `${request.method} ${request.routeOptions.url?.slice('/api/v1/'.length) ?? ''}`;
      try {
        await record({ caller: request.caller, call, message, address: request.ip });
      } catch (err) {
        request.log.error({ err }, 'a refusal could not be written to the audit log');
      }
      return payload;
    });
  }
  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule || rule.who === 'public' || !isApiRoute(request.routeOptions.url)) return;
    const caller = request.caller;
    if (!caller) return; // auth.ts has refused it already
    const scoped: Scoped = { currentSite: caller.session.siteId, customerSites: [] };
    for (const s of rule.scope ?? []) {
      if ('site' in s) {
        const id = read(request, s.site);
        if (id !== undefined && !caller.siteIds.includes(id as number)) throw notFound('site');
      } else if ('customer' in s) {
        const id = read(request, s.customer);
        if (id === undefined) continue;
        scoped.customerSites = await opts.sitesOfCustomer(caller, id as number);
        if (scoped.customerSites.length === 0) throw notFound('customer');
      } else if ('unit' in s) {
        const id = read(request, s.unit);
        if (id === undefined) continue;
        const site = await opts.siteOfUnit(id as number);
        if (site === null || !caller.siteIds.includes(site)) throw notFound('unit');
      } else if ('current' in s) {
        if (scoped.currentSite === null && s.none !== 'pass') {
          throw s.none.status === 400 ? badRequest(s.none.message) : new ApiError(404, s.none.message);
        }
      }
      // `row` scopes are enforced by the repository's query (see the type).
    }
    request.scoped = scoped;
  });
}, { name: 'access', dependencies: ['auth'] });

/** What the access checks found for this call (they have run: the route declares the scope). */
export function scopedOf(request: { scoped: Scoped | null }): Scoped {
  if (!request.scoped) throw new Error('scopedOf: the route declares no scope');
  return request.scoped;
}

/** The session's current site, for a route whose rule declares `{ current: 'site', none: <error> }`. */
export function currentSiteOf(request: { scoped: Scoped | null }): number {
  const site = scopedOf(request).currentSite;
  if (site === null) throw new Error('currentSiteOf: the route lets a session without a site through');
  return site;
}
