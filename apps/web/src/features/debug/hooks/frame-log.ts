import type { DebugFrameEvent } from '@fleet/shared';

/** Frames kept in memory; older ones drop off the end. */
export const MAX_FRAMES = 500;

/** The server cuts a long frame's hex and marks it with this character. */
const TRUNCATION_MARK = '…';

/** A received frame with what the list needs precomputed once. */
export interface FrameEntry {
  key: string;
  frame: DebugFrameEvent;
  /** Bytes shown (at most the server's limit). */
  bytes: number;
  /** The server cut the frame; it was longer than `bytes`. */
  truncated: boolean;
  /** The bytes as text when the protocol is text (Queclink @Track, OsmAnd HTTP): every byte printable ASCII or CR/LF/tab. */
  text: string | null;
}

export interface FrameLogState {
  /** Shown frames, newest first. */
  frames: FrameEntry[];
  /** Frames that arrived while paused, newest first; shown on resume. */
  held: FrameEntry[];
  paused: boolean;
  /** After Clear: frames at or before this time (replays of cleared frames) are ignored. */
  clearedThrough: string | null;
}

export type FrameLogAction =
  | { type: 'add'; frames: readonly DebugFrameEvent[] }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'clear' };

export const initialFrameLog: FrameLogState = { frames: [], held: [], paused: false, clearedThrough: null };

/**
 * Identity of a frame. Frames carry no id, and the same frame can arrive twice: the recent frames
 * are replayed on connect and again in the subscribe answer, and a frame arriving while subscribing
 * is both live and recent.
 */
export function frameKey(f: DebugFrameEvent): string {
  return `${f.at}|${f.direction}|${f.kind}|${f.hex}`;
}

export function toEntry(frame: DebugFrameEvent): FrameEntry {
  const truncated = frame.hex.endsWith(TRUNCATION_MARK);
  const hex = truncated ? frame.hex.slice(0, -TRUNCATION_MARK.length) : frame.hex;
  const text = asciiText(hex);
  return { key: frameKey(frame), frame, bytes: Math.floor(hex.length / 2), truncated, text: text !== null && truncated ? `${text}${TRUNCATION_MARK}` : text };
}

/**
 * Hex bytes as text when all are printable ASCII (or CR, LF, tab), else null: a Queclink report or
 * a phone's HTTP request reads as what it says, a binary frame (Teltonika, GT06) stays hex.
 */
export function asciiText(hex: string): string | null {
  if (hex.length === 0 || hex.length % 2 !== 0) return null;
  let out = '';
  for (let i = 0; i < hex.length; i += 2) {
    const b = parseInt(hex.slice(i, i + 2), 16);
    if (Number.isNaN(b) || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b > 0x7e) return null;
    out += String.fromCharCode(b);
  }
  return out;
}

/** Hex split into bytes ('0000000f08…' -> '00 00 00 0f 08 …') so it wraps at byte boundaries. */
export function spacedHex(hex: string): string {
  const truncated = hex.endsWith(TRUNCATION_MARK);
  const body = truncated ? hex.slice(0, -TRUNCATION_MARK.length) : hex;
  const bytes = body.match(/.{1,2}/g) ?? [];
  return truncated ? [...bytes, TRUNCATION_MARK].join(' ') : bytes.join(' ');
}

/** The decoded form pretty-printed for reading; null when the server decoded nothing. */
export function prettyDecoded(decoded: unknown): string | null {
  if (decoded === undefined || decoded === null || decoded === '') return null;
  if (typeof decoded === 'string') return decoded;
  try {
    return JSON.stringify(decoded, null, 2) ?? null;
  } catch {
    return String(decoded);
  }
}

/**
 * Adds frames to a newest-first list: drops ones already there (or in `also`), orders by time
 * (ISO strings from one server compare as times; on a tie the later arrival goes first) and keeps
 * the newest `max`.
 */
export function mergeFrames(
  list: readonly FrameEntry[],
  incoming: readonly DebugFrameEvent[],
  options: { max?: number; also?: readonly FrameEntry[]; after?: string | null } = {},
): FrameEntry[] {
  const max = options.max ?? MAX_FRAMES;
  const seen = new Set(list.map((e) => e.key));
  for (const e of options.also ?? []) seen.add(e.key);
  const fresh: FrameEntry[] = [];
  for (const frame of incoming) {
    if (options.after && frame.at <= options.after) continue;
    const entry = toEntry(frame);
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    fresh.push(entry);
  }
  if (fresh.length === 0) return list as FrameEntry[];
  const merged = [...fresh.reverse(), ...list];
  merged.sort((a, b) => (a.frame.at < b.frame.at ? 1 : a.frame.at > b.frame.at ? -1 : 0));
  return merged.length > max ? merged.slice(0, max) : merged;
}

export function frameLogReducer(state: FrameLogState, action: FrameLogAction): FrameLogState {
  switch (action.type) {
    case 'add': {
      const after = state.clearedThrough;
      if (state.paused) {
        const held = mergeFrames(state.held, action.frames, { also: state.frames, after });
        return held === state.held ? state : { ...state, held };
      }
      const frames = mergeFrames(state.frames, action.frames, { after });
      return frames === state.frames ? state : { ...state, frames };
    }
    case 'pause':
      return state.paused ? state : { ...state, paused: true };
    case 'resume':
      return {
        ...state,
        paused: false,
        frames: mergeFrames(
          state.frames,
          state.held.map((e) => e.frame),
          { after: state.clearedThrough },
        ),
        held: [],
      };
    case 'clear': {
      const newest = [state.held[0]?.frame.at, state.frames[0]?.frame.at, state.clearedThrough]
        .filter((at): at is string => typeof at === 'string')
        .sort()
        .at(-1);
      return { ...state, frames: [], held: [], clearedThrough: newest ?? null };
    }
  }
}
