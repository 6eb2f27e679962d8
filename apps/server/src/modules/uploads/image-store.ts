import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded images live, behind one interface: a folder under DATA_DIR by default, an
 * S3-compatible bucket when configured. Keys are always the server's own (random hex plus an
 * extension, see `newStorageKey`); nothing a client sends ever becomes part of one.
 */
export interface ImageStore {
  readonly kind: 'folder' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** A key the server chose: 32 hex characters and the type's extension. */
export const STORAGE_KEY = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

function checkedKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error('not a storage key of this server');
  return key;
}

/** Images as files in `dir` (e.g. <DATA_DIR>/uploads), two levels of sub-folders by the key's first characters. */
export function folderImageStore(dir: string): ImageStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), checkedKey(key));
  return {
    kind: 'folder',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o750 });
      // Written whole under a temporary name, then renamed: a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, bytes, { mode: 0o640, flag: 'wx' });
      await rename(tmp, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Images as objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2 ...). */
export function s3ImageStore(s: S3Settings): ImageStore & { client: S3Client } {
  const client = new S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
  });
  return {
    kind: 's3',
    client,
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: checkedKey(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: checkedKey(key) }));
        if (!out.Body) return null;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: checkedKey(key) }));
    },
  };
}
