import { formatMoney } from '@shop/contract';
import { within } from '../test/harness';
import { startMailingShop, type MailingShop } from '../test/mailingShop';
import { pdfText } from '../test/pdfText';

// Issue 39: the order confirmation carries the invoice's PDF, through the outbox and a real SMTP server
// in this process; the PDF is the one the buyer downloads. On PGlite and (DATABASE_URL) PostgreSQL.
jest.setTimeout(120_000);

let shop: MailingShop;
beforeAll(async () => {
  shop = await startMailingShop();
});
afterAll(() => shop.close());

test('the confirmation e-mail attaches the invoice PDF: its number, the seller, the totals', async () => {
  const { t, smtp, usd } = shop;
  const settings = { legalName: 'Aurelia Jewels Ltd', address: '1 Bond Street\nLondon W1', taxId: 'GB123456789', invoiceFooter: 'Thank you for your order', defaultCountry: 'GB' };
  expect((await t.call('PUT', '/api/settings/store', { token: t.superToken, body: settings })).status).toBe(200);
  const p = await t.product({ title: 'Mailed Bracelet', basePrice: [{ currType: usd._id, amount: 480.25 }] });
  const c = await t.customer('Mia Buyer');
  await t.call('POST', '/api/cart', { token: c.token, body: { productId: p._id, quantity: 3 } });
  const placed = await t.call('POST', '/api/order', {
    token: c.token,
    body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: { fullName: 'Mia Buyer', line1: '5 High Street', city: 'Oxford', postalCode: '40012', country: 'GB' } },
  });
  expect(placed.status).toBe(201);
  const o = placed.body;
  expect(await within(30_000, () => smtp.mails.some((m) => m.subject?.includes(o.orderNumber)))).toBe(true);
  const mail = smtp.mails.find((m) => m.subject?.includes(o.orderNumber))!;
  expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${o.invoiceNumber}.pdf`, 'application/pdf']]);
  const text = await pdfText(mail.attachments[0].content);
  for (const words of [o.invoiceNumber, o.orderNumber, 'Aurelia Jewels Ltd', '1 Bond Street', 'GB123456789', 'Mia Buyer', '5 High Street', 'Mailed Bracelet', `Total ${formatMoney(1440.75, '$')}`, 'Thank you for your order']) {
    expect(text).toContain(words);
  }
  // The same invoice as the buyer's download.
  const res = await fetch(`${t.url}/api/order/${o._id}/invoice.pdf`, { headers: { authorization: `Bearer ${c.token}` } });
  expect(await pdfText(new Uint8Array(await res.arrayBuffer()))).toBe(text);
});
