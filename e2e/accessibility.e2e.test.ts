import { TABS_PREFIX } from '@fleet/shared';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppRoute, appRoutes, isBuiltPage } from '../apps/web/src/app/route-table.ts';
import { apiGet, expectAccessible, launchBrowser, signIn, siteOf, waitForFleetPage } from './support.ts';

// The accessibility gate (issue 10, item 9: WCAG 2.2 AA). Every page of the web's route table, at
// desktop and phone size, for each kind of account that may open it, plus the states a person meets
// on the way (modals open, the menu drawer, a vehicle selected, a failed sign-in); axe-core must find
// no critical or serious violation in any. The page list comes from the route table, so a page added
// later is visited without touching this file; a new route parameter needs a sample value below.
// The same file checks the keyboard and touch promises that axe cannot see (focus return, the ring on
// inputs, 44 px targets, the site name in full, the e-mail field focused, no stale sign-in error).

const baseUrl = inject('baseUrl');
const altBaseUrl = inject('altBaseUrl');
const password = inject('demoPassword');

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const SIZES: Record<'desktop' | 'phone', BrowserContextOptions> = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: IPHONE_UA },
};
// Reduced motion: what many people with vestibular disorders set; it also keeps the map's animations
// from taking the CPU axe needs.
const COMMON: BrowserContextOptions = { reducedMotion: 'reduce' };
type Size = keyof typeof SIZES;

interface Account {
  kind: string;
  email: string;
  password: string;
  /** Sees the administrators' pages (config, superadmin). */
  admin: boolean;
  /**
   * Which shell pages it walks, besides the fleet and the dashboard: all it may open ('all'), or only
   * the super administrators' own page ('super'), or none ('landing'). The site administrator walks
   * every page with the most controls shown; the operator's pages are the same components with fewer
   * of them (its fleet page with a vehicle selected is walked below), and the super administrator's
   * other pages are the site administrator's on the site it picked: walking them again would double
   * the run (CI's time is bounded).
   */
  walk: 'all' | 'super' | 'landing';
}
const ACCOUNTS: Account[] = [
  { kind: 'operator', email: inject('operatorEmail'), password, admin: false, walk: 'landing' },
  { kind: 'site admin', email: inject('adminEmail'), password, admin: true, walk: 'all' },
  { kind: 'super admin', email: 'super@fleet.test', password: 'Super!2026pass', admin: true, walk: 'super' },
];

/** What a page's parameters are filled with; each value list is visited in turn. */
interface Samples {
  siteUuid: string;
  unitId: number;
}
const PARAMS: Record<string, (s: Samples, pattern: string) => string[]> = {
  uuid: (s) => [s.siteUuid],
  aid: () => ['0'],
  uid: (s) => [String(s.unitId)],
  // config/:list shows a panel per list (and says so for one it does not have); alerts/:list one list
  // each; a list's item pages are the same list page, visited on one list.
  list: (_s, pattern) => {
    if (pattern === 'config/:list') return ['outbox', 'workinghours'];
    // Built lists share one table: panic, zone and run-over show the three kinds of rows; vcl is not built.
    if (pattern === 'alerts/:list') return ['panic', 'zone', 'runover', 'vcl'];
    return pattern.startsWith('config') ? ['outbox'] : ['zone'];
  },
  id: () => ['1'],
  mode: () => ['edit'],
  mid: () => ['1'],
  reset: () => ['1'],
  wcnumber: () => ['1'],
  jump: () => ['latest'],
  email: () => ['nobody@example.com'],
  guid: () => ['00000000-0000-4000-8000-000000000000'],
};

/** Every path a route pattern stands for, with sample parameters; throws for a parameter without samples. */
function pathsOf(route: AppRoute, samples: Samples): string[] {
  let paths = [route.path];
  for (const name of route.path.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? []) {
    const values = PARAMS[name]?.(samples, route.def.pattern);
    if (!values) throw new Error(`route ${route.path}: add sample values for :${name} to PARAMS in e2e/accessibility.e2e.test.ts`);
    paths = paths.flatMap((p) => values.map((v) => p.replace(`:${name}`, encodeURIComponent(v))));
  }
  return paths;
}

/**
 * Routes that move on to another address by design once opened: fleetnavigator/{reset} forgets the
 * kept period and opens this week's league at fleetnavigator (issue 16, docs/decisions.md).
 */
const LANDS_ON: Readonly<Record<string, string>> = { 'fleetnavigator/:reset': `${TABS_PREFIX}/fleetnavigator` };

/** Page keys that are another key's page under a second name (app/page-modules.ts maps both to one loader). */
const ALIASES: ReadonlySet<string> = new Set(['suoperadmin']);

/**
 * The shell's routes (each page is mounted at /x and /tabs/tabs/x: the second is what the menu links):
 * every page that has its own module, and one of the pages that show the shared "not available yet"
 * placeholder (the same component on each).
 */
const SHELL_ROUTES = (() => {
  // Driver mode's pages need a cab device (e2e/driver-mode.e2e.test.ts checks them).
  const shell = appRoutes().filter((r) => r.path.startsWith(TABS_PREFIX) && !['public', 'driver', 'driverentry'].includes(r.access));
  const placeholder = shell.find((r) => !isBuiltPage(r.def.page) && r.access === 'session');
  // suoperadmin is the spec's misspelt twin of superadmin (same module, same rights): visited once, as superadmin.
  return shell.filter((r) => (isBuiltPage(r.def.page) || r === placeholder || r.access === 'optional') && !ALIASES.has(r.def.page));
})();
const PUBLIC_ROUTES = appRoutes().filter((r) => !r.path.startsWith(TABS_PREFIX) && r.access === 'public');

let browser: Browser;
const contexts: BrowserContext[] = [];
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const states = new Map<string, Promise<StorageState>>();

/** A signed-in session per account, made once (the sign-in call is rate-limited per address). */
function stateOf(email: string, pass = password, url = baseUrl): Promise<StorageState> {
  const key = `${url} ${email}`;
  let state = states.get(key);
  if (!state) {
    state = (async () => {
      const page = await context('desktop', { baseURL: url });
      await signIn(page, email, pass);
      return page.context().storageState();
    })();
    states.set(key, state);
  }
  return state;
}

async function context(size: Size, options: BrowserContextOptions = {}): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: baseUrl, ...COMMON, ...SIZES[size], ...options });
  contexts.push(ctx);
  return ctx.newPage();
}

/** Moves within the app as a link would (no reload): the router follows the history entry. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits until the page has drawn its content: no loader, skeleton or busy region left. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.querySelector('#main-content, main') !== null &&
        document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root[data-visible], [aria-busy="true"]') === null,
      undefined,
      { timeout: 5000, polling: 100 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(250);
}

const timing = process.env.A11Y_TIMING === '1';

/** The super administrators' own pages (the estate, brands and unknown devices live there). */
const SUPER_PAGES: ReadonlySet<string> = new Set(['superadmin']);

/**
 * Visits every shell page the account may open at one size, runs the gate on each, and returns the
 * failures (all of them, so one run lists everything to fix).
 */
async function walkShell(page: Page, account: Account, size: Size, samples: Samples): Promise<string[]> {
  const failures: string[] = [];
  const routes = SHELL_ROUTES.filter((r) => (account.admin || r.access !== 'admin') &&
    (account.walk === 'all' || (account.walk === 'super' && SUPER_PAGES.has(r.def.page)) || ['fleet', 'dashboard'].includes(r.def.page)));
  for (const route of routes) {
    // The operator's fleet page with a vehicle selected is checked below, at both sizes, with the map
    // drawn and the drivers tab ('states a person meets on the way'): not visited twice.
    if (account.kind === 'operator' && route.path === `${TABS_PREFIX}/fleet/:aid/:uid`) continue;
    for (const path of pathsOf(route, samples)) {
      const started = Date.now();
      await navigate(page, path);
      await settle(page);
      expect(new URL(page.url()).pathname, `${account.kind} stays on ${path}`).toBe(LANDS_ON[route.def.pattern] ?? path);
      const settled = Date.now();
      await expectAccessible(page, `${path} (${account.kind}, ${size})`).catch((e: Error) => failures.push(e.message));
      if (timing) console.log(`${account.kind} ${size} ${path}: settle ${settled - started} ms, axe ${Date.now() - settled} ms`);
    }
  }
  return failures;
}

async function check(page: Page, what: string, failures: string[]): Promise<void> {
  await expectAccessible(page, what).catch((e: Error) => failures.push(e.message));
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const ctx of contexts) await ctx.close().catch(() => undefined);
  await browser?.close();
});

describe('every page passes axe (WCAG 2.2 AA, no critical or serious violation)', () => {
  for (const account of ACCOUNTS) {
    it(`signed in as ${account.kind}, at desktop and phone size`, { timeout: 360_000 }, async () => {
      const failures: string[] = [];
      const state = await stateOf(account.email, account.password);
      const desktop = await context('desktop', { storageState: state });
      const phone = await context('phone', { storageState: state });
      for (const page of [desktop, phone]) {
        await page.goto(`${TABS_PREFIX}/dashboard`);
        await settle(page);
      }

      const { routeuuid } = await desktop.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { routeuuid?: string });
      const { vehicles } = await apiGet<{ vehicles?: { unitid: number }[] }>(desktop, `vehicles?siteid=${await siteOf(desktop)}`);
      const samples: Samples = { siteUuid: routeuuid || '00000000-0000-4000-8000-000000000000', unitId: vehicles?.[0]?.unitid ?? 1 };

      // The two sizes walk side by side (two renderers: axe is CPU-bound and the machine has two cores).
      const walks = await Promise.all([walkShell(desktop, account, 'desktop', samples), walkShell(phone, account, 'phone', samples)]);
      failures.push(...walks.flat());
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }

  it('signed out: the public pages, and the pages that work without a session', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    const signedOutRoutes = [...PUBLIC_ROUTES, ...SHELL_ROUTES.filter((r) => r.access === 'optional')];
    for (const size of ['desktop', 'phone'] as const) {
      const page = await context(size);
      await page.goto('/login');
      for (const route of signedOutRoutes) {
        for (const path of pathsOf(route, { siteUuid: '00000000-0000-4000-8000-000000000000', unitId: 1 })) {
          await navigate(page, path);
          await settle(page);
          await check(page, `${path} (signed out, ${size})`, failures);
          // The reset link opens the change-password modal over the login page: close it for the next page.
          if (route.def.resetMode) await page.keyboard.press('Escape');
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('the second brand (northway.localhost): login, dashboard, fleet and an alert list', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const size of ['desktop', 'phone'] as const) {
      const signedOut = await context(size, { baseURL: altBaseUrl });
      await signedOut.goto('/login');
      await signedOut.getByLabel('E-mail').waitFor();
      await check(signedOut, `/login (northway, ${size})`, failures);
      const page = await context(size, { baseURL: altBaseUrl, storageState: await stateOf('ops@northway.example', password, altBaseUrl) });
      await page.goto(`${TABS_PREFIX}/dashboard`);
      for (const path of ['dashboard', 'fleet', 'alerts/zone'].map((p) => `${TABS_PREFIX}/${p}`)) {
        await navigate(page, path);
        await settle(page);
        await check(page, `${path} (northway operator, ${size})`, failures);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});

describe('states a person meets on the way', () => {
  let operatorState: StorageState;

  beforeAll(async () => {
    operatorState = await stateOf(inject('operatorEmail'));
  });

  for (const size of ['desktop', 'phone'] as const) {
    it(`${size}: the menu drawer, Change Password and the logout confirmation; focus returns to the opener`, async () => {
      const failures: string[] = [];
      const page = await context(size, { storageState: operatorState });
      await page.goto(`${TABS_PREFIX}/dashboard`);
      await settle(page);
      const burger = page.getByRole('button', { name: 'Open menu' });
      const openMenu = async () => {
        if (size === 'desktop') return page.getByRole('navigation', { name: 'Main menu' });
        await burger.click();
        const drawer = page.getByRole('dialog', { name: 'Main menu' });
        await drawer.waitFor();
        return drawer;
      };

      if (size === 'phone') {
        // The burger and the site name: 44 px targets, the name in full.
        const box = await burger.boundingBox();
        expect(box?.width).toBeGreaterThanOrEqual(44);
        expect(box?.height).toBeGreaterThanOrEqual(44);
        await openMenu();
        await check(page, `the menu drawer (operator, ${size})`, failures);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }

      // Change Password, opened by keyboard, closed with Esc: focus goes back where it came from.
      const menu = await openMenu();
      const changeButton = menu.getByRole('button', { name: 'Change Password' });
      await changeButton.focus();
      await page.keyboard.press('Enter');
      const modal = page.getByRole('dialog', { name: 'Change Password' });
      await modal.waitFor();
      await check(page, `Change Password open (operator, ${size})`, failures);
      const close = modal.getByRole('button', { name: 'Close' });
      expect(await close.count(), 'the modal ✕ has a name').toBe(1);
      if (size === 'phone') {
        const box = await close.boundingBox();
        expect(box?.width).toBeGreaterThanOrEqual(44);
        expect(box?.height).toBeGreaterThanOrEqual(44);
      }
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      // On the phone the opener was in the drawer, which closed: focus goes to the menu button.
      const expected = size === 'desktop' ? changeButton : burger;
      await expect.poll(() => expected.evaluate((el) => el === document.activeElement), { timeout: 2000 }).toBe(true);

      // The logout confirmation: same promises.
      const menu2 = await openMenu();
      const logout = menu2.getByRole('button', { name: 'Logout' });
      await logout.focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Logout' });
      await confirm.waitFor();
      await check(page, `logout confirmation open (operator, ${size})`, failures);
      expect(await confirm.getByRole('button', { name: 'Close' }).count()).toBe(1);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      const expected2 = size === 'desktop' ? logout : burger;
      await expect.poll(() => expected2.evaluate((el) => el === document.activeElement), { timeout: 2000 }).toBe(true);
      expect(failures, failures.join('\n')).toEqual([]);
    });

    it(`${size}: the fleet page with a vehicle selected, and its drivers tab`, async () => {
      const failures: string[] = [];
      const page = await context(size, { storageState: operatorState });
      await page.goto(`${TABS_PREFIX}/dashboard`);
      const { vehicles } = await apiGet<{ vehicles: { unitid: number }[] }>(page, `vehicles?siteid=${await siteOf(page)}`);
      const unit = vehicles[0]?.unitid;
      if (unit === undefined) throw new Error('the demo site has no vehicles');
      await page.goto(`${TABS_PREFIX}/fleet/0/${unit}`);
      // On a phone the list and the map take turns; on a desktop both show.
      if (size === 'desktop') await waitForFleetPage(page);
      else await page.locator('canvas.maplibregl-canvas').first().waitFor({ state: 'attached', timeout: 30_000 });
      await settle(page);
      await check(page, `fleet, vehicle ${unit} selected (operator, ${size})`, failures);
      const driversTab = page.getByRole('tab', { name: 'Drivers' });
      if ((await driversTab.count()) > 0) {
        await driversTab.click();
        await settle(page);
        await check(page, `fleet, drivers tab (operator, ${size})`, failures);
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }

  it('the site name is the switcher, in full on a phone, and its picker passes', async () => {
    const failures: string[] = [];
    // The super administrator sees every customer's sites, so the switcher is there.
    for (const size of ['desktop', 'phone'] as const) {
      const page = await context(size, { storageState: await stateOf('super@fleet.test', 'Super!2026pass') });
      await page.goto(`${TABS_PREFIX}/dashboard`);
      const sitename = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { sitename: string }).sitename);
      const switcher = page.getByRole('button', { name: `${sitename}, switch site` });
      await switcher.waitFor();
      const name = page.getByTestId('site-name');
      expect(await name.textContent()).toBe(sitename);
      // Not cut: nothing of the name is hidden by its box.
      const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
      expect(cut, `"${sitename}" is cut at ${size} size`).toBe(false);
      const box = await switcher.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      await switcher.click();
      const picker = page.getByRole('dialog', { name: 'Switch customer or site' });
      await picker.waitFor();
      await settle(page);
      await check(page, `the site switcher open (super admin, ${size})`, failures);
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'detached' });
      await expect.poll(() => switcher.evaluate((el) => el === document.activeElement), { timeout: 2000 }).toBe(true);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  for (const size of ['desktop', 'phone'] as const) {
    it(`${size}: the login page: e-mail focused, rings on inputs, forgot password, no stale sign-in error`, async () => {
      const failures: string[] = [];
      const page = await context(size);
      await page.goto('/login');
      const email = page.getByLabel('E-mail');
      await email.waitFor();
      await expect.poll(() => email.evaluate((el) => el === document.activeElement), { timeout: 5000 }).toBe(true);
      // A 2 px ring on a focused input.
      const ring = await email.evaluate((el) => {
        const s = getComputedStyle(el);
        return { style: s.outlineStyle, width: s.outlineWidth };
      });
      expect(ring).toEqual({ style: 'solid', width: '2px' });
      // The first load carries only some of Mantine's styles, in dependency order: the primary button is filled.
      const fill = await page.getByRole('button', { name: 'Sign in' }).evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(fill).not.toBe('rgba(0, 0, 0, 0)');

      // The forgot-password modal: passes, its ✕ has a name, Esc returns focus to the link.
      const forgot = page.getByRole('button', { name: 'Forgot password?' });
      await forgot.focus();
      await page.keyboard.press('Enter');
      const modal = page.getByRole('dialog');
      await modal.waitFor();
      await check(page, `forgot password open (${size})`, failures);
      expect(await modal.getByRole('button', { name: 'Close' }).count()).toBe(1);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await expect.poll(() => forgot.evaluate((el) => el === document.activeElement), { timeout: 2000 }).toBe(true);

      // A failed sign-in shows its error; editing a field (or a new attempt's hints) takes it away.
      // An unknown account (a wrong password would count towards locking the operator out).
      await email.fill('nobody@aire-valley.example');
      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const failed = page.getByRole('alert').filter({ hasText: 'Sign-in failed' });
      await failed.waitFor();
      await check(page, `login, sign-in failed (${size})`, failures);
      await page.getByLabel('Password', { exact: true }).fill('another try');
      await failed.waitFor({ state: 'detached', timeout: 2000 });

      await page.getByRole('button', { name: 'Sign in' }).click();
      await failed.waitFor();
      await email.fill('');
      await failed.waitFor({ state: 'detached', timeout: 2000 });
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The new hint (no e-mail) stands alone.
      await page.getByText(/e-mail/i).and(page.locator('.mantine-InputWrapper-error')).first().waitFor();
      expect(await failed.count()).toBe(0);
      await check(page, `login, field hints (${size})`, failures);
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
