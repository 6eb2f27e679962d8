import sharp from 'sharp';
import { badRequest } from '../../lib/errors.ts';
import { checkImage } from '../uploads/index.ts';

/** The largest site image kept (it rides in every session answer as a data: URL). */
export const MAX_SITE_IMAGE_BYTES = 96 * 1024;

/**
 * A site image as the menu shows it: checked by its bytes and re-encoded without metadata
 * (uploads' checkImage), shrunk to fit 480x160 and written as WebP, kept as a data: URL so an
 * <img> shows it without a token (docs/decisions.md, issue 15: the site image).
 */
export async function siteImageDataUrl(input: Buffer): Promise<string> {
  const checked = await checkImage(input);
  const out = await sharp(checked.bytes).resize({ width: 480, height: 160, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  if (out.length > MAX_SITE_IMAGE_BYTES) throw badRequest('The image is too detailed to keep as the site image: use a simpler logo.');
  return `data:image/webp;base64,${out.toString('base64')}`;
}
