import { CODEC_8E, encodeAvlPacket, encodeImeiLogin, type AvlRecord } from '@fleet/protocols';
import net from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Chromium with software WebGL (the map draws without a GPU), signed in as the demo operator. */
export async function openSignedIn(): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: inject('chromiumPath'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
  const page = await (await browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(inject('operatorEmail'));
  await page.getByLabel('Password', { exact: true }).fill(inject('demoPassword'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/tabs\/tabs\//);
  return { browser, page };
}

/**
 * Plays a Teltonika device against the e2e server: logs in with `imei`, sends each record as its
 * own packet and waits for its ACK; resolves with the bytes the server answered.
 */
export async function reportAsDevice(imei: string, records: AvlRecord[]): Promise<Buffer> {
  const sock = net.connect(inject('teltonikaPort'), '127.0.0.1');
  const chunks: Buffer[] = [];
  sock.on('data', (c: Buffer) => chunks.push(c));
  await new Promise((r) => sock.once('connect', r));
  sock.write(encodeImeiLogin(imei));
  for (const [i, r] of records.entries()) {
    sock.write(encodeAvlPacket({ codec: CODEC_8E, records: [r] }));
    const want = 1 + 4 * (i + 1);
    const end = Date.now() + 10_000;
    while (Buffer.concat(chunks).length < want && Date.now() < end) await new Promise((res) => setTimeout(res, 25));
  }
  sock.destroy();
  return Buffer.concat(chunks);
}
