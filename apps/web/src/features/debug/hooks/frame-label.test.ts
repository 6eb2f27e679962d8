import { describe, expect, it } from 'vitest';
import { frameLabel } from './frame-label.ts';

describe('frameLabel', () => {
  it.each([
    // GT06 (apps/server/src/ingest/gt06-connection.ts)
    ['gt06 0x21 commandReply', 'GT06 · command reply (0x21)'],
    ['gt06 0x01 login', 'GT06 · login (0x01)'],
    ['gt06 0x13 heartbeat', 'GT06 · heartbeat (0x13)'],
    ['gt06 0x22 location', 'GT06 · location (0x22)'],
    ['gt06 0xa0 location', 'GT06 · location (0xA0)'],
    ['gt06 0x28 lbs', 'GT06 · cell towers (LBS) (0x28)'],
    ['gt06 0x8a timeRequest', 'GT06 · time request (0x8A)'],
    ['gt06 0x80 command', 'GT06 · command (0x80)'],
    ['gt06 reply', 'GT06 · reply'],
    ['gt06 time', 'GT06 · time reply'],
    ['gt06 discarded', 'GT06 · discarded (not decoded)'],
    // Queclink (queclink-message.ts, queclink-connection.ts)
    ['+RESP:GTFRI', 'Queclink · report (+RESP:GTFRI)'],
    ['+BUFF:GTIGN', 'Queclink · report from memory (+BUFF:GTIGN)'],
    ['udp +RESP:GTSOS', 'Queclink UDP · report (+RESP:GTSOS)'],
    ['+ACK:GTHBD', 'Queclink · heartbeat (+ACK:GTHBD)'],
    ['+ACK:GTRTO', 'Queclink · command reply (+ACK:GTRTO)'],
    ['sack', 'Queclink · server ack (+SACK)'],
    ['command', 'Queclink · command'],
    ['refused', 'Queclink · refused (not decoded)'],
    // Other protocols' kinds are their own names already.
    ['codec12', 'codec12'],
    ['avl codec 0x8e', 'avl codec 0x8e'],
    ['osmand', 'osmand'],
    ['udp ack', 'udp ack'],
    ['gt06 0x1 login', 'gt06 0x1 login'],
  ])('%s → %s', (kind, label) => {
    expect(frameLabel(kind)).toBe(label);
  });
});
