import type { Message } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { messageTime, newMessageKey } from '../hooks/message-time.ts';
import { conversationsWithMessage, conversationsWithRead, withMessage, withRead } from './patch.ts';

const msg = (id: number, over: Partial<Message> = {}): Message => ({
  id, uid: 7, fromcab: true, author: 'Dan', text: `m${id}`, sent: `2026-11-24T08:0${id % 10}:00.000Z`, read: null, mine: false, ...over,
});

describe('thread patches', () => {
  it('adds a message once, in id order, and keeps a read time it already had', () => {
    const t = [msg(1), msg(3)];
    expect(withMessage(t, msg(4))?.map((m) => m.id)).toEqual([1, 3, 4]);
    expect(withMessage(t, msg(2))?.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(withMessage(t, msg(3))).toHaveLength(2);
    const read = [msg(1, { read: '2026-11-24T09:00:00Z' })];
    expect(withMessage(read, msg(1))?.[0]?.read).toBe('2026-11-24T09:00:00Z');
    expect(withMessage(undefined, msg(1))).toBeUndefined();
  });

  it("marks only the named side's messages up to upto read", () => {
    const t = [msg(1), msg(2, { fromcab: false }), msg(3), msg(4)];
    const next = withRead(t, { uid: 7, upto: 3, fromcab: true, read: 'R' });
    expect(next?.map((m) => m.read)).toEqual(['R', null, 'R', null]);
    expect(withRead(next, { uid: 7, upto: 3, fromcab: true, read: 'S' })).toBe(next);
  });
});

describe('conversation patches', () => {
  const conv = { total: 2, units: [{ uid: 5, registration: 'A', unread: 2, last: 'x' }, { uid: 7, registration: 'B', unread: 0, last: 'y' }] };

  it("counts the other side's new message and moves its vehicle first", () => {
    const next = conversationsWithMessage(conv, msg(9), 'office');
    expect(next?.units.map((u) => [u.uid, u.unread])).toEqual([[7, 1], [5, 2]]);
    expect(next?.total).toBe(3);
    expect(conversationsWithMessage(conv, msg(9, { fromcab: false, mine: true }), 'office')?.total).toBe(2);
    expect(conversationsWithMessage(conv, msg(9, { fromcab: false }), 'cab')?.total).toBe(3);
    expect(conversationsWithMessage(conv, msg(9, { uid: 99 }), 'office')).toBeNull();
  });

  it('clears a vehicle when this side read it, not when the other side did', () => {
    expect(conversationsWithRead(conv, { uid: 5, upto: 1, fromcab: true, read: 'R' }, 'office').total).toBe(0);
    expect(conversationsWithRead(conv, { uid: 5, upto: 1, fromcab: false, read: 'R' }, 'office')).toBe(conv);
    expect(conversationsWithRead(conv, { uid: 5, upto: 1, fromcab: false, read: 'R' }, 'cab').total).toBe(0);
  });
});

describe('message time and key', () => {
  it("shows HH:mm today and the date before, in the site's zone", () => {
    const now = new Date('2026-07-01T22:30:00Z'); // 23:30 in London (BST)
    expect(messageTime('2026-07-01T22:05:00Z', now)).toBe('23:05');
    expect(messageTime('2026-07-01T23:05:00Z', now)).toBe('2 Jul 2026'); // already tomorrow in London
    expect(messageTime('2026-06-30T10:00:00Z', now)).toBe('30 Jun 2026');
    expect(messageTime('nonsense', now)).toBe('');
  });

  it('makes version 4 uuids', () => {
    const a = newMessageKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newMessageKey()).not.toBe(a);
  });
});
