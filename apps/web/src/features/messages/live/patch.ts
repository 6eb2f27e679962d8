import type { Message, MessagesReadEvent } from '@fleet/shared';
import type { Conversations } from '../api/messages-api.ts';

/** Which side of a conversation this browser is on: the office (a user session) or the cab (a driver session). */
export type Side = 'office' | 'cab';

/** A thread with a new or re-sent message in id order (a message already held is replaced, never doubled). */
export function withMessage(thread: Message[] | undefined, m: Message): Message[] | undefined {
  if (!thread) return thread;
  const at = thread.findIndex((x) => x.id === m.id);
  if (at >= 0) return thread.map((x, i) => (i === at ? { ...m, read: m.read ?? x.read } : x));
  const next = [...thread, m];
  return thread.length > 0 && (thread.at(-1) as Message).id > m.id ? next.sort((a, b) => a.id - b.id) : next;
}

/** A thread with one side's messages up to `upto` marked read. */
export function withRead(thread: Message[] | undefined, e: MessagesReadEvent): Message[] | undefined {
  if (!thread) return thread;
  let changed = false;
  const next = thread.map((m) => {
    if (m.fromcab !== e.fromcab || m.id > e.upto || m.read) return m;
    changed = true;
    return { ...m, read: e.read };
  });
  return changed ? next : thread;
}

const total = (units: Conversations['units']) => units.reduce((n, u) => n + u.unread, 0);

/**
 * The conversations after a new message: its vehicle first, its time the last, one more unread
 * when the other side wrote it. Null when the vehicle is not listed yet (ask the server again).
 */
export function conversationsWithMessage(conv: Conversations, m: Message, side: Side): Conversations | null {
  const unit = conv.units.find((u) => u.uid === m.uid);
  if (!unit) return null;
  const fromOther = m.fromcab === (side === 'office');
  const moved = { ...unit, last: m.sent, unread: unit.unread + (fromOther ? 1 : 0) };
  const units = [moved, ...conv.units.filter((u) => u.uid !== m.uid)];
  return { total: total(units), units };
}

/** The conversations after a read: when this side read the other side's messages (here or elsewhere), none is unread. */
export function conversationsWithRead(conv: Conversations, e: MessagesReadEvent, side: Side): Conversations {
  const readByThisSide = e.fromcab === (side === 'office');
  if (!readByThisSide) return conv;
  const units = conv.units.map((u) => (u.uid === e.uid && u.unread > 0 ? { ...u, unread: 0 } : u));
  return { total: total(units), units };
}
