import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** The PNG sizes the manifest lists (what Chromium wants to call the app installable, and splash screens). */
export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

/** A short hash of the brand's icon SVG: the icons' URLs change when the SVG does, so they can be cached long. */
export function iconVersion(svg: string): string {
  return createHash('sha256').update(svg).digest('hex').slice(0, 12);
}

const rendered = new Map<string, Promise<Buffer>>();
const MAX_KEPT = 32;

/**
 * The brand's SVG icon as a square PNG of `size` pixels (transparent margin when the SVG is not
 * square), drawn by sharp (librsvg) at the density that gives `size` pixels, so it is sharp, not
 * scaled up from 72 dpi. Kept in memory per SVG and size: brands are few and their icons seldom change.
 */
export function brandIconPng(svg: string, size: IconSize): Promise<Buffer> {
  const key = `${iconVersion(svg)}:${size}`;
  let png = rendered.get(key);
  if (!png) {
    if (rendered.size >= MAX_KEPT) rendered.clear();
    png = render(svg, size);
    rendered.set(key, png);
    // A failure is not kept: the next request tries again (and says what went wrong).
    png.catch(() => rendered.delete(key));
  }
  return png;
}

async function render(svg: string, size: number): Promise<Buffer> {
  const input = Buffer.from(svg);
  const meta = await sharp(input, { limitInputPixels: 4096 * 4096 }).metadata();
  const longSide = Math.max(meta.width ?? size, meta.height ?? size, 1);
  const density = Math.min(72 * 64, Math.max(1, (72 * size) / longSide));
  return sharp(input, { density, limitInputPixels: 8192 * 8192 })
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}
