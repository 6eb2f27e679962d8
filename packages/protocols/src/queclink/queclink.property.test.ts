import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { decodeQueclink } from './decode.ts';
import { FRAMES } from './fixtures.ts';
import { QueclinkFramer } from './framer.ts';
import { queclinkHeartbeatRecord, queclinkRecords } from './records.ts';

const samples = Object.values(FRAMES);

/** Decodes and turns into records; anything but a ProtocolError escaping is a crash. */
function consume(text: string): void {
  try {
    const m = decodeQueclink(text);
    if (m.kind === 'report') queclinkRecords(m);
    if (m.kind === 'heartbeat') queclinkHeartbeatRecord(m);
  } catch (err) {
    if (!(err instanceof ProtocolError)) throw err;
    expect(err.message.length).toBeGreaterThan(0);
  }
}

const mutation = fc.tuple(fc.constantFrom(...samples), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 5 }), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 6 }))
  .map(([text, edits]) => {
    let s: string = text;
    for (const [pos, kind, str] of edits) {
      const i = pos % (s.length + 1);
      if (kind === 0) s = s.slice(0, i) + s.slice(i + 1);
      else if (kind === 1) s = s.slice(0, i) + str + s.slice(i);
      else if (kind === 2) s = s.slice(0, i) + ',' + s.slice(i);
      else if (kind === 3) s = s.slice(0, i) + String.fromCharCode(32 + (pos % 95)) + s.slice(i + 1);
      else if (kind === 4) s = s.slice(0, i);
      else s = s.replace(/,[^,]*,/, ',,');
    }
    return s;
  });

describe('Queclink decoder under damaged input', () => {
  it('random text: a ProtocolError or a message, never a crash', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => consume(s)), { numRuns: 3000 });
  });

  it('random field lists after a real header: never a crash', () => {
    const head = fc.constantFrom('+RESP:GTFRI,060100,135790246811220', '+BUFF:GTIGN,270302,867162025085234', '+RESP:GTSOS,060100,135790246811220', '+ACK:GTHBD,060100,135790246811220', '+RESP:GTFRI,1F0101,135790246811220');
    const field = fc.oneof(fc.constant(''), fc.stringMatching(/^-?\d{1,5}(\.\d{1,6})?$/), fc.stringMatching(/^[0-9A-F]{1,8}$/), fc.constant('20090214013254'), fc.string({ maxLength: 6 }));
    fc.assert(fc.property(head, fc.array(field, { maxLength: 60 }), (h, fields) => consume(`${h},${fields.join(',')}$`)), { numRuns: 3000 });
  });

  it('mutated real frames: never a crash', () => {
    fc.assert(fc.property(mutation, (s) => consume(s)), { numRuns: 5000 });
  });

  it('the framer on random bytes either frames or refuses, and holds at most its limit', () => {
    fc.assert(fc.property(fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 10 }), (chunks) => {
      const f = new QueclinkFramer(256);
      try {
        for (const c of chunks) for (const msg of f.push(Buffer.from(c))) consume(msg.toString('latin1'));
        expect(f.buffered).toBeLessThanOrEqual(256);
      } catch (err) {
        if (!(err instanceof ProtocolError)) throw err;
      }
    }), { numRuns: 1000 });
  });
});
