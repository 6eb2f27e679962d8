import {
  canChange, checkCommand, COMMAND_STATUSES, commandProtocolOf, type CommandStatus, isAdmin, isViewer, NOT_ADMIN_COMMAND_TEXT,
} from '@fleet/shared';
import type { Caller } from '../../lib/caller.ts';
import { ApiError, badRequest, forbidden } from '../../lib/errors.ts';
import { VIEWER_TEXT } from '../../plugins/access.ts';
import type { MailService } from '../mail/index.ts';
import type { DeviceLink } from '../units/index.ts';
import type { CommandsRepository } from './commands.repository.ts';

/**
 * Sending commands to devices and their history. Every command is kept in command_log, the ones
 * refused before sending (who may not, malformed, forbidden) and the ones that got no answer too.
 */
export function commandsService(deps: {
  repo: CommandsRepository; devices: Pick<DeviceLink, 'send'>; mail: MailService; timeoutMs: number;
}) {
  const { repo, devices } = deps;
  const seconds = Math.round(deps.timeoutMs / 1000);
  const why: Record<'offline' | 'busy' | 'timeout', ApiError> = {
    offline: new ApiError(409, 'The device is offline: it has no open connection to the server.'),
    busy: new ApiError(409, 'The device is answering another command; try again in a moment.'),
    timeout: new ApiError(504, `The device did not answer within ${seconds} second${seconds === 1 ? '' : 's'}.`),
  };

  async function refuse(caller: Caller, unitId: number, command: string, status: CommandStatus, error: ApiError): Promise<never> {
    await repo.log({ unitId, userId: caller.user.id, command, status, response: error.message });
    throw error;
  }

  /** The refusal for a caller who may not send `changes`-kind commands at all, or this one; null when allowed. */
  function refusalOf(caller: Caller, changes: boolean): ApiError | null {
    const usertype = caller.user.usertype;
    if (isViewer(usertype)) return forbidden(VIEWER_TEXT);
    if (!canChange(usertype)) return forbidden('Only an operator or an administrator may send commands.');
    if (changes && !isAdmin(usertype)) return forbidden(NOT_ADMIN_COMMAND_TEXT);
    return null;
  }

  /** Sends `command` to the unit and answers the device's reply; refusals are logged, then thrown. */
  async function send(caller: Caller, unitId: number, command: string): Promise<string> {
    const role = refusalOf(caller, false);
    if (role) return refuse(caller, unitId, command, 'refused', role);
    const check = checkCommand(command, commandProtocolOf(await repo.protocolOf(unitId)));
    if (!check.ok) return refuse(caller, unitId, command, 'invalid', badRequest(check.message));
    const admin = refusalOf(caller, check.changes);
    if (admin) return refuse(caller, unitId, command, 'refused', admin);
    let reply: string;
    try {
      reply = await devices.send(unitId, command, deps.timeoutMs);
    } catch (err) {
      const reason = err instanceof Error ? err.message : '';
      if (reason === 'offline' || reason === 'busy' || reason === 'timeout') return refuse(caller, unitId, command, reason, why[reason]);
      await repo.log({ unitId, userId: caller.user.id, command, status: 'failed', response: reason || 'failed' });
      throw err;
    }
    await repo.log({ unitId, userId: caller.user.id, command, status: 'answered', response: reply });
    return reply;
  }

  return {
    send,

    /**
     * An output command; with `notify` ('1' or the caller's own address) the answer is mailed to the
     * caller's own address too. Any other address is refused before anything is sent.
     */
    async sendIo(caller: Caller, unitId: number, command: string, notify: string | undefined): Promise<string> {
      const email = caller.user.email ?? '';
      const wanted = notify !== undefined && notify !== '0';
      if (wanted && notify !== '1' && notify.toLowerCase() !== email.toLowerCase()) {
        throw badRequest('notifyemail may only be 1 or your own address.');
      }
      const reply = await send(caller, unitId, command);
      if (wanted && email) {
        await deps.mail.send({
          brandId: null, userId: caller.user.id, to: email, from: 'Fleet <no-reply@fleet.local>',
          subject: `Device command answered: ${command}`,
          text: `Unit ${unitId} answered the command "${command}":\n\n${reply}\n`,
        });
      }
      return reply;
    },

    /** A page of the unit's command history, newest first. */
    async history(unitId: number, offset: number, limit: number) {
      const { total, rows } = await repo.history(unitId, offset, limit);
      return {
        total,
        entries: rows.map((r) => {
          const status = toStatus(r.status);
          return {
            id: r.id, time: r.created_at.toISOString(), who: r.who, command: r.command, status,
            reply: status === 'answered' ? r.response : null,
            reason: status === 'answered' ? null : (r.response ?? defaultReason(status)),
          };
        }),
      };
    },
  };
}
export type CommandsService = ReturnType<typeof commandsService>;

/** Rows written before the statuses were fixed (or by hand) read as failed. */
function toStatus(stored: string): CommandStatus {
  return (COMMAND_STATUSES as readonly string[]).includes(stored) ? (stored as CommandStatus) : 'failed';
}

/** Earlier rows kept no reason: say what the status means. */
function defaultReason(status: CommandStatus): string {
  const words: Record<CommandStatus, string> = {
    answered: '', offline: 'The device was offline.', busy: 'The device was answering another command.',
    timeout: 'The device did not answer in time.', refused: 'Not allowed.', invalid: 'Not a valid command.', failed: 'The command could not be sent.',
  };
  return words[status];
}
