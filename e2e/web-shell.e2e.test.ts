import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support.ts';

// Browser tests of the web shell (issue 2): sign-in, menu, logout, routing, branding per host, phone layout.
const baseUrl = inject('baseUrl');
const altBaseUrl = inject('altBaseUrl');
const operatorEmail = inject('operatorEmail');

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let browser: Browser;
/** The operator's signed-in storage (localStorage 'user' + cookies), reused so we sign in rarely. */
let operatorState: Awaited<ReturnType<BrowserContext['storageState']>>;

const open = (options: BrowserContextOptions = {}, url = baseUrl): Promise<Page> =>
  newPage(browser, { baseURL: url, viewport: { width: 1280, height: 800 }, ...options });

async function storedMenu(page: Page): Promise<Array<{ name: string; link: string }>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.menu ?? []);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const page = await open();
  await signIn(page, operatorEmail);
  operatorState = await page.context().storageState();
});

afterAll(async () => {
  await browser?.close();
});

describe('signing in', () => {
  it("shows the shell with the user's own menu, Change Password and Logout", async () => {
    const page = await open({ storageState: operatorState });
    await page.goto('/tabs/tabs/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.waitFor();
    const menu = await storedMenu(page);
    expect(menu.length).toBeGreaterThan(0);
    for (const item of menu) {
      await nav.getByRole('link', { name: item.name, exact: true }).waitFor();
    }
    expect(await nav.getByRole('button', { name: 'Change Password' }).isVisible()).toBe(true);
    expect(await nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    // Desktop width and a desktop browser: the side menu is shown, so there is no burger.
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
    const sitename = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? '{}').sitename as string,
    );
    expect(await page.getByTestId('site-name').textContent()).toBe(sitename);
  });

  it('lands on the startup page, else the first menu entry', async () => {
    const page = await open();
    await signIn(page, operatorEmail);
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(user?.token).toBeTruthy();
    const expected: string = user.startup
      ? `/tabs/tabs/${String(user.startup).replace(/^\/?(tabs\/tabs\/)?/, '')}`
      : user.menu[0].link;
    expect(new URL(page.url()).pathname).toBe(expected);
    // Log this extra session out so it does not linger.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Yes please' }).click();
    await page.waitForURL(/\/tabs\/tabs\/popper$/);
  });
});

describe('logging out', () => {
  it('asks for confirmation, can be declined, then lands on popper signed out', async () => {
    const page = await open();
    await signIn(page, operatorEmail);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Logout of Application! Are you sure?').waitFor();
    await dialog.getByRole('button', { name: 'No Thanks' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toMatch(/^\/tabs\/tabs\//);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes please' }).click();
    await page.waitForURL(/\/tabs\/tabs\/popper$/);
    await page.getByRole('heading', { name: 'You have signed out' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    await page.getByRole('link', { name: 'Sign in again' }).click();
    await page.waitForURL(/\/login$/);
  });
});

describe('routes', () => {
  it.each(['/', '/userselect', '/nonsense', '/tabs/tabs', '/tabs/tabs/no/such/page'])(
    '%s redirects to /login',
    async (path) => {
      const page = await open();
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    },
  );

  it('serves a page at both /<page> and /tabs/tabs/<page>', async () => {
    const page = await open({ storageState: operatorState });
    // The fuel monitor (issue 16): the same page on either path, staying on the address it was opened at.
    for (const path of ['/tabs/tabs/fuelmonitor', '/fuelmonitor']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Fuel monitor' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });

  it('sends a signed-out visitor of a signed-in page to /login', async () => {
    const page = await open();
    await page.goto('/tabs/tabs/dashboard');
    await page.waitForURL((u) => u.pathname === '/login');
  });

  it('renders /mobileconfig (unreachable in the old client)', async () => {
    const page = await open();
    await page.goto('/mobileconfig');
    // Issue 15 made it the cab devices page (a signed-out visitor reads how a device becomes one).
    await page.getByRole('heading', { level: 1, name: 'Cab devices' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/mobileconfig');
  });
});

describe('branding follows the host', () => {
  async function brandOf(url: string) {
    const page = await open({}, url);
    await page.goto('/login');
    // Ask from inside the page: the second host name resolves in Chromium (*.localhost), not in Node.
    const brand = await page.evaluate(async () => {
      const answer = await fetch('/api/v1/brand').then((r) => r.json());
      return answer.brand as { name: string; logoUrl: string };
    });
    const logo = page.getByTestId('brand-logo');
    await logo.waitFor();
    expect(await logo.getAttribute('alt')).toBe(`${brand.name} logo`);
    expect(await logo.getAttribute('src')).toBe(brand.logoUrl);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toContain(brand.name);
    return brand;
  }

  it('shows a different name and logo on the second host', async () => {
    const main = await brandOf(baseUrl);
    const alt = await brandOf(altBaseUrl);
    expect(alt.name).not.toBe(main.name);
    expect(alt.logoUrl).not.toBe(main.logoUrl);
  });
});

describe('phone layout (390x844)', () => {
  it('hides the side menu and opens it from the burger', async () => {
    const page = await open({
      storageState: operatorState,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent: IPHONE_UA,
    });
    await page.goto('/tabs/tabs/dashboard');
    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);

    await burger.click();
    const nav = page.getByRole('dialog').getByRole('navigation', { name: 'Main menu' });
    await nav.waitFor();
    const first = (await storedMenu(page))[0];
    if (!first) throw new Error('the operator has no menu');
    await nav.getByRole('link', { name: first.name, exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('also hides the side menu in a narrow desktop window', async () => {
    const page = await open({ storageState: operatorState, viewport: { width: 1000, height: 800 } });
    await page.goto('/tabs/tabs/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const startup = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? '{}').startup as string,
    );
    // Spec: a desktop window of 1023 px or less shows the menu only when the user has a startup setting.
    const burgerShown = await page.getByRole('button', { name: 'Open menu' }).isVisible();
    expect(burgerShown).toBe(!startup);
  });
});
