import {
  cancelDataRequestBodySchema, DATA_REQUEST_MAX_ACTIVE, DATA_REQUEST_MAX_DAYS, type DataRequest, dataRequestAnswerSchema,
  dataRequestBodySchema, dataRequestFileQuerySchema, dataRequestsAnswerSchema, plainSuccessSchema,
} from '@fleet/shared';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { type AccessRule, CURRENT_SITE_REQUIRED, currentSiteOf } from '../../plugins/access.ts';
import type { Actor, AuditRow, DataRequestRow, DataRequestsRepository } from './datarequests.repository.ts';

const tag = { tags: ['datarequests'] };
const ADMIN: AccessRule = { who: 'admin', scope: [CURRENT_SITE_REQUIRED] };
const requestRow = (field: 'query.id' | 'body.id') => ({ row: 'data request', field, within: 'current site', missing: 'data request' } as const);

/** What the routes need of the background runner (jobs/data-request-runner.ts). */
export interface DataRequestJobs {
  /** The runner's name: a request records whose queue it is in (another node's start leaves it alone, issue 17). */
  readonly runnerName: string;
  enqueue(id: number): void;
  cancel(r: DataRequestRow, by: Actor): Promise<boolean>;
  remove(r: DataRequestRow, by: Actor): Promise<boolean>;
  isExpired(r: DataRequestRow): boolean;
  sweep(): Promise<number>;
  fileOf(name: string): string;
}

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

function out(r: DataRequestRow & { audit: AuditRow[] }): DataRequest {
  return {
    id: r.id, from: r.from_day, to: r.to_day, user: r.user_name, status: r.status,
    progress: { done: r.progress_done, total: r.progress_total, text: r.progress_text },
    created: r.created_at.toISOString(), finished: isoOrNull(r.finished_at), expires: isoOrNull(r.expires_at),
    file: r.file_name, bytes: r.bytes, rows: r.row_count, error: r.error,
    audit: r.audit.map((a) => ({ action: a.action, user: a.user_name, ip: a.ip, at: a.at.toISOString(), detail: a.detail })),
  };
}

const NOT_READY: Record<string, string> = {
  queued: 'This data request is still waiting its turn: download it when it is ready.',
  running: 'This data request is still being prepared: download it when it is ready.',
  failed: 'This data request failed, so there is no file: ask for the data again.',
  cancelled: 'This data request was cancelled, so there is no file: ask for the data again.',
};

/**
 * Data requests (issue 14): an administrator asks for all of the current site's data for a range
 * of days (awsdatarequest), follows it (datarequests), downloads the ZIP (datarequestfile) or
 * stops it (canceldatarequest). Every step is written to data_request_audit.
 */
export const dataRequestsRoutes: FastifyPluginAsyncZod<{ repo: DataRequestsRepository; jobs: DataRequestJobs; keepHours: number }> = async (
  app, { repo, jobs, keepHours },
) => {
  const actorOf = (request: Parameters<typeof callerOf>[0] & { ip: string }): Actor => {
    const { user } = callerOf(request);
    return { userId: user.id, userName: user.name, ip: request.ip };
  };

  async function requestOf(siteId: number, id: number): Promise<DataRequestRow> {
    const r = await repo.get(siteId, id);
    if (!r) throw notFound('data request');
    return r;
  }

  app.post('/awsdatarequest', {
    schema: {
      ...tag, summary: `Ask for all of the current site's data (positions, trips, alerts, check lists) for up to ${DATA_REQUEST_MAX_DAYS} site days, as a ZIP of CSV files prepared in the background`,
      body: dataRequestBodySchema, response: { 200: dataRequestAnswerSchema },
    },
    config: { access: { ...ADMIN, note: `At most ${DATA_REQUEST_MAX_ACTIVE} requests of a site waiting or being prepared at once.` } },
  }, async (request) => {
    const siteId = currentSiteOf(request);
    if ((await repo.activeCount(siteId)) >= DATA_REQUEST_MAX_ACTIVE) {
      throw new ApiError(409, `This site already has ${DATA_REQUEST_MAX_ACTIVE} data requests waiting or being prepared: wait for one to finish, or cancel one.`);
    }
    const id = await repo.create(siteId, request.body.from, request.body.to, actorOf(request), jobs.runnerName);
    jobs.enqueue(id);
    return { ok: 1 as const, id };
  });

  app.get('/datarequests', {
    schema: {
      ...tag, summary: "The current site's data requests (newest 50) with their progress, state, size, expiry and audit lines",
      response: { 200: dataRequestsAnswerSchema },
    },
    config: { access: ADMIN },
  }, async (request) => {
    const siteId = currentSiteOf(request);
    // A file past its expiry is shown expired at once, not at the next sweep.
    await jobs.sweep();
    const list = await repo.list(siteId);
    return { ok: 1 as const, requests: list.map(out), maxDays: DATA_REQUEST_MAX_DAYS, keepHours };
  });

  app.get('/datarequestfile', {
    schema: { ...tag, summary: 'Download a ready data request (a ZIP of CSV files); each download is audited with the user and their address', querystring: dataRequestFileQuerySchema },
    config: { access: { ...ADMIN, scope: [CURRENT_SITE_REQUIRED, requestRow('query.id')] } },
  }, async (request, reply) => {
    const r = await requestOf(currentSiteOf(request), request.query.id);
    if (r.status === 'ready' && jobs.isExpired(r)) await jobs.sweep();
    if (r.status === 'expired' || (r.status === 'ready' && jobs.isExpired(r))) {
      throw new ApiError(410, `This file expired${r.expires_at ? ` on ${r.expires_at.toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''} and was deleted: ask for the data again.`);
    }
    if (r.status !== 'ready' || !r.file_name) throw new ApiError(r.status === 'queued' || r.status === 'running' ? 409 : 410, NOT_READY[r.status] ?? 'There is no file.');
    const file = jobs.fileOf(r.file_name);
    const size = await stat(file).then((s) => s.size, () => null);
    if (size === null) throw new ApiError(410, 'The file of this data request is no longer on the server: ask for the data again.');
    await repo.audit(r.id, 'downloaded', actorOf(request), { bytes: size });
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(size))
      .header('content-disposition', `attachment; filename="${r.file_name}"`)
      .header('cache-control', 'no-store')
      .send(createReadStream(file));
  });

  app.post('/canceldatarequest', {
    schema: {
      ...tag, summary: 'Stop a waiting or running data request (its partial file is removed), or delete a ready one before it expires',
      body: cancelDataRequestBodySchema, response: { 200: plainSuccessSchema },
    },
    config: { access: { ...ADMIN, scope: [CURRENT_SITE_REQUIRED, requestRow('body.id')] } },
  }, async (request) => {
    const r = await requestOf(currentSiteOf(request), request.body.id);
    const by = actorOf(request);
    if (r.status === 'ready') {
      if (await jobs.remove(r, by)) return { ok: 1 as const, message: 'The file was deleted.' };
    } else if (r.status === 'queued' || r.status === 'running') {
      if (await jobs.cancel(r, by)) return { ok: 1 as const, message: 'The data request was cancelled.' };
    }
    const now = await repo.get(r.site_id, r.id);
    throw new ApiError(409, `This data request is already ${now?.status ?? r.status}: there is nothing to cancel.`);
  });
};
