import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resetLinkIn, startSmtpSink, type SmtpSink } from '../apps/server/test/smtp-sink.ts';
import { launchBrowser, newPage, signIn } from './support.ts';

// Browser tests of the change-password modal and the e-mailed reset link, read as its addressee
// reads it: from the mail that reached the mail server (SMTP_URL points at a sink this file runs).
const operatorEmail = inject('operatorEmail');
const adminEmail = inject('adminEmail');
const demoPassword = inject('demoPassword');
const TEMP_PASSWORD = 'Temp!2026pass9';
const RESET_PASSWORD = 'Reset@2026pass7';
const RULES = [
  'Minimum 8 Characters',
  'At least one letter and number',
  'At least one special character (!@£$%^&*)',
];

let browser: Browser;
/** The operator's current password, so afterAll can put the demo password back if a test stops half-way. */
let operatorPassword = demoPassword;

const open = (): Promise<Page> => newPage(browser, { viewport: { width: 1280, height: 800 } });

/** Rule lines that the modal shows as satisfied (icon and colour change together with data-met). */
async function metRules(page: Page): Promise<string[]> {
  const list = page.getByRole('dialog').getByRole('list', { name: 'Password rules' });
  const met: string[] = [];
  for (const item of await list.getByRole('listitem').all()) {
    if ((await item.getAttribute('data-met')) !== 'true') continue;
    const text = (await item.textContent()) ?? '';
    met.push(RULES.find((r) => text.includes(r)) ?? text);
  }
  return met;
}

async function changePasswordThroughMenu(page: Page, from: string, to: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: 'Change Password' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.waitFor();
  await dialog.getByLabel('New Password', { exact: true }).fill(to);
  await dialog.getByLabel('Confirm New Password', { exact: true }).fill(to);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await page.getByText('Password Changed', { exact: true }).waitFor();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  expect(from).not.toBe(to);
  operatorPassword = to;
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  if (operatorPassword !== demoPassword) {
    // A test stopped half-way: put the demo password back so other suites can sign in.
    const page = await open();
    await signIn(page, operatorEmail, operatorPassword).catch(() => undefined);
    await changePasswordThroughMenu(page, operatorPassword, demoPassword).catch(() => undefined);
  }
  await browser?.close();
});

describe('change password modal', () => {
  it('ticks each rule live, enables the button only for a valid matching pair, and changes the password', async () => {
    const page = await open();
    await signIn(page, operatorEmail, demoPassword);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('button', { name: 'Change Password' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Change Password' });
    const newPassword = dialog.getByLabel('New Password', { exact: true });
    const confirm = dialog.getByLabel('Confirm New Password', { exact: true });
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    expect(await metRules(page)).toEqual([]);

    await newPassword.fill('abcdefgh');
    expect(await metRules(page)).toEqual([RULES[0]]);
    await newPassword.fill('abcdefg1');
    expect(await metRules(page)).toEqual([RULES[0], RULES[1]]);
    await newPassword.fill(TEMP_PASSWORD);
    expect(await metRules(page)).toEqual(RULES);
    await confirm.fill(`${TEMP_PASSWORD}x`);
    expect(await submit.isDisabled()).toBe(true);
    await confirm.fill(TEMP_PASSWORD);
    await expect.poll(() => submit.isEnabled(), { timeout: 10_000 }).toBe(true);

    await submit.click();
    await page.getByText('Password Changed', { exact: true }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    operatorPassword = TEMP_PASSWORD;

    // The answer carried a new token: a reload keeps the user signed in.
    await page.reload();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/tabs\/tabs\//);

    await changePasswordThroughMenu(page, TEMP_PASSWORD, demoPassword);
  });
});

describe('reset link by e-mail', () => {
  let smtp: SmtpSink;
  beforeAll(async () => { smtp = await startSmtpSink(inject('smtpPort')); });
  afterAll(async () => { await smtp.close(); });

  it('opens the login page in reset mode and sets a new password', async () => {
    const since = smtp.received.length;
    const visitor = await open();
    await visitor.goto('/login');
    await visitor.getByRole('button', { name: 'Forgot password?' }).click();
    const ask = visitor.getByRole('dialog');
    await ask.getByLabel('E-mail').fill(operatorEmail);
    await ask.getByRole('button', { name: 'Send reset link' }).click();
    await ask.getByText('If that address has an account, we have sent a reset link.').waitFor();

    const mail = await smtp.next(operatorEmail, since);
    const { link } = resetLinkIn(mail.text);
    if (!link) throw new Error('the reset mail has no link');
    const resetPath = new URL(link).pathname;

    // The outbox shows the administrator that the mail went out, never the link.
    const admin = await open();
    await signIn(admin, adminEmail, demoPassword);
    await admin.goto('/tabs/tabs/config/outbox');
    const view = admin.getByRole('button', { name: `View mail to ${operatorEmail}` }).first();
    await view.waitFor();
    await view.click();
    const shown = admin.getByRole('dialog');
    await shown.getByText('[reset link withheld: sent only to the addressee]').waitFor();
    expect(await shown.getByRole('link', { name: /\/resetpassword\// }).count()).toBe(0);
    expect(await shown.textContent()).not.toContain(resetPath);
    await shown.getByText('The reset link was left out of this copy').waitFor();

    await visitor.goto(resetPath);
    const dialog = visitor.getByRole('dialog', { name: 'Reset Password' });
    await dialog.waitFor();
    expect(await dialog.getByText('To reset your password...').isVisible()).toBe(true);
    await dialog.getByLabel('New Password', { exact: true }).fill(RESET_PASSWORD);
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill(RESET_PASSWORD);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await visitor.waitForURL((u) => u.pathname === '/login');
    operatorPassword = RESET_PASSWORD;

    await signIn(visitor, operatorEmail, RESET_PASSWORD);
    await changePasswordThroughMenu(visitor, RESET_PASSWORD, demoPassword);
  });
});
