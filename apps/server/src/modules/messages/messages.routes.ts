import {
  type Message, messagesAnswerSchema, messagesQuerySchema, type MessagesReadEvent, plainSuccessSchema, postNewMessageAnswerSchema,
  postNewMessageBodySchema, readMessagesBodySchema, unreadMessagesAnswerSchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Caller, callerOf } from '../../lib/caller.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { scopedOf } from '../../plugins/access.ts';
import type { MessageRow, MessagesRepository } from './messages.repository.ts';

const tag = { tags: ['messages'] };
const vehicleRow = { row: 'conversation', field: 'query.uid', within: 'caller sites', missing: 'vehicle' } as const;
const vehicleRowBody = { ...vehicleRow, field: 'body.uid' } as const;
const DRIVER_NOTE = 'A driver-mode session: only its assigned vehicle\'s conversation (none assigned: 400 "Pick your vehicle first.").';

/** Where a new message or a read goes live: the office's site room and the cab sockets of the vehicle's drivers. */
export interface MessagesLive {
  /** `office` and `cab` are the same message as each side sees it (its `mine`). */
  messageNew(siteId: number, cabSessions: number[], message: { office: Message; cab: Message }): void;
  messagesRead(siteId: number, cabSessions: number[], event: MessagesReadEvent): void;
}

/** A stored message as one side sees it. */
export function messageOut(row: MessageRow, side: 'cab' | 'office'): Message {
  return {
    id: row.id, uid: row.unit_id, fromcab: row.from_cab, author: row.author, text: row.body,
    sent: row.created_at.toISOString(), read: row.read_at ? row.read_at.toISOString() : null, mine: row.from_cab === (side === 'cab'),
  };
}

/**
 * The conversation of a vehicle with the office (spec: msg). Office users reach every vehicle of
 * their sites; a driver-mode session only the vehicle it is assigned to now.
 */
export const messagesRoutes: FastifyPluginAsyncZod<{ repo: MessagesRepository; live: MessagesLive }> = async (app, { repo, live }) => {
  /** Which side the caller is on; refuses a vehicle the caller may not talk about. */
  async function sideFor(caller: Caller, siteId: number, unitId: number): Promise<'cab' | 'office'> {
    let side: 'cab' | 'office' = 'office';
    if (caller.session.kind === 'driver') {
      const assigned = await repo.assignedUnit(caller.session.id);
      if (assigned === null) throw badRequest('Pick your vehicle first.');
      if (assigned !== unitId) throw notFound('vehicle');
      side = 'cab';
    }
    if (!(await repo.vehicleOnSite(siteId, unitId))) throw notFound('vehicle');
    return side;
  }

  app.get('/messages', {
    schema: { ...tag, summary: "A vehicle's conversation with the office (100 messages, oldest first)", querystring: messagesQuerySchema, response: { 200: messagesAnswerSchema } },
    config: { access: { who: 'session', alsoDriver: true, scope: [{ site: 'query.siteid' }, vehicleRow], note: DRIVER_NOTE } },
  }, async (request) => {
    const { siteid, uid, before } = request.query;
    const side = await sideFor(callerOf(request), siteid, uid);
    const rows = await repo.list(siteid, uid, before);
    return { ok: 1 as const, messages: rows.map((r) => messageOut(r, side)) };
  });

  app.post('/postnewmessage', {
    schema: { ...tag, summary: "Send a message to a vehicle's conversation (idempotent with a key)", body: postNewMessageBodySchema, response: { 200: postNewMessageAnswerSchema } },
    config: { access: { who: 'operator', alsoDriver: true, scope: [{ site: 'body.siteid' }, vehicleRowBody], note: DRIVER_NOTE } },
  }, async (request) => {
    const caller = callerOf(request);
    const { siteid, uid, msg, key } = request.body;
    const side = await sideFor(caller, siteid, uid);
    const { row, duplicate } = await repo.post({
      siteId: siteid, unitId: uid, fromCab: side === 'cab', body: msg, key: key ?? null,
      userId: side === 'office' ? caller.user.id : null, driverId: side === 'cab' ? caller.session.driverId : null,
    });
    if (!duplicate) live.messageNew(siteid, await repo.cabSessionsOf(uid), { office: messageOut(row, 'office'), cab: messageOut(row, 'cab') });
    return { ok: 1 as const, message: messageOut(row, side) };
  });

  app.post('/readmessages', {
    schema: { ...tag, summary: "Mark the other side's messages of a vehicle's conversation read", body: readMessagesBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'session', self: true, alsoDriver: true, scope: [{ site: 'body.siteid' }, vehicleRowBody], note: DRIVER_NOTE } },
  }, async (request) => {
    const { siteid, uid } = request.body;
    const side = await sideFor(callerOf(request), siteid, uid);
    // The office reads the cab's messages, the cab the office's.
    const fromcab = side === 'office';
    const marked = await repo.markRead(siteid, uid, fromcab);
    if (marked) live.messagesRead(siteid, await repo.cabSessionsOf(uid), { uid, upto: marked.upto, fromcab, read: marked.at.toISOString() });
    return { ok: 1 as const };
  });

  app.get('/unreadmessages', {
    schema: { ...tag, summary: "The current site's conversations with their unread counts (a driver: their vehicle's)", response: { 200: unreadMessagesAnswerSchema } },
    config: { access: { who: 'session', alsoDriver: true, scope: [{ current: 'site', none: 'pass' }], note: 'A driver-mode session: its assigned vehicle only (none: nothing).' } },
  }, async (request) => {
    const caller = callerOf(request);
    const site = scopedOf(request).currentSite;
    if (site === null) return { ok: 1 as const, total: 0, units: [] };
    let rows;
    if (caller.session.kind === 'driver') {
      const unit = await repo.assignedUnit(caller.session.id);
      rows = unit === null ? [] : await repo.conversations(site, false, unit);
    } else {
      rows = await repo.conversations(site, true);
    }
    const units = rows.map((r) => ({ uid: r.uid, registration: r.registration, unread: r.unread, last: r.last.toISOString() }));
    return { ok: 1 as const, total: units.reduce((n, u) => n + u.unread, 0), units };
  });
};
