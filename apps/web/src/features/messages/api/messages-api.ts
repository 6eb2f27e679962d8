import {
  type Message, messagesAnswerSchema, plainSuccessSchema, postNewMessageAnswerSchema, postNewMessageBodySchema, readMessagesBodySchema,
  type UnreadMessages, unreadMessagesAnswerSchema,
} from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

export type Conversations = Omit<UnreadMessages, 'ok'>;

/** Cache keys of the messages feature: the session's conversations and each vehicle's thread. */
export const messageKeys = {
  all: () => ['messages'] as const,
  unread: (token: string) => ['messages', 'unread', token] as const,
  thread: (siteId: number, uid: number) => ['messages', 'thread', siteId, uid] as const,
};

/** The conversations of the current site (a driver: their vehicle's) with unread counts; kept live by the socket. */
export const unreadQuery = (token: string) =>
  queryOptions({
    queryKey: messageKeys.unread(token),
    queryFn: ({ signal }): Promise<Conversations> =>
      api.get('unreadmessages', unreadMessagesAnswerSchema, undefined, signal).then(({ total, units }) => ({ total, units })),
    staleTime: 60_000,
  });

/** A vehicle's last 100 messages, oldest first; kept live by the socket. */
export const threadQuery = (siteId: number, uid: number) =>
  queryOptions({
    queryKey: messageKeys.thread(siteId, uid),
    queryFn: ({ signal }): Promise<Message[]> =>
      api.get('messages', messagesAnswerSchema, { siteid: siteId, uid }, signal).then((a) => a.messages),
    staleTime: 60_000,
  });

/** Sends a message; the key makes a retry after a lost answer store it once. */
export function postMessage(siteId: number, uid: number, msg: string, key: string): Promise<Message> {
  return api
    .post('postnewmessage', postNewMessageAnswerSchema, postNewMessageBodySchema.parse({ siteid: siteId, uid, msg, key }))
    .then((a) => a.message);
}

/** Marks the other side's messages of the vehicle read. */
export function readMessages(siteId: number, uid: number) {
  return api.post('readmessages', plainSuccessSchema, readMessagesBodySchema.parse({ siteid: siteId, uid }));
}
