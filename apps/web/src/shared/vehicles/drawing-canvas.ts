import type { DrawOp, Drawing } from './drawing.ts';

export const DRAWING_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** An image for map.addImage: raw pixels and the ratio they were drawn at. */
export interface RenderedImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

function canvas2d(width: number, height: number): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D {
  const canvas =
    typeof OffscreenCanvas !== 'undefined'
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement('canvas'), { width, height });
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) throw new Error('This browser cannot draw map icons (no 2D canvas).');
  return ctx;
}

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function paint(ctx: Ctx, op: DrawOp): void {
  switch (op.type) {
    case 'circle': {
      ctx.beginPath();
      ctx.arc(op.cx, op.cy, op.r, 0, Math.PI * 2);
      if (op.fill) {
        ctx.fillStyle = op.fill;
        ctx.fill();
      }
      if (op.stroke) {
        ctx.setLineDash(op.dash ? [...op.dash] : []);
        ctx.strokeStyle = op.stroke;
        ctx.lineWidth = op.width ?? 1;
        ctx.stroke();
        ctx.setLineDash([]);
      }
      return;
    }
    case 'path': {
      ctx.save();
      ctx.translate(op.x ?? 0, op.y ?? 0);
      ctx.scale(op.scale ?? 1, op.scale ?? 1);
      const path = new Path2D(op.d);
      if (op.fill) {
        ctx.fillStyle = op.fill;
        ctx.fill(path);
      }
      if (op.stroke) {
        ctx.lineJoin = 'round';
        ctx.lineCap = 'round';
        ctx.strokeStyle = op.stroke;
        ctx.lineWidth = op.width ?? 1;
        ctx.stroke(path);
      }
      ctx.restore();
      return;
    }
    case 'text':
      ctx.font = `700 ${op.fontSize}px ${DRAWING_FONT}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = op.fill;
      ctx.fillText(op.text, op.x, op.y + op.fontSize * 0.05);
  }
}

/** Draws a drawing at `pixelRatio` device pixels per unit. */
export function renderDrawing(drawing: Drawing, pixelRatio: number): RenderedImage {
  const px = Math.ceil(drawing.size * pixelRatio);
  const ctx = canvas2d(px, px);
  ctx.scale(pixelRatio, pixelRatio);
  ctx.globalAlpha = drawing.opacity ?? 1;
  for (const op of drawing.ops) paint(ctx, op);
  return { width: px, height: px, data: ctx.getImageData(0, 0, px, px).data };
}

const LABEL_FONT_SIZE = 11;
const LABEL_PAD_X = 5;
const LABEL_HEIGHT = 17;

/**
 * A map label: dark text on a white pill with a thin grey border (a registration), or with
 * `accent` the text and border in that colour (a place). No map glyph server is needed.
 */
export function renderLabel(text: string, pixelRatio: number, accent?: string): RenderedImage {
  const font = `600 ${LABEL_FONT_SIZE}px ${DRAWING_FONT}`;
  const measure = canvas2d(1, 1);
  measure.font = font;
  const w = Math.ceil(measure.measureText(text).width) + LABEL_PAD_X * 2 + 2;
  const width = Math.ceil(w * pixelRatio);
  const height = Math.ceil(LABEL_HEIGHT * pixelRatio);
  const ctx = canvas2d(width, height);
  ctx.scale(pixelRatio, pixelRatio);
  ctx.beginPath();
  ctx.roundRect(1, 1, w - 2, LABEL_HEIGHT - 2, 4);
  ctx.fillStyle = 'rgba(255,255,255,0.94)';
  ctx.fill();
  ctx.strokeStyle = accent ?? '#868e96';
  ctx.lineWidth = accent ? 1.5 : 1;
  ctx.stroke();
  ctx.font = font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = accent ?? '#1f2933';
  ctx.fillText(text, w / 2, LABEL_HEIGHT / 2 + 0.5);
  return { width, height, data: ctx.getImageData(0, 0, width, height).data };
}
