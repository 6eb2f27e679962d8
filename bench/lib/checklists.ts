// Driver-mode sessions made directly in the bench database (no cab sign-in needed to measure check
// lists), photos as a phone sends them after resizing, and a check list's whole upload-then-sign-off.
import type { Database } from '@fleet/db';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { hashSecret, newSecret } from '../../apps/server/src/lib/tokens.ts';
import { sessionRepository, sessionService } from '../../apps/server/src/modules/auth/index.ts';

export interface BenchDriver { token: string; uid: number; siteId: number }

/** `count` drivers of the site, each signed in on a cab device of their own and given a vehicle of the site. */
export async function benchDrivers(database: Database, siteId: number, count: number): Promise<BenchDriver[]> {
  const q = <T>(sql: string, params: unknown[]) => database.pool.query(sql, params).then((r) => r.rows as T[]);
  const [brand] = await q<{ id: number }>('SELECT c.brand_id AS id FROM sites s JOIN customers c ON c.id = s.customer_id WHERE s.id = $1', [siteId]);
  const units = await q<{ id: number }>('SELECT id FROM units WHERE site_id = $1 ORDER BY id', [siteId]);
  const hash = await hashPassword('Bench-driver-1!');
  const sessions = sessionService(sessionRepository(database.db));
  const out: BenchDriver[] = [];
  for (let i = 0; i < count; i++) {
    const [user] = await q<Record<string, unknown> & { id: number }>(
      `INSERT INTO users (email, name, password_hash, usertype, default_site_id) VALUES (NULL, $1, $2, 3, $3) RETURNING *`, [`Bench driver ${i + 1}`, hash, siteId]);
    await q('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2)', [user!.id, siteId]);
    const [driver] = await q<{ id: number }>('INSERT INTO drivers (site_id, name, user_id) VALUES ($1, $2, $3) RETURNING id', [siteId, `Bench driver ${i + 1}`, user!.id]);
    const instanceUuid = randomUUID();
    const [cab] = await q<{ id: number }>(
      'INSERT INTO cab_devices (site_id, name, instance_uuid, key_hash, registered_at) VALUES ($1, $2, $3, $4, now()) RETURNING id',
      [siteId, `Bench cab ${i + 1}`, instanceUuid, hashSecret(newSecret())]);
    const row = { ...user, passwordHash: user!.password_hash, mustChangePassword: false, disabled: false, usertype: 3, id: user!.id };
    const { token } = await sessions.openDriver(row as Parameters<typeof sessions.openDriver>[0], {
      cabDeviceId: cab!.id, driverId: driver!.id, siteId, instanceUuid, brandId: brand!.id,
    }, 'bench');
    out.push({ token, uid: units[i % units.length]!.id, siteId });
  }
  return out;
}

/** A phone photo after the device resized it: 1600 x 1200 JPEG (q 0.85) of a textured scene, ~250-450 KB. */
export async function devicePhoto(seed: number): Promise<Buffer> {
  const big = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: { r: 90 + (seed % 60), g: 100, b: 110 }, noise: { type: 'gaussian', mean: 120, sigma: 22 } } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="4032" height="3024"><circle cx="2016" cy="1512" r="${900 + seed * 10}" fill="#202020"/><circle cx="2016" cy="1512" r="500" fill="#a0a0a0"/></svg>`) }])
    .jpeg({ quality: 92 }).toBuffer();
  return sharp(big).resize({ width: 1600, height: 1600, fit: 'inside' }).jpeg({ quality: 85 }).toBuffer();
}

/** A drawn signature (PNG), as the signature pad sends it. */
export async function signaturePng(): Promise<Buffer> {
  return sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 80 10, 130 190, 200 100 S 320 30, 380 120 S 480 170, 560 60" stroke="#10204a" stroke-width="5" fill="none"/></svg>')).png().toBuffer();
}

function form(fields: Record<string, string>, file: Uint8Array, type: string): { body: Blob; type: string } {
  const b = `----bench${randomUUID().replace(/-/g, '')}`;
  const parts: Uint8Array[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="image"; filename="image"\r\nContent-Type: ${type}\r\n\r\n`), file, Buffer.from(`\r\n--${b}--\r\n`));
  return { body: new Blob(parts as BlobPart[]), type: `multipart/form-data; boundary=${b}` };
}

const XSRF = 'bench-xsrf';
const headers = (token: string, type: string) => ({ authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': type });

async function send(url: string, token: string, path: string, body: Blob | string, type: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}/api/v1/${path}`, { method: 'POST', headers: headers(token, type), body });
  const answer = await res.json() as Record<string, unknown>;
  if (answer.ok !== 1) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * One check list sent as the cab app sends it (spec 5): each photo, then the signature, then
 * signoffchecklistv5 — one after another. `resend` sends the sign-off a second time (an answer lost
 * on the way): it must answer the same id. Returns the id and the milliseconds it took.
 */
export async function sendChecklist(url: string, d: BenchDriver, o: { items: number; photos: Buffer[]; signature: Buffer; resend?: boolean }): Promise<{ id: number; ms: number; duplicateId?: number }> {
  const t0 = performance.now();
  const images: number[] = [];
  for (const p of o.photos) {
    const f = form({ uid: String(d.uid), key: randomUUID() }, p, 'image/jpeg');
    images.push((await send(url, d.token, 'sendtempimage', f.body, f.type)).id as number);
  }
  const sigForm = form({ uid: String(d.uid), key: randomUUID() }, o.signature, 'image/png');
  const sig = (await send(url, d.token, 'sendtempimage', sigForm.body, sigForm.type)).id as number;
  const names = Array.from({ length: o.items }, (_, i) => `Check item ${i + 1}`);
  const items = names.map((item, i) => ({ item, faulty: i < images.length, image: images[i] ?? null, note: i < images.length ? `Fault on ${item}` : '' }));
  const body = JSON.stringify({
    key: randomUUID(), uid: d.uid, mileage: 45678, vcl: 0, ic: images.length, operator: 'Bench', issues: '', sig,
    details: { reportdate: new Date().toISOString(), itemnames: names, mileage: 45678, complete: true, items },
  });
  const { id } = await send(url, d.token, 'signoffchecklistv5', body, 'application/json') as { id: number };
  const ms = performance.now() - t0;
  const again = o.resend ? (await send(url, d.token, 'signoffchecklistv5', body, 'application/json')).id as number : undefined;
  return { id, ms, ...(again === undefined ? {} : { duplicateId: again }) };
}

/** The peak resident set (VmHWM) of a process, in MiB. */
export async function peakRssMiB(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}
