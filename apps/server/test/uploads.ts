import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A multipart/form-data body as a browser sends it; parts in order, a file part's name and type as given (hostile ones too). */
export function multipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }>) {
  const boundary = `----fleet${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in p) chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`));
      chunks.push(p.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The form of a sendtempimage call: uid, key and the image file. */
export const imageForm = (uid: number, key: string, data: Buffer, file: { filename?: string; type?: string } = {}) => multipart([
  { name: 'uid', value: String(uid) }, { name: 'key', value: key },
  { name: 'image', filename: file.filename ?? 'photo.jpg', type: file.type ?? 'image/jpeg', data },
]);

/** A small believable photo (a JPEG made from an SVG drawing). */
export async function photo(opts: { width?: number; height?: number; colour?: string; exifGps?: boolean } = {}): Promise<Buffer> {
  const w = opts.width ?? 640;
  const h = opts.height ?? 480;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="${opts.colour ?? '#556677'}"/>
    <circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) / 4}" fill="#222"/><circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) / 9}" fill="#aaa"/></svg>`;
  let img = sharp(Buffer.from(svg)).jpeg({ quality: 80 });
  if (opts.exifGps) {
    img = img.withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Secret Phone', Copyright: 'Driver Home Address' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 47/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '1/1 32/1 4567/100' },
    });
  }
  return img.toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/**
 * A decompression bomb: a PNG whose header says `side` x `side` pixels (20,000 x 20,000 = 400
 * megapixels, 1.2 GB decoded) in a few kilobytes: its one IDAT holds the first rows only, so
 * anything that decodes it first either runs out of memory or reads a truncated image.
 */
export function pngBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = deflateSync(Buffer.alloc((side * 3 + 1) * 50), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0)),
  ]);
}
