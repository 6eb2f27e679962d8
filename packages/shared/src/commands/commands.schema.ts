import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { id, int } from '../api/primitives.ts';

/**
 * What became of a command (command_log.status): answered; the device offline, busy with another
 * command or silent past the time limit; refused before sending because the caller may not send it
 * (refused) or it is malformed or forbidden (invalid); failed for anything else.
 */
export const COMMAND_STATUSES = ['answered', 'offline', 'busy', 'timeout', 'refused', 'invalid', 'failed'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

export const COMMAND_LOG_PAGE_MAX = 100;

/** commandlog?uid[&offset&limit]: a unit's command history, newest first. */
export const commandLogQuerySchema = z.strictObject({
  uid: id,
  offset: int(0, 1_000_000).optional(),
  limit: int(1, COMMAND_LOG_PAGE_MAX).optional(),
});

export const commandLogEntrySchema = z.object({
  id: z.number(),
  /** When it was sent (or refused), ISO 8601. */
  time: z.string(),
  /** Who sent it: the user's name, null when the account is gone. */
  who: z.string().nullable(),
  command: z.string(),
  status: z.enum(COMMAND_STATUSES),
  /** The device's reply (answered), else null. */
  reply: z.string().nullable(),
  /** Why there is no reply, in words (every other status), else null. */
  reason: z.string().nullable(),
});
export type CommandLogEntry = z.infer<typeof commandLogEntrySchema>;

export const commandLogAnswerSchema = success({
  total: z.number(),
  offset: z.number(),
  entries: z.array(commandLogEntrySchema),
});
