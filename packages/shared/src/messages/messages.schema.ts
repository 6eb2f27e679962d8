import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { id } from '../api/primitives.ts';

/** The longest message, in characters (spec: a message is short text typed in the cab or the office). */
export const MESSAGE_MAX = 2000;

/**
 * Control characters a message may not hold: every C0 character but tab and line feed, and DEL.
 * A carriage return is refused too; the web sends line feeds only.
 */
// eslint-disable-next-line no-control-regex -- the pattern names the control characters it refuses
const MESSAGE_TEXT = /^[^\u0000-\u0008\u000b-\u001f\u007f]*$/;

/** The text of a message: trimmed, 1 … 2,000 characters, plain text (stored as written, never markup). */
export const messageText = z
  .string()
  .trim()
  .min(1, 'Write a message first.')
  .max(MESSAGE_MAX, `A message is at most ${MESSAGE_MAX.toLocaleString('en-GB')} characters.`)
  .regex(MESSAGE_TEXT, 'must not contain control characters');

/** An idempotency key: a version 4 uuid made by the sender. */
export const messageKey = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i, 'must be a version 4 uuid');

/** messages?siteid&uid[&before]: a vehicle's conversation, the 100 messages before `before` (a message id). */
export const messagesQuerySchema = z.strictObject({ siteid: id, uid: id, before: id.optional() });

/**
 * One message. `fromcab`: a driver wrote it in the cab (else the office). `mine`: written by the
 * caller's side of the conversation (the cab for a driver-mode session, the office for a user).
 * `read`: when the other side read it (null: not yet).
 */
export const messageSchema = z.object({
  id: z.number(),
  uid: z.number(),
  fromcab: z.boolean(),
  author: z.string(),
  text: z.string(),
  sent: z.string(),
  read: z.string().nullable(),
  mine: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagesAnswerSchema = success({ messages: z.array(messageSchema) });

/** postnewmessage: a message to a vehicle's conversation; the same key again answers the first message. */
export const postNewMessageBodySchema = z.strictObject({ siteid: id, uid: id, msg: messageText, key: messageKey.optional() });
export const postNewMessageAnswerSchema = success({ message: messageSchema });

/** readmessages: the caller has read the other side's messages of a vehicle's conversation. */
export const readMessagesBodySchema = z.strictObject({ siteid: id, uid: id });

/** unreadmessages: the conversations of the current site (for a driver: their vehicle's), newest first. */
export const unreadMessagesAnswerSchema = success({
  total: z.number(),
  units: z.array(z.object({ uid: z.number(), registration: z.string(), unread: z.number(), last: z.string() })),
});
export type UnreadMessages = z.infer<typeof unreadMessagesAnswerSchema>;

/** Socket 'messages:read': the messages of one side (`fromcab`) of a vehicle's conversation up to id `upto` were read at `read`. */
export interface MessagesReadEvent {
  uid: number;
  upto: number;
  fromcab: boolean;
  read: string;
}
