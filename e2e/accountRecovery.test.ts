import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE, registerCustomer, signInAs } from './support/browser';

// Issue 18, accounts: a forgotten password reset through the e-mailed link (read from the e-mail the
// embedded outbox wrote: no admin view shows it, issue 34 #1), and a profile change, in real Chromium
// against the production build.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The reset link e-mailed to `email`, once the outbox has sent it: the .eml file under the shop's DATA_DIR/mail. */
async function resetLinkFor(email: string): Promise<string> {
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
  throw new Error(`no reset e-mail to ${email}`);
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text);

test('a forgotten password, on a phone: ask for a link, open it from the e-mail, choose a new password, log in with it', async () => {
  const customer = await registerCustomer('reset');
  const { page, errors, context } = await openPage(browser, PHONE);
  try {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for that address, we have sent a link to reset the password.').waitFor();

    const link = new URL(await resetLinkFor(customer.email));
    await page.goto(link.pathname + link.search);
    await page.getByLabel(/^New password/).fill('a-fresh-secret');
    await page.getByLabel('Confirm new password').fill('a-fresh-secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/login');
    await toast(page, 'Your password has been reset. Please log in.').waitFor();

    // The link works once; the old password and the old token are done.
    expect((await api('POST', '/user/reset-password', undefined, { token: link.searchParams.get('token'), password: 'yet-another-1' })).status).toBe(400);
    expect((await api('POST', '/user/login', undefined, { uid: customer.email, password: customer.password })).status).toBe(401);
    expect((await api('GET', '/cart', customer.token)).status).toBe(401);

    await page.getByLabel('Username or email address').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill('a-fresh-secret');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/shop');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a profile change: a new name reaches the header, a new password keeps this session and ends the others', async () => {
  const customer = await registerCustomer('profile');
  const { page, errors, context } = await openPage(browser, DESKTOP);
  try {
    await signInAs(page, customer.email, customer.password);
    await page.goto('/my-account/profile');
    const details = page.getByRole('form', { name: 'Your details' });
    await details.getByLabel('Full name').fill('Petra Profile');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Profile updated').waitFor();
    await page.getByRole('button', { name: 'Account: Petra Profile' }).waitFor();

    const password = page.getByRole('form', { name: 'Change password' });
    await password.getByLabel('Current password').fill(customer.password);
    await password.getByLabel(/^New password/).fill('another-secret-9');
    await password.getByLabel('Confirm new password').fill('another-secret-9');
    await password.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password changed. Your other devices have been signed out.').waitFor();

    expect((await api('GET', '/cart', customer.token)).status).toBe(401); // the registration's session ended
    await page.reload();
    await page.getByRole('form', { name: 'Your details' }).getByLabel('Full name').waitFor();
    expect(await page.getByRole('form', { name: 'Your details' }).getByLabel('Full name').inputValue()).toBe('Petra Profile');

    // Logout ends this session on the server too.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('root') || '{}').token as string);
    await page.getByRole('navigation', { name: 'My account' }).getByRole('button', { name: 'Logout' }).click();
    // From the profile page (its guard sends a signed-out visitor to /), Logout still lands on /login.
    await page.waitForURL('**/login');
    await page.getByLabel('Username or email address').waitFor();
    await page.getByRole('button', { name: 'Account', exact: true }).waitFor(); // signed out here too
    expect((await api('GET', '/cart', token)).status).toBe(401);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
