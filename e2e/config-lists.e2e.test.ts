import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, apiPost, expectAccessible, openSignedIn } from './support.ts';

// The generic configuration editor (issue 15 room B) on a real server: the config index, a list
// searched and sorted on the server (state in the address), add through the form, view and edit
// modes in config/{list}/{id}/{mode}, and a delete that asks first and shows the server's refusal.
const POLL = { timeout: 15_000 };
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await openSignedIn({ email: inject('adminEmail') }));
});
afterAll(async () => {
  await browser?.close();
});

describe('configuration lists', () => {
  it('adds, finds, sorts, views and edits a group; its delete is refused while a schedule reports on it, then done', async () => {
    await page.goto('/tabs/tabs/config');
    await page.getByRole('link', { name: 'Open Groups' }).click();
    await page.waitForURL((u) => u.pathname === '/tabs/tabs/config/groups');
    await page.getByRole('link', { name: 'Add a group' }).click();
    await page.waitForURL((u) => u.pathname === '/tabs/tabs/config/groups/new');
    await page.getByLabel('Name').fill('E2E config group');
    await page.getByRole('combobox', { name: 'Vehicles' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/tabs/tabs/config/groups');

    // Search and sort go to the server and into the address.
    await page.getByRole('searchbox', { name: 'Search' }).fill('e2e config');
    await page.waitForURL((u) => u.searchParams.get('q') === 'e2e config');
    const rows = page.getByTestId('config-row');
    await expect.poll(() => rows.count(), POLL).toBe(1);
    await page.getByRole('button', { name: 'Sort by Vehicles' }).click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'count');
    await expectAccessible(page, 'config/groups list, desktop');

    const list = await apiGet<{ records: Array<{ id: number; name: string }> }>(page, 'configlist?list=groups&q=E2E%20config%20group');
    const id = list.records[0]!.id;
    const schedule = await apiPost<{ ok: number; id: number }>(page, 'updateconfigrecord', {
      mode: 'add', list: 'scheduledreports', id: 0,
      rec: { name: 'E2E group weekly', what: 'trips', metric: 'group', src: [id], range: 'lastweek', format: 'pdf', frequency: 'daily', at: '06:00', recipients: ['e2e@example.com'] },
    });
    expect(schedule.ok).toBe(1);

    // Delete asks first; the server refuses while the schedule reports on the group, and the question says why.
    await page.getByRole('button', { name: 'Delete E2E config group' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByTestId('config-delete-refusal').getByText('The scheduled report "E2E group weekly" reports on this group').waitFor(POLL);
    await expectAccessible(page, 'config/groups delete refused, desktop');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);

    // View mode, then edit mode, in the address.
    await page.getByRole('link', { name: 'View E2E config group' }).click();
    await page.waitForURL((u) => u.pathname === `/tabs/tabs/config/groups/${id}/view`);
    await page.getByTestId('config-view-units').getByRole('listitem').first().waitFor();
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL((u) => u.pathname === `/tabs/tabs/config/groups/${id}/edit`);
    await page.getByLabel('Name').fill('E2E config group renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/tabs/tabs/config/groups');
    const saved = await apiGet<{ record: { name: string; units: number[] } }>(page, `configrecord?list=groups&id=${id}`);
    expect(saved.record.name).toBe('E2E config group renamed');
    expect(saved.record.units).toHaveLength(1);

    // Once the schedule is gone the delete goes through.
    await apiPost(page, 'deleteconfigrecord', { mode: 'delete', list: 'scheduledreports', id: schedule.id });
    await page.goto('/tabs/tabs/config/groups?q=e2e%20config');
    await page.getByRole('button', { name: 'Delete E2E config group renamed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => rows.count(), POLL).toBe(0);
  });
});
