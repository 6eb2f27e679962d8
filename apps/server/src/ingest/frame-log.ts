import { EventEmitter } from 'node:events';

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
 * for each new frame that the realtime gateway forwards to the unit's debug room.
 */
export class FrameLog extends EventEmitter<{ frame: [DebugFrame] }> {
  private readonly rings = new Map<number, DebugFrame[]>();

  constructor(private readonly perUnit = 50, private readonly maxUnits = 20_000) {
    super();
    this.setMaxListeners(0);
  }

  add(uid: number, direction: 'in' | 'out', kind: string, bytes: Buffer, decoded: unknown): void {
    const hex = bytes.subarray(0, MAX_HEX_BYTES).toString('hex') + (bytes.length > MAX_HEX_BYTES ? '…' : '');
    const frame: DebugFrame = { uid, at: new Date().toISOString(), direction, kind, hex, decoded };
    let ring = this.rings.get(uid);
    if (!ring) {
      if (this.rings.size >= this.maxUnits) this.rings.delete(this.rings.keys().next().value as number);
      ring = [];
      this.rings.set(uid, ring);
    }
    ring.push(frame);
    if (ring.length > this.perUnit) ring.shift();
    if (this.listenerCount('frame') > 0) this.emit('frame', frame);
  }

  recent(uid: number): DebugFrame[] {
    return [...(this.rings.get(uid) ?? [])];
  }
}
