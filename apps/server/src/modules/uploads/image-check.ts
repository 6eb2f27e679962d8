import { MAX_UPLOAD_PIXELS, UPLOAD_MESSAGES } from '@fleet/shared';
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { ApiError, badRequest } from '../../lib/errors.ts';

export type ImageKind = 'jpeg' | 'png' | 'webp';
const TYPES: Record<ImageKind, { contentType: string; ext: string }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
};

/** The image type by its first bytes only: JPEG FF D8 FF, PNG's 8-byte signature, RIFF....WEBP. Anything else: null. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface CheckedImage {
  bytes: Buffer;
  contentType: string;
  ext: string;
  width: number;
  height: number;
}

/**
 * Checks an upload by its bytes and re-encodes it: the type from the magic bytes (and libvips
 * must agree), the pixel count from the header before anything is decoded, then decoded once
 * under the same pixel limit, turned upright by its EXIF orientation and written again in its
 * own type with no metadata at all (EXIF, GPS, XMP, ICC comments are all dropped).
 */
export async function checkImage(input: Buffer): Promise<CheckedImage> {
  const kind = sniffImage(input);
  if (!kind) throw new ApiError(415, UPLOAD_MESSAGES.notImage);
  let meta: Metadata;
  try {
    // The header only (no pixels are decoded), so a bomb's size is read without the limit and refused below.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(UPLOAD_MESSAGES.unreadable);
  }
  if (meta.format !== kind) throw new ApiError(415, UPLOAD_MESSAGES.notImage);
  if (!meta.width || !meta.height) throw badRequest(UPLOAD_MESSAGES.unreadable);
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS) throw badRequest(UPLOAD_MESSAGES.tooManyPixels);
  let out: { data: Buffer; info: OutputInfo };
  try {
    // One frame of an animated WebP; limitInputPixels again, as libvips checks it while decoding.
    const img = sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error', pages: 1, sequentialRead: true }).rotate();
    const encoded = kind === 'jpeg' ? img.jpeg({ quality: 85, mozjpeg: false })
      : kind === 'png' ? img.png({ compressionLevel: 6 })
      : img.webp({ quality: 85 });
    out = await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    throw badRequest(UPLOAD_MESSAGES.unreadable);
  }
  const t = TYPES[kind];
  return { bytes: out.data, contentType: t.contentType, ext: t.ext, width: out.info.width, height: out.info.height };
}

/** A storage key of the server's own: 128 random bits in hex and the type's extension. */
export const newStorageKey = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;
