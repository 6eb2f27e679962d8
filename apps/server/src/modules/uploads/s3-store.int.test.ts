import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { imageForm, photo } from '../../../test/uploads.ts';
import { s3ImageStore } from './index.ts';

// The S3-compatible store against s3rver (a local S3 on 127.0.0.1), through the real calls.
let server: S3rver;
let endpoint: string;
let t: TestApp;
let store: ReturnType<typeof s3ImageStore>;

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1', port: 0, silent: true, directory: mkdtempSync(path.join(os.tmpdir(), 's3rver-')),
    configureBuckets: [{ name: 'fleet-uploads', configs: [] }],
  });
  const addr = (await server.run()) as { address: string; port: number };
  endpoint = `http://127.0.0.1:${addr.port}`;
  store = s3ImageStore({ endpoint, bucket: 'fleet-uploads', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
  t = await createTestApp({ images: store });
});
afterAll(async () => {
  await t?.close();
  store?.client.destroy();
  await server?.close();
});

describe('S3 image store', () => {
  it('puts, gets and deletes objects; a missing one is null; keys must be the server\'s own', async () => {
    const key = `${'ab'.repeat(16)}.png`;
    await store.put(key, Buffer.from('bytes'), 'image/png');
    expect((await store.get(key))?.toString()).toBe('bytes');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.put('../../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow(/storage key/);
  });

  it('stores an upload in the bucket and serves it back through image', async () => {
    const driver = await t.driverSession('Leeds Depot');
    const { rows: [unit] } = await t.database.pool.query<{ id: number }>('SELECT id FROM units WHERE site_id = $1 ORDER BY id LIMIT 1', [driver.siteId]);
    const res = await t.call('POST', 'sendtempimage', { token: driver.token, ...(({ body, headers }) => ({ body, headers }))(imageForm(unit!.id, randomUUID(), await photo())) });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { id: number }).id;
    const { rows: [row] } = await t.database.pool.query<{ storage_key: string }>('SELECT storage_key FROM uploads WHERE id = $1', [id]);
    expect(await store.get(row!.storage_key)).not.toBeNull();
    const back = await t.call('GET', `image?id=${id}`, { token: driver.token });
    expect(back.statusCode).toBe(200);
    expect((await sharp(back.rawPayload).metadata()).format).toBe('jpeg');
  });
});
