import type { Browser } from 'playwright-core';
import { ADMIN, baseUrl, callApi, createDraftProduct, DESKTOP, launchBrowser, openPage, PHONE, registerCustomer, seriousA11yViolations, signInAs } from './support/browser';

// Issue 38 (11), in real Chromium against the real API: a sold-out piece offers "E-mail me when it's
// back" to a visitor on a phone (who gives an address) and to a signed-in shopper on a laptop (their own);
// the owner restocks it, each gets one e-mail, and its link unsubscribes.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Mail { _id: string; kind: string; to: string; status: string }

/** The outbox's e-mails of a kind to an address (newest first), once the sender has rendered them. */
async function mailsTo(token: string, to: string, kind: string): Promise<Mail[]> {
  for (let i = 0; i < 40; i += 1) {
    const page = await callApi<{ items: Mail[] }>('GET', '/mail?page=1&limit=100', token);
    const found = page.items.filter((m) => m.to === to && m.kind === kind);
    if (found.length && found.every((m) => m.status === 'sent')) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return [];
}

test("a sold-out piece: 'E-mail me when it's back', one e-mail when it is, unsubscribe by its link", async () => {
  const admin = (await (await fetch(`${baseUrl()}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uid: ADMIN.email, password: ADMIN.password }) })).json()) as { token: string };
  const [currency] = await callApi<Array<{ _id: string }>>('GET', '/currencies', admin.token);
  const made = await createDraftProduct(admin.token, `Awaited Locket ${Date.now()}`, [{ currType: currency._id, amount: 180 }]);
  await callApi('POST', '/product/bulk', admin.token, { ids: [made._id], action: 'publish' });
  const product = await callApi<{ _id: string; slug: string }>('GET', `/product/${made._id}`, admin.token);
  await callApi('PUT', `/product/${product._id}/stock`, admin.token, { trackInventory: true, stock: [{ options: [], quantity: 0 }] });

  // A visitor on a phone, signed out: gives an address (a wrong one is said beside the field).
  const phone = await openPage(browser, PHONE);
  await phone.page.goto(`/${product.slug}`);
  await phone.page.getByTestId('stock-note').filter({ hasText: 'Out of stock' }).waitFor();
  await phone.page.getByRole('button', { name: "E-mail me when it's back" }).click();
  const visitor = `visitor.${Date.now()}@example.com`;
  await phone.page.getByLabel('Your e-mail').fill('test@bad');
  await phone.page.getByRole('button', { name: "E-mail me when it's back" }).click();
  await phone.page.getByText('Please enter a valid e-mail address.').waitFor();
  await phone.page.getByTestId('back-in-stock').screenshot({ path: '/tmp/t38r-back-in-stock-form-phone.png' });
  expect(await phone.page.getByLabel('Your e-mail').getAttribute('aria-invalid')).toBe('true');
  await phone.page.getByLabel('Your e-mail').fill(visitor);
  await phone.page.getByRole('button', { name: "E-mail me when it's back" }).click();
  await phone.page.getByRole('status').filter({ hasText: `we will e-mail ${visitor} once` }).waitFor();
  await phone.page.screenshot({ path: '/tmp/t38r-back-in-stock-phone.png' });
  expect(await seriousA11yViolations(phone.page)).toEqual([]);

  // A signed-in shopper on a laptop: one click, their own address.
  const shopper = await registerCustomer('backinstock');
  const laptop = await openPage(browser, DESKTOP);
  await signInAs(laptop.page, shopper.email, shopper.password);
  await laptop.page.goto(`/${product.slug}`);
  await laptop.page.getByRole('button', { name: "E-mail me when it's back" }).click();
  await laptop.page.getByRole('status').filter({ hasText: shopper.email.toLowerCase() }).waitFor();
  await laptop.page.screenshot({ path: '/tmp/t38r-back-in-stock-laptop.png' });

  // The owner restocks: one e-mail each, through the outbox.
  await callApi('PUT', `/product/${product._id}/stock`, admin.token, { trackInventory: true, stock: [{ options: [], quantity: 3 }] });
  const [toVisitor] = await mailsTo(admin.token, visitor, 'back-in-stock');
  expect(toVisitor).toBeDefined();
  expect(await mailsTo(admin.token, shopper.email.toLowerCase(), 'back-in-stock')).toHaveLength(1);
  await callApi('PUT', `/product/${product._id}/stock`, admin.token, { trackInventory: true, stock: [{ options: [], quantity: 4 }] });
  expect(await mailsTo(admin.token, visitor, 'back-in-stock')).toHaveLength(1);

  // Its link unsubscribes the address.
  const mail = await callApi<{ text: string }>('GET', `/mail/${toVisitor._id}`, admin.token);
  const link = /https?:\/\/\S+\/api\/stock-alerts\/off\?token=\S+/.exec(mail.text)![0];
  await phone.page.goto(new URL(link).pathname + new URL(link).search);
  await phone.page.getByText('no more back-in-stock e-mails').waitFor();
  await phone.context.close();
  await laptop.context.close();
});
