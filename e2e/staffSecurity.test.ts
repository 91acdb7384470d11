import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { ADMIN, DESKTOP, launchBrowser, openPage, signInAs } from './support/browser';

// Issue 42, one lean journey in real Chromium against the production build: the super admin invites a
// Support member on the Staff page; the set-password link (read from the e-mail the embedded outbox
// wrote) sets their password; they turn on two-factor sign-in in their profile and sign in again with a
// code computed here; Support cannot open Products, neither from the menu nor by URL.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The set-password link e-mailed to `email`: the .eml file under the shop's DATA_DIR/mail. */
async function linkFor(email: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
      const to = (Array.isArray(mail.to) ? mail.to : [mail.to]).some((a) => a?.value.some((v) => v.address === email));
      const link = to ? /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0] : undefined;
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no invitation e-mail to ${email}`);
}

/** The authenticator app's code for a step from now (-1: the one before). */
const codeOf = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

test('invite → set password → two-factor sign-in → Support sees "You do not have access" at /products', async () => {
  const email = `support-${Date.now()}@staff.test`;
  const password = 'support-secret-42';
  const admin = await openPage(browser, DESKTOP);
  try {
    await signInAs(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.goto('/staff');
    await admin.page.getByRole('button', { name: 'Invite staff member' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Full name').fill('Sam Support');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Role').selectOption({ label: 'Support' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await admin.page.getByRole('cell', { name: email }).waitFor();
  } finally {
    await admin.context.close();
  }

  const { page, errors, context } = await openPage(browser, DESKTOP);
  try {
    const link = new URL(await linkFor(email));
    await page.goto(link.pathname + link.search);
    await page.getByLabel(/^New password/).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/login');

    await page.getByLabel('Username or email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/dashboard');

    // Two-factor sign-in on, from the profile: the secret as text beside the QR code, one code to confirm.
    await page.goto('/my-account/profile');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Authentication code').fill(codeOf(secret, -1));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();

    // Signed out, then in again: the password, then the code of the app.
    await page.evaluate(() => localStorage.removeItem('root'));
    await page.goto('/login');
    await page.getByLabel('Username or email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await page.getByLabel('Authentication code').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');

    // Support's menu has Orders and no Products; Products by URL: no access.
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Orders' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Products' }).count()).toBe(0);
    await page.goto('/products');
    await page.getByRole('heading', { name: 'You do not have access' }).waitFor();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
