import { UPLOAD_MESSAGES } from '@fleet/shared';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { imageForm, multipart, photo, pngBomb } from '../../../test/uploads.ts';
import { folderImageStore } from './index.ts';

let t: TestApp;
let dir: string;
let driver: Awaited<ReturnType<TestApp['driverSession']>>;
let uid: number;
let otherUid: number;

const files = () => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
const rows = async () => Number((await t.database.pool.query('SELECT count(*) FROM uploads')).rows[0].count);

async function send(token: string, form: { body: Buffer; headers: Record<string, string> }) {
  return t.call('POST', 'sendtempimage', { token, body: form.body, headers: form.headers });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
  t = await createTestApp({ images: folderImageStore(dir) });
  driver = await t.driverSession('Leeds Depot');
  const { rows: units } = await t.database.pool.query<{ id: number; site: string }>(
    `SELECT u.id, s.name AS site FROM units u JOIN sites s ON s.id = u.site_id WHERE s.name IN ('Leeds Depot', 'Bradford Yard') ORDER BY u.id`);
  uid = units.find((u) => u.site === 'Leeds Depot')!.id;
  otherUid = units.find((u) => u.site === 'Bradford Yard')!.id;
});
afterAll(async () => t?.close());

describe('sendtempimage and image', () => {
  it('stores a photo re-encoded without its EXIF (GPS included) and gives it back to the same site only', async () => {
    const original = await photo({ exifGps: true });
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from('Secret Phone'))).toBe(true);
    const res = await send(driver.token, imageForm(uid, randomUUID(), original, { filename: '../../etc/passwd', type: 'image/svg+xml' }));
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: number };
    const back = await t.call('GET', `image?id=${id}`, { token: driver.token });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/jpeg');
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(back.headers['cache-control']).toMatch(/^private/);
    const meta = await sharp(back.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(back.rawPayload.includes(Buffer.from('Secret Phone'))).toBe(false);
    expect(back.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    // The server named the file: 32 hex and the type's extension; nothing of the client's name.
    expect(files().every((f) => /^[0-9a-f]{32}\.jpg$/.test(f))).toBe(true);

    const ops = await t.login('ops.leeds@aire-valley.example');
    expect((await t.call('GET', `image?id=${id}`, { token: ops.token })).statusCode).toBe(200);
    const tenant = await t.login('ops@northway.example');
    expect((await t.call('GET', `image?id=${id}`, { token: tenant.token })).statusCode).toBe(404);
    const other = await t.driverSession('Bradford Yard');
    expect((await t.call('GET', `image?id=${id}`, { token: other.token })).statusCode).toBe(404);
    expect((await t.call('GET', `image?id=${id}`)).statusCode).toBe(401);
    expect((await t.call('GET', 'image?id=999999')).statusCode).toBe(401);
    expect((await t.call('GET', 'image?id=999999', { token: ops.token })).statusCode).toBe(404);
  });

  it('keeps PNG as PNG and WebP as WebP, whatever the client says the type is', async () => {
    const png = await sharp(await photo()).png().toBuffer();
    const webp = await sharp(await photo()).webp().toBuffer();
    for (const [bytes, type, format] of [[png, 'image/png; name=../../x', 'png'], [webp, '../../etc/passwd', 'webp']] as const) {
      const res = await send(driver.token, imageForm(uid, randomUUID(), bytes, { filename: 'x.jpg', type }));
      expect(res.statusCode, res.body).toBe(200);
      const back = await t.call('GET', `image?id=${(res.json() as { id: number }).id}`, { token: driver.token });
      expect(back.headers['content-type']).toBe(`image/${format}`);
      expect((await sharp(back.rawPayload).metadata()).format).toBe(format);
    }
    expect(files().every((f) => /^[0-9a-f]{32}\.(jpg|png|webp)$/.test(f))).toBe(true);
  });

  it('refuses hostile uploads with a clear message and stores nothing', async () => {
    const before = { rows: await rows(), files: files().length };
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    const gif = await sharp(await photo({ width: 20, height: 20 })).gif().toBuffer();
    const cases: Array<[string, Buffer, number, string]> = [
      ['svg', svg, 415, UPLOAD_MESSAGES.notImage],
      ['script named .png', Buffer.from('<script>alert(document.cookie)</script>'), 415, UPLOAD_MESSAGES.notImage],
      ['gif', gif, 415, UPLOAD_MESSAGES.notImage],
      ['20 MB', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(20 * 1024 * 1024)]), 413, UPLOAD_MESSAGES.tooBig],
      ['png bomb', pngBomb(20_000), 400, UPLOAD_MESSAGES.tooManyPixels],
      ['jpeg magic, garbage after', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]), 400, UPLOAD_MESSAGES.unreadable],
    ];
    for (const [what, bytes, status, message] of cases) {
      const res = await send(driver.token, imageForm(uid, randomUUID(), bytes, { filename: 'photo.png', type: 'image/png' }));
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json(), what).toEqual({ ok: 0, message });
    }
    // The bomb is refused from its header: its IDAT holds 50 rows of 20,000, so decoding would have said 'unreadable'.
    expect(pngBomb().length).toBeLessThan(20_000);
    expect(await rows()).toBe(before.rows);
    expect(files().length).toBe(before.files);
  });

  it('refuses bad forms, user sessions, other sites\' vehicles and missing files', async () => {
    const jpg = await photo({ width: 64, height: 48 });
    const ops = await t.login('ops.leeds@aire-valley.example');
    const admin = await t.login('admin.leeds@aire-valley.example');
    for (const token of [ops.token, admin.token]) {
      const res = await send(token, imageForm(uid, randomUUID(), jpg));
      expect(res.statusCode).toBe(403);
    }
    expect((await send('', imageForm(uid, randomUUID(), jpg))).statusCode).toBe(401);
    expect((await send(driver.token, imageForm(otherUid, randomUUID(), jpg))).statusCode).toBe(404);
    expect((await send(driver.token, imageForm(uid, 'not-a-uuid', jpg))).json().message).toMatch(/key/);
    const noFile = multipart([{ name: 'uid', value: String(uid) }, { name: 'key', value: randomUUID() }]);
    expect((await send(driver.token, noFile)).json()).toEqual({ ok: 0, message: UPLOAD_MESSAGES.noFile });
    const twoFiles = multipart([{ name: 'uid', value: String(uid) }, { name: 'key', value: randomUUID() },
      { name: 'image', filename: 'a.jpg', type: 'image/jpeg', data: jpg }, { name: 'image', filename: 'b.jpg', type: 'image/jpeg', data: jpg }]);
    expect((await send(driver.token, twoFiles)).statusCode).toBe(413);
    const json = await t.call('POST', 'sendtempimage', { token: driver.token, body: { uid, key: randomUUID() } });
    expect(json.statusCode).toBe(415);
  });

  it('stores the same (site, key) once, concurrent duplicates included', async () => {
    const jpg = await photo({ colour: '#884422' });
    const key = randomUUID();
    const before = { rows: await rows(), files: files().length };
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(driver.token, imageForm(uid, key, jpg))));
    const ids = answers.map((r) => (r.json() as { id: number }).id);
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(ids).size).toBe(1);
    expect((await send(driver.token, imageForm(uid, key, jpg))).json()).toEqual({ ok: 1, id: ids[0] });
    expect(await rows()).toBe(before.rows + 1);
    expect(files().length).toBe(before.files + 1);
  });
});
