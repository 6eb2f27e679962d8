import type { BrandRecord } from '@fleet/shared';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { apiGet, apiPost, expectAccessible, launchBrowser, newPage, openSignedIn } from './support.ts';

// The brand editor (issue 15): a super administrator edits another brand's name, colour and logo on
// the brand page, and that brand's host shows them on its next page load — the same running server,
// no restart.

const altBaseUrl = inject('altBaseUrl');
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40"><rect width="160" height="40" rx="6" fill="#6b2f8f"/>'
  + '<text x="12" y="27" font-size="18" fill="#ffffff">E2E North</text></svg>';

let restore: (() => Promise<void>) | undefined;
afterAll(async () => { await restore?.(); });

describe('brand edits', () => {
  it("show on the brand's host without a restart", async () => {
    const su = await openSignedIn({ email: 'super@fleet.test', password: 'Super!2026pass' });
    const { brands } = await apiGet<{ brands: BrandRecord[] }>(su.page, 'brands');
    const original = brands.find((b) => b.key === 'northway');
    if (!original) throw new Error('no northway brand');
    restore = async () => {
      const { id, hosts, name, strapline, themeColor, logoSvg, faviconSvg, senderAddress, privacyUrl, publicUrl, mapStyle, mapSatellite, mapHosts } = original;
      await apiPost(su.page, 'savebrand', { id, hosts, name, strapline, themeColor, logoSvg, faviconSvg, senderAddress, privacyUrl, publicUrl, mapStyle, mapSatellite, mapHosts });
      await su.browser.close();
    };

    // The page before: the brand as it is now.
    const visitor = await launchBrowser();
    const before = await newPage(visitor, { baseURL: altBaseUrl });
    await before.goto('/login');
    await expect.poll(() => before.title()).toContain(original.name);

    await su.page.goto('/tabs/tabs/config');
    await su.page.getByRole('link', { name: 'Open Brands' }).click();
    await su.page.getByLabel('Brand', { exact: true }).first().click();
    await su.page.getByRole('option', { name: original.name }).click();
    const form = su.page.getByRole('form', { name: 'Brand details' });
    await expect.poll(() => form.getByLabel(/^Name/).inputValue()).toBe(original.name);
    await expectAccessible(su.page, 'the brand editor');
    await form.getByLabel(/^Name/).fill('Northway Edited Live');
    await form.getByLabel('Strapline').fill('Changed while running');
    await form.getByLabel('Brand colour').fill('#6b2f8f');
    await form.getByLabel('Logo (SVG)').fill(LOGO);
    // The preview follows the fields before anything is saved.
    await su.page.getByTestId('brand-preview').getByRole('heading', { name: 'Northway Edited Live' }).waitFor();
    await form.getByRole('button', { name: 'Save brand' }).click();
    await su.page.getByRole('status').getByText('Northway Edited Live is saved: its pages show the change now.').waitFor();

    // The brand's host, reloaded: new name, strapline, colour and logo.
    await before.reload();
    await expect.poll(() => before.title(), { timeout: 10_000 }).toContain('Northway Edited Live');
    const logo = before.getByTestId('brand-logo');
    await logo.waitFor();
    expect(await logo.getAttribute('alt')).toBe('Northway Edited Live logo');
    await before.getByText('Changed while running').waitFor();
    expect(await before.locator('meta[name="theme-color"]').first().getAttribute('content')).toBe('#6b2f8f');
    const served = await before.evaluate(async (src) => (await fetch(src ?? '')).text(), await logo.getAttribute('src'));
    expect(served).toBe(LOGO);
    await visitor.close();
  });
});
