import { CODEC_8E, encodeAvlPacket, encodeImeiLogin, encodeUdpDatagram, type AvlRecord } from '@fleet/protocols';
import dgram from 'node:dgram';
import net from 'node:net';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * Chromium with software WebGL, so the map draws without a GPU. Its contexts block the service
 * worker unless they ask for it (`serviceWorkers: 'allow'`, as the installable-app tests do): the
 * worker precaches every built file, which for each of the suite's hundred-odd contexts cost more
 * than the tests themselves; the pages work the same without it (docs/decisions.md, issue 11).
 *
 * One Chromium serves every file of a worker (the browser suite runs without isolation, so this
 * module lives as long as the worker): each call gets a handle of its own whose `close()` closes
 * only the contexts it opened, which is all a test ever meant by closing "its" browser. Two handles
 * are still two separate people: contexts share no cookies, storage or sockets. Starting and
 * stopping Chromium for each of the suite's ~100 handles cost more than a minute of CI.
 */
export async function launchBrowser(): Promise<Browser> {
  shared ??= startChromium();
  let browser: Browser;
  try {
    browser = await shared;
    if (!browser.isConnected()) throw new Error('Chromium has gone');
  } catch {
    shared = startChromium();
    browser = await shared;
  }
  const opened = new Set<BrowserContext>();
  const handle = Object.create(browser) as Browser;
  handle.newContext = async (options = {}) => {
    const context = await browser.newContext({ serviceWorkers: 'block', ...options });
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  handle.newPage = async (options = {}) => {
    const context = await handle.newContext(options);
    const page = await context.newPage();
    page.once('close', () => void context.close().catch(() => {}));
    return page;
  };
  handle.close = async () => {
    await Promise.all([...opened].map((c) => c.close().catch(() => {})));
  };
  handle.contexts = () => [...opened];
  return handle;
}

let shared: Promise<Browser> | undefined;

function startChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
}

/** A page in a fresh context on the e2e server (or `options.baseURL`), 1440x900 unless told. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 1440, height: 900 }, ...options });
  return context.newPage();
}

/** Signs in through the login page (the demo operator unless told) and waits for the shell. */
export async function signIn(page: Page, email = inject('operatorEmail'), password = inject('demoPassword')): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/tabs\/tabs\//);
}

export interface OpenOptions {
  email?: string;
  password?: string;
  context?: BrowserContextOptions;
  /** Runs on the new page before it signs in (listeners that must see everything). */
  prepare?(page: Page): void;
}

/** A browser and a page signed in as the demo operator (or `options.email`). */
export async function openSignedIn(options: OpenOptions = {}): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  const page = await newPage(browser, options.context);
  options.prepare?.(page);
  await signIn(page, options.email, options.password);
  return { browser, page };
}

/** A GET on the API with the page's session (the call may carry its own query). */
export function apiGet<T>(page: Page, call: string): Promise<T> {
  return page.evaluate(async (c) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string };
    const res = await fetch(`/api/v1/${c}`, { headers: { Authorization: `Bearer ${user.token}` } });
    return res.json();
  }, call) as Promise<T>;
}

/** A POST on the API with the page's session and its anti-forgery cookie. */
export function apiPost<T>(page: Page, call: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ call, body }) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string };
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(`/api/v1/${call}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: JSON.stringify(body),
      });
      return res.json();
    },
    { call, body },
  ) as Promise<T>;
}

/** The signed-in user's current site, from the stored session. */
export function siteOf(page: Page): Promise<number> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { siteid: number }).siteid);
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

/** What to write over a real vehicle record: the values one bad device record (or a bug) can put there. */
export const HOSTILE_PATCHES: readonly Record<string, unknown>[] = [
  { lat: -214.7, lon: 214.7 }, // the Teltonika int32 of issue 8
  { lat: 200, lon: -1.5 },
  { lat: 'NaN', lon: 'Infinity' },
  { lat: null, lon: null, updated: new Date().toISOString() },
  { lat: 1e308, lon: -1e308, speed: 1e308 },
  { lat: 0, lon: 0 },
  { lat: 53.8, lon: null },
  { speed: -50, direction: 1e308, ign: 1, updated: '9999-12-31T23:59:59Z' },
  { speed: 'fast', ign: null, direction: 'north', updated: 'not a time', vehiclealarm: 'yes' },
  { registration: `HUGE${'W'.repeat(5000)}`, drivername: 'D'.repeat(5000), loc: `~AM~${'L'.repeat(5000)}` },
  { unittype: 987_654, vicon: '../../no-such-icon.png', ptotrigger1: 1e308, ptotrigger2: -1 },
  { registration: null, drivername: 42, loc: { at: 'nowhere' }, updated: -1 },
  { updated: '+275760-09-13T00:00:00.001Z', speed: Number.MAX_SAFE_INTEGER, direction: -720 },
];

/**
 * The vehicles answer with the first records overwritten by HOSTILE_PATCHES. The rest stay real,
 * given a sane position around Leeds when they have none (the e2e server runs no simulator), so the
 * map has good vehicles to fit and draw beside the bad ones.
 */
export function hostileVehicles(vehicles: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return vehicles.map((v, i) => {
    const patch = HOSTILE_PATCHES[i];
    if (patch) return { ...v, ...patch };
    if (typeof v.lat === 'number' && typeof v.lon === 'number') return v;
    return { ...v, lat: 53.75 + (i % 5) * 0.02, lon: -1.6 + Math.floor(i / 5) * 0.03, updated: new Date().toISOString() };
  });
}

/**
 * Waits for the fleet page to show its map canvas and its vehicle list, and checks that neither
 * the route's error screen nor a panel's error message is showing.
 */
export async function waitForFleetPage(page: Page): Promise<void> {
  const canvas = page.getByRole('region', { name: "Map of the site's vehicles" }).locator('canvas.maplibregl-canvas');
  const list = page.getByRole('list', { name: 'Vehicles' }).locator('li[data-unit]').first();
  const broken = page.getByRole('heading', { name: 'Something went wrong' });
  await Promise.race([
    Promise.all([canvas.waitFor({ timeout: 30_000 }), list.waitFor({ timeout: 30_000 })]),
    broken.waitFor({ timeout: 30_000 }).then(() => {
      throw new Error('the fleet page shows "Something went wrong"');
    }),
  ]);
  // Give a throwing camera or overlay the moment it needs to take the page down.
  await page.waitForTimeout(1500);
  if ((await broken.count()) > 0) throw new Error('the fleet page shows "Something went wrong"');
  const box = await canvas.boundingBox();
  if (!box || box.width < 100 || box.height < 100) throw new Error('the fleet map is not drawn');
  const panelErrors = await page.locator('[data-panel-error]').allTextContents();
  if (panelErrors.length > 0) throw new Error(`a panel failed: ${panelErrors.join(' | ')}`);
}

/**
 * Plays a Teltonika device over TCP that may be refused: logs in with `imei` and sends each record
 * as its own packet, waiting up to `waitMs` for each answer; a connection the server closes is
 * opened again for the next record. Resolves with the number of records the server acknowledged.
 */
export async function sendTeltonikaTcp(imei: string, records: readonly AvlRecord[], waitMs = 3000): Promise<number> {
  let acked = 0;
  let sock: net.Socket | null = null;
  let received = Buffer.alloc(0);
  let closed = true;
  const waitFor = async (bytes: number) => {
    const end = Date.now() + waitMs;
    while (received.length < bytes && !closed && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return received.length >= bytes;
  };
  for (const record of records) {
    if (closed) {
      sock?.destroy();
      const s = net.connect(inject('teltonikaPort'), '127.0.0.1');
      sock = s;
      received = Buffer.alloc(0);
      closed = false;
      s.on('data', (c: Buffer) => {
        received = Buffer.concat([received, c]);
      });
      s.on('close', () => {
        closed = true;
      });
      s.on('error', () => {
        closed = true;
      });
      await new Promise((r) => s.once('connect', r));
      s.write(encodeImeiLogin(imei));
      if (!(await waitFor(1)) || received[0] !== 1) throw new Error(`the server refused the login of ${imei}`);
      received = received.subarray(1);
    }
    sock?.write(encodeAvlPacket({ codec: CODEC_8E, records: [record] }));
    if (await waitFor(4)) {
      acked += received.readUInt32BE(0);
      received = received.subarray(4);
    } else {
      closed = true;
    }
  }
  sock?.destroy();
  return acked;
}

/** Sends one datagram to the server's Teltonika UDP port; resolves with its answer, or null after `waitMs`. */
export async function sendUdp(datagram: Buffer, waitMs = 3000): Promise<Buffer | null> {
  const sock = dgram.createSocket('udp4');
  try {
    return await new Promise<Buffer | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), waitMs);
      sock.once('message', (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      sock.send(datagram, inject('teltonikaPort'), '127.0.0.1');
    });
  } finally {
    sock.close();
  }
}

/** Plays a Teltonika device over UDP: one datagram carrying `records`; resolves with the answer or null. */
export function sendTeltonikaUdp(imei: string, records: readonly AvlRecord[], packetId: number): Promise<Buffer | null> {
  return sendUdp(encodeUdpDatagram({ packetId, avlPacketId: packetId & 0xff, imei, packet: { codec: CODEC_8E, records: [...records] } }));
}

/** Plays the OsmAnd phone app: one GET with these query parameters; resolves with the HTTP status. */
export async function sendOsmand(params: Record<string, string>): Promise<number> {
  const url = new URL(`http://127.0.0.1:${inject('osmandPort')}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.status;
}

/**
 * The accessibility gate (WCAG 2.2 AA): runs axe-core on the page as it is now and throws, naming
 * each rule, its impact and the first nodes, when any critical or serious violation is found.
 * `what` names the page state in the message ("fleet, phone, vehicle selected").
 */
export async function expectAccessible(page: Page, what: string, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  if (bad.length === 0) return;
  const lines = bad.map((v) => {
    const nodes = v.nodes.slice(0, 3).map((n) => `      ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`);
    return `  ${v.id} (${v.impact}, ${v.nodes.length} node(s)): ${v.help}\n${nodes.join('\n')}`;
  });
  throw new Error(`accessibility violations on ${what}:\n${lines.join('\n')}`);
}
