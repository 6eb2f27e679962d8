import {
  REPORT_FORMATS, REPORT_METRICS, type ReportResult, type RunReportBody, serviceCatalogueAnswerSchema, serviceGenAnswerSchema,
  serviceGenBodySchema, serviceResultAnswerSchema, serviceRunReportBodySchema,
} from '@fleet/shared';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { badRequest, tokenError } from '../../lib/errors.ts';
import { hashSecret, newSecret } from '../../lib/tokens.ts';
import { catalogueFor } from './catalogue.ts';

/** The service_tokens row of the generic reporting service. */
export const REPORTING_TOKEN_NAME = 'reporting';

/**
 * The reporting service's token (docs/decisions.md, issue 14): REPORTING_TOKEN when set (its hash
 * replaces the stored one); otherwise the stored hash, or, on the first start, a new token whose
 * hash is stored and which is handed to `print` once (standard output, never the log).
 */
export async function ensureReportingToken(pool: pg.Pool, configured: string | undefined, print: (line: string) => void): Promise<void> {
  if (configured) {
    await pool.query(
      `INSERT INTO service_tokens (name, token_hash) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET token_hash = excluded.token_hash`,
      [REPORTING_TOKEN_NAME, hashSecret(configured)]);
    return;
  }
  const token = newSecret();
  const r = await pool.query('INSERT INTO service_tokens (name, token_hash) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [REPORTING_TOKEN_NAME, hashSecret(token)]);
  if ((r.rowCount ?? 0) > 0) {
    print(`The generic reporting service's token (shown this once; set REPORTING_TOKEN to choose your own): ${token}`);
  }
}

async function tokenMatches(pool: pg.Pool, token: string): Promise<boolean> {
  const r = await pool.query<{ token_hash: string }>('SELECT token_hash FROM service_tokens WHERE name = $1', [REPORTING_TOKEN_NAME]);
  const stored = r.rows[0]?.token_hash;
  if (!stored) return false;
  const a = Buffer.from(hashSecret(token));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Picks the columns asked for (empty: all); an unknown one is a 400 naming the ones there are. */
export function pickFields(result: ReportResult, fields: string[]) {
  if (fields.length === 0) return { columns: result.columns, rows: result.rows, totals: result.totals };
  const known = new Set(result.columns.map((c) => c.key));
  const unknown = fields.filter((f) => !known.has(f));
  if (unknown.length > 0) throw badRequest(`Unknown field ${unknown.map((f) => `'${f}'`).join(', ')}: the ${result.title} has ${[...known].join(', ')}.`);
  const pick = (row: Record<string, string | number | null>) => Object.fromEntries(fields.map((f) => [f, row[f] ?? null]));
  return { columns: fields.map((f) => result.columns.find((c) => c.key === f)!), rows: result.rows.map(pick), totals: result.totals ? pick(result.totals) : null };
}

/**
 * The generic reporting service (spec 7) on /reporting/v1/: other systems ask for the same
 * reports as the reporting page, synchronously, as JSON. One installation-wide token (Bearer, or
 * `token` in the query, which the log redacts) instead of a session; any site may be named.
 */
export const reportingServiceRoutes: FastifyPluginAsyncZod<{
  pool: pg.Pool;
  produce: (siteId: number, body: RunReportBody) => Promise<ReportResult>;
}> = async (app, { pool, produce }) => {
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const fromHeader = typeof header === 'string' && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : undefined;
    const q = request.query as Record<string, unknown> | undefined;
    const token = fromHeader ?? (typeof q?.token === 'string' ? q.token : undefined);
    if (!token) throw tokenError('The reporting service needs its token: send Authorization: Bearer <token>.');
    if (!(await tokenMatches(pool, token))) throw tokenError('The reporting service token is wrong.');
  });

  const tag = { tags: ['reporting service'] };
  app.post('/jsonconfig', {
    schema: { ...tag, summary: 'The catalogue: report kinds, groupings, options and formats', response: { 200: serviceCatalogueAnswerSchema } },
  }, async () => ({ ok: 1 as const, kinds: catalogueFor(true), metrics: [...REPORT_METRICS], formats: [...REPORT_FORMATS] }));

  app.post('/runreport', {
    schema: { ...tag, summary: "A report of a site as JSON (synchronous; the reporting page's runreport body plus siteid)", body: serviceRunReportBodySchema, response: { 200: serviceResultAnswerSchema } },
  }, async (request) => {
    const { siteid, ...body } = request.body;
    return { ok: 1 as const, result: await produce(siteid, body) };
  });

  app.post('/gen', {
    schema: { ...tag, summary: 'A report kind (call) with its params, answering only the fields asked for', body: serviceGenBodySchema, response: { 200: serviceGenAnswerSchema } },
  }, async (request) => {
    const { call, params, fields } = request.body;
    const result = await produce(params.siteid, { what: call, metric: params.metric, src: params.src, record: params.record });
    return { ok: 1 as const, ...pickFields(result, fields) };
  });
};
