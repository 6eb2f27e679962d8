import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, apiPost, expectAccessible, openSignedIn } from './support.ts';

// Issue 15 item 4: a site administrator changes the site's settings on fleetconfig; the saved
// values come back on a reload and the session carries them; mobileconfig is reachable.
const SLOW = { timeout: 15_000 };
let browser: Browser;
let admin: Page;
let idleBefore = 1;

beforeAll(async () => {
  ({ browser, page: admin } = await openSignedIn({ email: inject('adminEmail') }));
  idleBefore = (await apiGet<{ settings: { idleMinutes: number } }>(admin, 'sitesettings')).settings.idleMinutes;
});
afterAll(async () => {
  await apiPost(admin, 'savesitesettings', { settings: { idleMinutes: idleBefore } }).catch(() => undefined);
  await browser?.close();
});

describe('site settings pages', () => {
  it('saves the idle threshold on fleetconfig; a reload shows it and the session carries it', async () => {
    await admin.goto('/tabs/tabs/fleetconfig');
    const idle = admin.getByLabel('Report idling longer than');
    await idle.waitFor(SLOW);
    await expectAccessible(admin, 'fleetconfig');
    const next = idleBefore === 7 ? 8 : 7;
    await idle.fill(String(next));
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await admin.getByText('Site settings saved.').waitFor(SLOW);
    await admin.reload();
    await expect.poll(async () => admin.getByLabel('Report idling longer than').inputValue(), SLOW).toBe(String(next));
    const user = await apiGet<{ user: { sitesettings?: { idleMinutes: number } } }>(admin, 'user');
    expect(user.user.sitesettings?.idleMinutes).toBe(next);
  });

  it('opens navigatorconfig and mobileconfig (the cab devices) for an administrator', async () => {
    await admin.goto('/tabs/tabs/navigatorconfig');
    await admin.getByRole('heading', { name: 'Navigator settings', level: 1 }).waitFor(SLOW);
    await admin.goto('/tabs/tabs/mobileconfig');
    await admin.getByRole('heading', { name: 'Cab devices', level: 1 }).waitFor(SLOW);
  });
});
