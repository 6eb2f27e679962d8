// Issue 11: the time from tapping Sign off to 'saved' for a 30-item check list with 3 photos, in the
// browser, against a running server with the demo data (npm start with FLEET_DEMO=1, or the e2e
// server). The site's administrator adds a 30-item template for any vehicle type and registers this
// browser as a cab device; the demo driver signs in, takes a vehicle, marks 3 items faulty with a
// 4000x3000 JPEG each (resized on the device while the fault is edited, as a driver would), passes
// the rest, signs, and taps Sign off. Timed: the click to the 'saved' text (the outbox item written
// to IndexedDB, 3 photo uploads, the signature upload, signoffchecklistv5). Each trial is a new list.
// Usage: npx tsx bench/checklist-browser.ts --url http://localhost:8080 [--trials 5] [--phone]
//        [--admin admin.leeds@aire-valley.example] [--driver 'James Holroyd'] (password: FLEET_DEMO_PASSWORD)
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, percentile } from './lib.ts';

const { values } = parseArgs({ options: {
  url: { type: 'string', default: 'http://localhost:8080' },
  trials: { type: 'string', default: '5' },
  admin: { type: 'string', default: 'admin.leeds@aire-valley.example' },
  driver: { type: 'string', default: 'James Holroyd' },
  phone: { type: 'boolean', default: false },
} });
const password = process.env.FLEET_DEMO_PASSWORD ?? '';
if (!password) throw new Error('Set FLEET_DEMO_PASSWORD (the demo accounts\' password).');
const trials = Number(values.trials);
const ITEMS = Array.from({ length: 30 }, (_, i) => ({ item: `Bench item ${String(i + 1).padStart(2, '0')}` }));
const FAULTY = [2, 14, 27];

async function post<T>(page: Page, call: string, body: unknown): Promise<T> {
  return page.evaluate(async ({ call, body }) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string };
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const res = await fetch(`/api/v1/${call}`, {
      method: 'POST',
      headers: { ...(user.token ? { Authorization: `Bearer ${user.token}` } : {}), 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify(body),
    });
    return res.json();
  }, { call, body }) as Promise<T>;
}

async function get<T>(page: Page, call: string): Promise<T> {
  return page.evaluate(async (c) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string };
    return (await fetch(`/api/v1/${c}`, { headers: user.token ? { Authorization: `Bearer ${user.token}` } : {} })).json();
  }, call) as Promise<T>;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({
    baseURL: values.url,
    ...(values.phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : { viewport: { width: 1024, height: 768 }, hasTouch: true }),
  });
  const page = await context.newPage();
  // The administrator: a 30-item template, then this browser becomes a cab device (their session ends).
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(values.admin);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/tabs\/tabs\//);
  const siteid = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { siteid: number }).siteid);
  const tpl = await post<{ ok: number; message?: string }>(page, 'updateconfigrecord', { mode: 'add', list: 'vcls', id: 0, rec: { name: 'Bench 30 items', unittype: null, items: ITEMS } });
  if (tpl.ok !== 1) throw new Error(`template: ${tpl.message}`);
  const reg = await post<{ ok: number; device: { deviceid: number; devicekey: string }; message?: string }>(page, 'registercabdevice', { siteid, name: `Bench cab ${Date.now()}` });
  if (reg.ok !== 1) throw new Error(`registercabdevice: ${reg.message}`);
  await page.evaluate((device) => {
    localStorage.setItem('fleet.cabDevice', JSON.stringify(device));
    localStorage.removeItem('user');
  }, reg.device);
  const drivers = await post<{ drivers: { id: number; name: string }[] }>(page, 'cabdrivers', { deviceid: reg.device.deviceid, devicekey: reg.device.devicekey });
  const driver = drivers.drivers.find((d) => d.name === values.driver);
  if (!driver) throw new Error(`no driver ${values.driver}`);
  const login = await post<{ ok: number; user: unknown; message?: string }>(page, 'driverlogin', { deviceid: reg.device.deviceid, devicekey: reg.device.devicekey, driverid: driver.id, pass: password });
  if (login.ok !== 1) throw new Error(`driverlogin: ${login.message}`);
  await page.evaluate((user) => localStorage.setItem('user', JSON.stringify(user)), login.user);
  const { vehicles } = await get<{ vehicles: { uid: number; registration: string; typename: string }[] }>(page, 'cabvehicles');
  // A vehicle type without a template of its own, so the bench's 30-item template is the one used.
  let chosen: { uid: number; registration: string } | undefined;
  for (const v of vehicles) {
    await post(page, 'assigndriver', { uid: v.uid });
    const list = await get<{ checklist?: { items: unknown[] } }>(page, `checklist?reg=${encodeURIComponent(v.registration)}`);
    if (list.checklist?.items.length === 30) { chosen = v; break; }
  }
  if (!chosen) throw new Error('every vehicle type has a template of its own; the bench needs one without');

  const jpeg = Buffer.from(await page.evaluate(async () => {
    const c = new OffscreenCanvas(4000, 3000);
    const g = c.getContext('2d');
    if (!g) throw new Error('no 2d context');
    for (let i = 0; i < 400; i++) {
      g.fillStyle = `hsl(${(i * 37) % 360} 60% ${30 + (i % 40)}%)`;
      g.fillRect((i * 97) % 4000, (i * 53) % 3000, 300, 200);
    }
    const bytes = new Uint8Array(await (await c.convertToBlob({ type: 'image/jpeg', quality: 0.92 })).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  }), 'base64');

  const times: number[] = [];
  for (let trial = 0; trial < trials; trial++) {
    await page.goto('/tabs/tabs/vcl');
    const list = page.getByRole('list', { name: 'Check list items' });
    await list.waitFor({ timeout: 30_000 });
    for (const index of FAULTY) {
      await list.getByRole('listitem').nth(index).getByRole('button', { name: 'Faulty' }).click();
      await page.waitForURL(/editfault/);
      await page.locator('input[type=file]').setInputFiles({ name: 'fault.jpg', mimeType: 'image/jpeg', buffer: jpeg });
      await page.getByRole('img', { name: /^Photo of the fault on/ }).waitFor({ timeout: 30_000 });
      await page.getByLabel('What is wrong?').fill(`Bench fault ${index}`);
      await page.getByRole('button', { name: 'Save fault' }).click();
      await page.waitForURL(/\/vcl$/);
    }
    await page.getByRole('button', { name: /^Mark the other \d+ as Pass$/ }).click();
    await page.getByLabel('Mileage').fill(String(40_000 + trial));
    await page.getByRole('button', { name: 'Continue to sign-off' }).click();
    const canvas = page.getByRole('img', { name: /^Signature/ });
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no signature box');
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 10), box.y + box.height / 2 + (i % 2 ? -25 : 25), { steps: 2 });
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelector('canvas[data-signed="true"]') !== null);
    const button = page.getByRole('button', { name: 'Sign off', exact: true });
    await button.waitFor();
    const saved = page.getByText(`Check list for ${chosen.registration} saved.`);
    const start = Date.now();
    await button.click();
    await saved.waitFor({ timeout: 60_000 });
    const ms = Date.now() - start;
    times.push(ms);
    console.log(`trial ${trial + 1}: ${ms} ms from Sign off to saved`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(JSON.stringify({
    trials, items: 30, photos: FAULTY.length, viewport: values.phone ? '390x844' : '1024x768',
    median_ms: percentile(sorted, 50), max_ms: sorted.at(-1), min_ms: sorted[0],
    machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  }));
} finally {
  await browser.close();
}
