import { commandAnswerSchema } from '@fleet/shared/units/units.schema';
import { commandLogAnswerSchema } from '@fleet/shared/commands/commands.schema';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/api.ts';

/** The command panel's cache keys (any page that mounts the panel shares them). */
export const commandKeys = {
  all: (uid: number) => ['commandlog', uid] as const,
  log: (uid: number, offset: number, limit: number) => ['commandlog', uid, offset, limit] as const,
};

export const COMMAND_LOG_PAGE = 10;

/** commandlog?uid&offset&limit: a page of the unit's command history, newest first. */
export const commandLogQuery = (uid: number, offset: number, limit = COMMAND_LOG_PAGE) =>
  queryOptions({
    queryKey: commandKeys.log(uid, offset, limit),
    queryFn: ({ signal }) => api.get('commandlog', commandLogAnswerSchema, { uid, offset, limit }, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export interface CommandToSend {
  cmd: string;
  /** An output command: sendiocommand, with the answer mailed to the caller when `notify`. */
  io: boolean;
  notify: boolean;
}

/**
 * Sends a command and waits for the device's answer (the server waits up to 20 s); the history is
 * read again afterwards, answered or refused (a refusal is logged too).
 */
export function useSendCommand(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cmd, io, notify }: CommandToSend) =>
      (io
        ? api.get('sendiocommand', commandAnswerSchema, { uid, cmd, ...(notify ? { notifyemail: '1' } : {}) })
        : api.get('sendfmscommand', commandAnswerSchema, { uid, cmd, cmddesc: 'commands panel' })
      ).then((a) => a.reply),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commandKeys.all(uid) }),
  });
}
