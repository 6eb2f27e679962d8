import type { DebugFrameEvent } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import {
  type FrameLogState,
  frameLogReducer,
  initialFrameLog,
  mergeFrames,
  prettyDecoded,
  spacedHex,
  toEntry,
} from './frame-log.ts';

const frame = (second: number, extra: Partial<DebugFrameEvent> = {}): DebugFrameEvent => ({
  uid: 7,
  at: new Date(Date.UTC(2026, 2, 1, 12, 0, second)).toISOString(),
  direction: 'in',
  kind: 'avl',
  hex: `00ff${second.toString(16).padStart(2, '0')}`,
  decoded: { records: 1 },
  ...extra,
});
const seconds = (state: FrameLogState) => state.frames.map((e) => new Date(e.frame.at).getUTCSeconds());
const add = (state: FrameLogState, ...frames: DebugFrameEvent[]) =>
  frameLogReducer(state, { type: 'add', frames });

describe('toEntry', () => {
  it('counts bytes from the hex', () => {
    expect(toEntry(frame(1)).bytes).toBe(3);
    expect(toEntry(frame(1)).truncated).toBe(false);
  });
  it('notices a frame the server cut short', () => {
    const entry = toEntry(frame(1, { hex: `${'ab'.repeat(2048)}…` }));
    expect(entry.bytes).toBe(2048);
    expect(entry.truncated).toBe(true);
  });
  it('reads a text protocol as text: a Queclink report, a SACK, a phone request; a binary frame stays hex', () => {
    const hexOf = (s: string) => Buffer.from(s, 'latin1').toString('hex');
    const report = '+RESP:GTFRI,060100,862894020180561,,12470,10,1,1,0.0,55,45.0,-1.446500,53.805500,20261124105250,0234,0015,10B1,4AB3,00,179577.8,05147:00:00,,,86,110000,,,,20261124105250,007E$';
    expect(toEntry(frame(1, { hex: hexOf(report) })).text).toBe(report);
    expect(toEntry(frame(1, { hex: hexOf('+SACK:007E$') })).text).toBe('+SACK:007E$');
    expect(toEntry(frame(1, { hex: hexOf('GET /?id=phone-1&lat=53.8 HTTP/1.1\r\nHost: x\r\n\r\n') })).text).toMatch(/^GET \/\?id=phone-1/);
    expect(toEntry(frame(1, { hex: '78780d010356209091000007000100010d0a' })).text).toBeNull();
    expect(toEntry(frame(1, { hex: `${hexOf('+RESP:GTFRI,'.repeat(10))}…` })).text).toBe(`${'+RESP:GTFRI,'.repeat(10)}…`);
  });
});

describe('mergeFrames', () => {
  it('keeps the list newest first whatever the arrival order', () => {
    const list = mergeFrames([], [frame(1), frame(3), frame(2)]);
    expect(list.map((e) => e.frame.at)).toEqual([frame(3).at, frame(2).at, frame(1).at]);
  });
  it('drops frames it already has (replay on connect and in the subscribe answer)', () => {
    const once = mergeFrames([], [frame(1), frame(2)]);
    const twice = mergeFrames(once, [frame(1), frame(2), frame(3)]);
    expect(twice).toHaveLength(3);
    expect(mergeFrames(twice, [frame(2)])).toBe(twice);
  });
  it('tells apart frames of the same moment in different directions', () => {
    const list = mergeFrames([], [frame(1), frame(1, { direction: 'out' })]);
    expect(list).toHaveLength(2);
    // On a tie the later arrival is newer.
    expect(list[0]?.frame.direction).toBe('out');
  });
  it('keeps only the newest frames when over the cap', () => {
    const list = mergeFrames(
      [],
      Array.from({ length: 12 }, (_, i) => frame(i)),
      { max: 5 },
    );
    expect(list.map((e) => new Date(e.frame.at).getUTCSeconds())).toEqual([11, 10, 9, 8, 7]);
  });
});

describe('frameLogReducer', () => {
  it('caps the list at 500 frames', () => {
    let state = initialFrameLog;
    for (let i = 0; i < 520; i++) {
      state = add(state, frame(0, { at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString() }));
    }
    expect(state.frames).toHaveLength(500);
    expect(state.frames[0]?.frame.at).toBe(new Date(Date.UTC(2026, 0, 1) + 519_000).toISOString());
  });

  it('holds frames while paused and shows them on resume', () => {
    let state = add(initialFrameLog, frame(1));
    state = frameLogReducer(state, { type: 'pause' });
    state = add(state, frame(2), frame(1), frame(3));
    expect(seconds(state)).toEqual([1]);
    expect(state.held).toHaveLength(2);
    state = frameLogReducer(state, { type: 'resume' });
    expect(seconds(state)).toEqual([3, 2, 1]);
    expect(state.held).toEqual([]);
    expect(state.paused).toBe(false);
  });

  it('clears, and ignores replays of the cleared frames afterwards', () => {
    let state = add(initialFrameLog, frame(1), frame(2));
    state = frameLogReducer(state, { type: 'clear' });
    expect(state.frames).toEqual([]);
    state = add(state, frame(1), frame(2), frame(3));
    expect(seconds(state)).toEqual([3]);
  });

  it('returns the same state when nothing new arrived', () => {
    const state = add(initialFrameLog, frame(1));
    expect(add(state, frame(1))).toBe(state);
  });
});

describe('spacedHex', () => {
  it('splits into bytes', () => expect(spacedHex('000000ff08')).toBe('00 00 00 ff 08'));
  it('keeps the truncation mark', () => expect(spacedHex('abcd…')).toBe('ab cd …'));
  it('is empty for no bytes', () => expect(spacedHex('')).toBe(''));
});

describe('prettyDecoded', () => {
  it('pretty-prints objects', () => expect(prettyDecoded({ a: 1 })).toBe('{\n  "a": 1\n}'));
  it('passes text through', () => expect(prettyDecoded('login 3520')).toBe('login 3520'));
  it('is null when nothing was decoded', () => {
    expect(prettyDecoded(null)).toBeNull();
    expect(prettyDecoded(undefined)).toBeNull();
  });
});
