import type { Browser, Page } from 'playwright-core';
import { ADMIN, DESKTOP, launchBrowser, openPage, PHONE, seriousA11yViolations, signInAs } from './support/browser';

// Issue 22, the back office's coupons as the super admin, in real Chromium against the production build.
const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByText(text, { exact: true }) });

describe('admin coupons', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a coupon (a wrong code is caught first), sees it listed with 0 / 10, and deactivates it', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Coupons' }).click();
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();

    await page.getByRole('button', { name: 'Add Coupon' }).click();
    const modal = dialog(page, 'New Coupon');
    await modal.getByLabel('Code').fill('TWO WORDS');
    await modal.getByLabel('Percent off').fill('15');
    await modal.getByLabel('Usage limit').fill('10');
    await modal.getByRole('button', { name: 'Add' }).click();
    await modal.getByText('Letters, digits, - and _ only (no spaces)').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await modal.getByLabel('Code').fill(code);
    await modal.getByRole('button', { name: 'Add' }).click();
    await toast(page, 'Coupon Added Successfully!');
    await modal.waitFor({ state: 'detached' });

    const row = rowOf(page, code);
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('15 %');
    // The uses count, which opens the orders that used the code.
    const uses = row.getByRole('button', { name: new RegExp(`^0 / 10 ?, redemptions of ${code}$`) });
    await uses.waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('Active');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The keyboard reaches the row's toggle.
    await page.getByRole('button', { name: `Deactivate ${code}` }).focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Coupon Deactivated Successfully!');
    await row.getByRole('button', { name: `Activate ${code}` }).waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('Inactive');

    // Its redemptions: none yet.
    await uses.click();
    await dialog(page, `Redemptions of ${code}`).getByText('No orders have used this code yet.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, the list is cards whose actions are in reach', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/coupons');
    await page.getByRole('button', { name: `Edit ${code}` }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: `Edit ${code}` }).click();
    const modal = dialog(page, 'Edit Coupon');
    expect(await modal.getByLabel('Code').inputValue()).toBe(code);
    expect(await modal.getByLabel('Active').isChecked()).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
