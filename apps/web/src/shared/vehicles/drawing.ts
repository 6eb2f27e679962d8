/**
 * A tiny vector format both the map (canvas, via Path2D) and the list (inline SVG) draw from, so a
 * vehicle looks the same in both. Coordinates are in the drawing's own units (its `size` square).
 */
export type DrawOp =
  | {
      type: 'circle';
      cx: number;
      cy: number;
      r: number;
      fill?: string;
      stroke?: string;
      width?: number;
      dash?: readonly number[];
    }
  | {
      type: 'path';
      /** SVG path data. */
      d: string;
      fill?: string;
      stroke?: string;
      width?: number;
      /** Placement of the path's own coordinates: scale, then translate by (x, y). */
      x?: number;
      y?: number;
      scale?: number;
    }
  | {
      type: 'text';
      /** Centre of the text. */
      x: number;
      y: number;
      text: string;
      fontSize: number;
      fill: string;
    };

export interface Drawing {
  size: number;
  ops: readonly DrawOp[];
  /** Whole-drawing opacity (stale vehicles are faded). */
  opacity?: number;
}

/** Moves an op drawn in a `from`-unit square into a `to`-unit square whose corner is at (x, y). */
export function place(op: DrawOp, x: number, y: number, from: number, to: number): DrawOp {
  const k = to / from;
  switch (op.type) {
    case 'path':
      return { ...op, x: x + (op.x ?? 0) * k, y: y + (op.y ?? 0) * k, scale: (op.scale ?? 1) * k };
    case 'circle':
      return { ...op, cx: x + op.cx * k, cy: y + op.cy * k, r: op.r * k, ...(op.width ? { width: op.width * k } : {}) };
    case 'text':
      return { ...op, x: x + op.x * k, y: y + op.y * k, fontSize: op.fontSize * k };
  }
}
