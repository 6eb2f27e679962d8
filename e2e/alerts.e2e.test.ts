import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// Browser tests of the alerts work (issue 4, items 7-10): the dashboard's six categories (and device
// alarms since issue 13), each with
// the server's count (check lists since issue 11), a category jump, and the site message an
// administrator sets appearing in the bar (live, for a user already on the site). The e2e server runs
// no device traffic, so no panic or geofence alert is raised here.
const baseUrl = inject('baseUrl');
const operatorEmail = inject('operatorEmail');
const adminEmail = inject('adminEmail');
const demoPassword = inject('demoPassword');

const CATEGORIES = ['Panic', 'Zone Alerts', 'Vehicle Check Lists', 'Servicing', 'Run Over', 'SPN Alerts', 'Device Alarms'];

let browser: Browser;
const contexts: BrowserContext[] = [];

async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/tabs\/tabs\//);
  return page;
}

/** A call on the API with the page's session (and its XSRF cookie for POSTs). */
function api<T>(page: Page, call: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ call, body }) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string };
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(`/api/v1/${call}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer ${user.token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
    { call, body },
  ) as Promise<T>;
}

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: inject('chromiumPath'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

describe('dashboard', () => {
  it('shows the six categories and device alarms, each with its count from the server', async () => {
    const page = await signedIn(operatorEmail);
    await page.goto('/tabs/tabs/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Alert categories' });
    await nav.waitFor();
    const { counts } = await api<{ counts: Record<string, number | null> }>(page, 'dashalerts');
    const tiles = nav.getByRole('link');
    expect(await tiles.count()).toBe(7);
    for (const [i, name] of CATEGORIES.entries()) {
      const tile = tiles.nth(i);
      expect(await tile.textContent()).toContain(name);
      expect(await tile.getByText('Not available yet').count()).toBe(0);
    }
    // The built ones show the server's open counts, never an invented number.
    for (const [name, key] of [['Panic', 'panic'], ['Zone Alerts', 'zone'], ['Vehicle Check Lists', 'vcl'], ['Servicing', 'servicing'], ['Run Over', 'runover'], ['SPN Alerts', 'spn'], ['Device Alarms', 'device']] as const) {
      const tile = nav.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect.poll(() => tile.textContent()).toBe(`${name}${counts[key]}open`);
    }
    expect(typeof counts.vcl).toBe('number');

    await nav.getByRole('link', { name: /^Zone Alerts/ }).click();
    await page.waitForURL((u) => u.pathname === '/tabs/tabs/alerts/zone');
    await page.getByRole('heading', { level: 1, name: 'Zone Alerts' }).waitFor();

    await page.goto('/tabs/tabs/alerts/vcl');
    await page.getByRole('heading', { level: 1, name: 'Vehicle Check Lists' }).waitFor();
    expect(await page.getByText('Vehicle Check Lists is not available yet.').count()).toBe(0);
  });

  it('dashboard/:jump opens that category straight away', async () => {
    const page = await signedIn(operatorEmail);
    await page.goto('/tabs/tabs/dashboard/spn');
    await page.waitForURL((u) => u.pathname === '/tabs/tabs/alerts/spn');
    await page.getByRole('heading', { level: 1, name: 'SPN Alerts' }).waitFor();
  });
});

describe('site message', () => {
  it('an administrator sets it on the dashboard and it appears in the bar, also live for a user on the site', async () => {
    const operator = await signedIn(operatorEmail);
    await operator.goto('/tabs/tabs/dashboard');
    await operator.getByRole('navigation', { name: 'Alert categories' }).waitFor();
    // Operators see no editor.
    expect(await operator.getByRole('heading', { name: 'Site message' }).count()).toBe(0);

    const admin = await signedIn(adminEmail);
    const before = await api<{ message: string }>(admin, 'sitemessage');
    await admin.goto('/tabs/tabs/dashboard');
    const text = `Yard closed for cleaning at 14:00 (${Date.now()})`;
    const card = admin.getByRole('region', { name: 'Site message' });
    await card.getByLabel('Message').fill(text);
    await card.getByRole('button', { name: 'Save' }).click();
    await admin.getByTestId('site-message-bar').getByText(text).waitFor();

    // The operator's open page gets it through the site socket, without a reload.
    await operator.getByTestId('site-message-bar').getByText(text).waitFor({ timeout: 10_000 });

    // Closed, it stays closed for that text; a new text shows again.
    await operator.getByRole('button', { name: 'Close the site message' }).click();
    await operator.getByTestId('site-message-bar').waitFor({ state: 'detached' });
    await operator.reload();
    await operator.getByRole('navigation', { name: 'Alert categories' }).waitFor();
    expect(await operator.getByTestId('site-message-bar').count()).toBe(0);

    await api(admin, 'updatesitemessage', { msg: `${text} - now 15:00` });
    await operator.getByTestId('site-message-bar').getByText(`${text} - now 15:00`).waitFor({ timeout: 10_000 });

    await api(admin, 'updatesitemessage', { msg: before.message });
  });
});
