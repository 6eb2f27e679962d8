import { commandAnswerSchema, commandLogAnswerSchema, commandLogQuerySchema, fmsCommandQuerySchema, ioCommandQuerySchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import type { AccessRule } from '../../plugins/access.ts';
import type { CommandsService } from './commands.service.ts';

const tag = { tags: ['commands'] };
const NOTE = 'Viewers are refused (403); a command that changes the device is for administrators (403), a malformed or '
  + 'forbidden one is refused (400) before sending; each refusal is kept in the command log.';
/** The unit named by `uid` must be on one of the caller's sites; the handler applies the command rules (GET as the spec names it). */
const sending: AccessRule = { who: 'session', scope: [{ unit: 'query.uid' }], note: NOTE };

export const commandsRoutes: FastifyPluginAsyncZod<{ commands: CommandsService }> = async (app, { commands }) => {
  app.get('/sendfmscommand', {
    schema: { ...tag, summary: 'Send a GPRS command (Codec 12, GT06 0x80, Queclink AT+GT…) to a device and wait for its reply', querystring: fmsCommandQuerySchema, response: { 200: commandAnswerSchema } },
    config: { access: sending },
  }, async (request) => ({ ok: 1 as const, reply: await commands.send(callerOf(request), request.query.uid, request.query.cmd) }));

  app.get('/sendiocommand', {
    schema: { ...tag, summary: "Send an output (IO) command to a device and wait for its reply; notifyemail (1 or the caller's own address) mails the answer to the caller", querystring: ioCommandQuerySchema, response: { 200: commandAnswerSchema } },
    config: { access: sending },
  }, async (request) => {
    const { uid, cmd, notifyemail } = request.query;
    return { ok: 1 as const, reply: await commands.sendIo(callerOf(request), uid, cmd, notifyemail) };
  });

  app.get('/commandlog', {
    schema: { ...tag, summary: "A unit's command history, newest first: when, who, the command, what became of it, the reply", querystring: commandLogQuerySchema, response: { 200: commandLogAnswerSchema } },
    config: { access: { who: 'session', scope: [{ unit: 'query.uid' }] } },
  }, async (request) => {
    const { uid, offset = 0, limit = 20 } = request.query;
    return { ok: 1 as const, offset, ...(await commands.history(uid, offset, limit)) };
  });
};
