import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resetLinkIn, startSmtpSink, type SmtpSink } from '../apps/server/test/smtp-sink.ts';
import { launchBrowser, newPage, signIn } from './support.ts';

// Users administration (issue 15) in the browser: a site administrator adds a viewer, sends the
// welcome mail (read from the mail server, as its addressee reads it), the viewer sets a password,
// signs in and sees no buttons that change things; a failed units call signs out (spec 8).
const PASSWORD = 'Viewer!pass2026';
let browser: Browser;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink(inject('smtpPort'));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await smtp?.close();
});

describe('users administration', () => {
  const email = `viewer.${Date.now()}@aire-valley.example`;

  it('adds a viewer, mails the welcome link, and the viewer signs in read-only', async () => {
    const admin = await newPage(browser);
    await signIn(admin, inject('adminEmail'), inject('demoPassword'));
    await admin.goto('/tabs/tabs/config/users');
    await admin.getByRole('heading', { name: 'Users' }).waitFor();
    await admin.getByRole('table', { name: 'Users' }).getByText('ops.leeds@aire-valley.example').waitFor();
    await admin.getByRole('link', { name: 'Add user' }).click();
    // The list's search box is labelled with "name" too: fill the form only once it is there.
    await admin.getByRole('heading', { name: 'New user' }).waitFor();
    await admin.getByLabel('Name').fill('Vera Viewer');
    await admin.getByLabel('E-mail').fill(email);
    await admin.getByRole('combobox', { name: 'Role' }).click();
    const viewerOption = admin.getByRole('option', { name: 'Viewer' });
    await viewerOption.waitFor();
    // A site administrator is offered no super administrator.
    expect(await admin.getByRole('option', { name: 'Site administrator' }).count()).toBe(1);
    expect(await admin.getByRole('option', { name: 'Super administrator' }).count()).toBe(0);
    await viewerOption.click();
    await admin.getByRole('button', { name: 'Add user' }).click();
    await admin.waitForURL(/\/config\/users\/\d+\/edit$/);
    const since = smtp.received.length;
    await admin.getByRole('button', { name: 'Send welcome mail' }).click();
    await admin.getByText(`A welcome mail was sent to ${email}`).waitFor();
    const { link } = resetLinkIn((await smtp.next(email, since)).text);
    expect(link).toMatch(/\/resetpassword\//);

    const viewer = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await viewer.goto(new URL(link).pathname);
    const dialog = viewer.getByRole('dialog', { name: 'Reset Password' });
    await dialog.getByLabel('New Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await viewer.waitForURL((u) => u.pathname === '/login');
    await signIn(viewer, email, PASSWORD);
    await viewer.goto('/tabs/tabs/scheduledreport');
    await viewer.getByRole('heading', { level: 1 }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Add a scheduled report' }).count()).toBe(0);

    // The administrator sees the viewer's session and last sign-in, and ends the session.
    await admin.reload();
    const end = admin.getByRole('button', { name: /^End the session started/ });
    await end.first().waitFor();
    await end.first().click();
    await admin.getByText(/The session was ended/).waitFor();
  }, 40_000);

  it("signs out with the server's reason when a customers call fails (spec 8)", async () => {
    const page: Page = await newPage(browser);
    await signIn(page, inject('adminEmail'), inject('demoPassword'));
    await page.route(/\/api\/v1\/customers(\?|$)/, (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ ok: 0, message: 'Not Admin' }) }));
    // The user form asks for the administrator's sites with the customers call.
    await page.goto('/tabs/tabs/config/users/new/add');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByText('Not Admin').waitFor();
  }, 30_000);
});
