import { EventEmitter } from 'node:events';

interface StoredFrame {
  at: string;
  direction: 'in' | 'out';
  kind: string;
  bytes: Buffer;
  decode: () => unknown;
}

export interface DebugFrame {
  uid: number;
  at: string;
  direction: 'in' | 'out';
  kind: string;
  hex: string;
  /** Short decoded form: what the frame held, in words. */
  decoded: unknown;
}

const MAX_HEX_BYTES = 2048;

/**
 * The last frames of each unit, for the protocol debugger: a bounded ring per unit, and an event
 * for each new frame that the realtime gateway forwards to the unit's debug room. Frames are kept
 * as bytes and turned into hex and words only when somebody looks, so the hot path pays little.
 */
export class FrameLog extends EventEmitter<{ frame: [DebugFrame] }> {
  private readonly rings = new Map<number, StoredFrame[]>();
  /** Units somebody is watching now; only their frames are emitted as they arrive. */
  readonly watched = new Map<number, number>();
  /** Units other processes' debuggers watch (issue 17: api nodes tell the ingest nodes over the bus). */
  private remote: ReadonlySet<number> = new Set();

  constructor(private readonly perUnit = 10, private readonly maxUnits = 20_000) {
    super();
    this.setMaxListeners(0);
  }

  add(uid: number, direction: 'in' | 'out', kind: string, bytes: Buffer, decode: () => unknown): void {
    // A copy of at most MAX_HEX_BYTES, so a kept frame never holds a whole socket chunk alive.
    const kept = Buffer.from(bytes.subarray(0, MAX_HEX_BYTES + 1));
    const frame: StoredFrame = { at: new Date().toISOString(), direction, kind, bytes: kept, decode };
    let ring = this.rings.get(uid);
    if (!ring) {
      if (this.rings.size >= this.maxUnits) this.rings.delete(this.rings.keys().next().value as number);
      ring = [];
      this.rings.set(uid, ring);
    }
    ring.push(frame);
    if (ring.length > this.perUnit) ring.shift();
    if (this.watched.has(uid) || this.remote.has(uid)) this.emit('frame', show(uid, frame));
  }

  recent(uid: number): DebugFrame[] {
    return (this.rings.get(uid) ?? []).map((f) => show(uid, f));
  }

  watch(uid: number): void {
    this.watched.set(uid, (this.watched.get(uid) ?? 0) + 1);
  }

  /** The units watched elsewhere, all of them at once (replaces the last set). */
  watchedElsewhere(units: ReadonlySet<number>): void {
    this.remote = units;
  }

  unwatch(uid: number): void {
    const n = (this.watched.get(uid) ?? 1) - 1;
    if (n <= 0) this.watched.delete(uid);
    else this.watched.set(uid, n);
  }
}

function show(uid: number, f: StoredFrame): DebugFrame {
  const hex = f.bytes.subarray(0, MAX_HEX_BYTES).toString('hex') + (f.bytes.length > MAX_HEX_BYTES ? '…' : '');
  return { uid, at: f.at, direction: f.direction, kind: f.kind, hex, decoded: f.decode() };
}
