import { formatMoney, parseDocumentNumber } from '@shop/contract';
import { startTestApp, type TestApp } from '../test/harness';
import { pdfText } from '../test/pdfText';
import { orderFromCartIn } from '../orders/service';

// Issue 39: invoices and credit notes with numbers that have no gaps, their PDFs, and the store
// settings that name the seller. On PGlite, and on PostgreSQL when DATABASE_URL is set.

let t: TestApp;
let inr: { _id: string };
let ring: any;
const YEAR = new Date().getUTCFullYear();
const address = { fullName: 'Asha Rao', line1: '7 Marine Drive', city: 'Mumbai', state: 'MH', postalCode: '400020', country: 'IN' };
const SETTINGS = {
  legalName: 'Aurelia Jewels SAS',
  address: '12 rue de la Paix\n75002 Paris',
  taxId: 'FR 12 345678901',
  invoiceFooter: 'Aurelia Jewels SAS, RCS Paris 123 456 789',
  defaultCountry: 'FR',
};

beforeAll(async () => {
  // No sweep on a timer: the test leaves orders unnumbered on purpose and numbers them itself.
  t = await startTestApp({ invoiceSweepMs: 0 });
  inr = await t.currency('INR', '₹');
  ring = await t.product({ title: 'Lotus Ring', basePrice: [{ currType: inr._id, amount: 12345.5 }] });
  expect((await t.call('PUT', '/api/settings/store', { token: t.superToken, body: SETTINGS })).status).toBe(200);
});
afterAll(() => t.close());

const order = (token: string) => t.call('POST', '/api/order', { token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: inr._id, shippingAddress: address } });
const buy = async (token: string, productId = ring._id, quantity = 1) => {
  expect((await t.call('POST', '/api/cart', { token, body: { productId, quantity } })).status).toBe(200);
  return order(token);
};
/** A PDF download: its status, type, name and text (read back with a PDF text extractor). */
async function pdf(path: string, token: string) {
  const res = await fetch(t.url + path, { headers: { authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) return { status: res.status, text: '', type: res.headers.get('content-type'), disposition: null };
  return { status: res.status, text: await pdfText(bytes), type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes };
}

describe('store settings', () => {
  test('admins read them, the super admin writes them (trimmed), a plain admin may not', async () => {
    const read = await t.call('GET', '/api/settings/store', { token: t.adminToken });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject(SETTINGS);
    const customer = await t.customer();
    expect((await t.call('GET', '/api/settings/store', { token: customer.token })).status).toBe(403);
    expect((await t.call('PUT', '/api/settings/store', { token: t.adminToken, body: SETTINGS })).status).toBe(403);
    const saved = await t.call('PUT', '/api/settings/store', { token: t.superToken, body: { ...SETTINGS, legalName: '  Aurelia Jewels SAS  ', address: ' 12 rue de la Paix \n\n 75002 Paris ' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(SETTINGS);
  });

  test.each([
    ['legalName', { legalName: '   ' }],
    ['legalName', { legalName: 'x'.repeat(201) }],
    ['address', { address: '' }],
    ['taxId', { taxId: 'FR<script>' }],
    ['invoiceFooter', { invoiceFooter: 'x'.repeat(501) }],
    ['defaultCountry', { defaultCountry: 'France' }],
    ['defaultCountry', { defaultCountry: 'fr' }],
    ['defaultCountry', { defaultCountry: 'XX' }],
    ['defaultCountry', { defaultCountry: null }],
  ])('bad input: a 400 naming %s, nothing stored', async (field, change) => {
    const before = await t.fingerprint();
    const r = await t.call('PUT', '/api/settings/store', { token: t.superToken, body: { ...SETTINGS, ...change } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields ?? {})).toContain(field);
    expect(await t.fingerprint()).toBe(before);
  });
});

describe('invoices and credit notes', () => {
  let buyer: Awaited<ReturnType<TestApp['customer']>>;
  let placed: any;
  beforeAll(async () => {
    buyer = await t.customer('Asha Rao');
    placed = await buy(buyer.token, ring._id, 2);
    expect(placed.status).toBe(201);
  });

  test('a placed order answers its invoice number, in its own answers and the lists', async () => {
    const n = parseDocumentNumber(placed.body.invoiceNumber);
    expect(n).toMatchObject({ kind: 'invoice', year: YEAR });
    expect(placed.body.creditNoteNumber).toBeNull();
    const [got] = (await t.call('GET', `/api/order/${placed.body._id}`, { token: buyer.token })).body;
    expect(got.invoiceNumber).toBe(placed.body.invoiceNumber);
    const mine = (await t.call('GET', '/api/order', { token: buyer.token })).body;
    expect(mine.map((o: any) => o.invoiceNumber)).toEqual([placed.body.invoiceNumber]);
  });

  test("the invoice's PDF carries the seller, the buyer, the lines, the totals and the numbers (₹ included)", async () => {
    const r = await pdf(`/api/order/${placed.body._id}/invoice.pdf`, buyer.token);
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/pdf');
    expect(r.disposition).toBe(`attachment; filename="${placed.body.invoiceNumber}.pdf"`);
    for (const words of [
      'Invoice',
      placed.body.invoiceNumber,
      placed.body.orderNumber,
      'Aurelia Jewels SAS',
      '12 rue de la Paix',
      'FR 12 345678901',
      'RCS Paris 123 456 789',
      'Asha Rao',
      '7 Marine Drive',
      'Lotus Ring',
      'Cash On Delivery',
      formatMoney(12345.5, '₹'),
      `Total ${formatMoney(placed.body.totalPrice, '₹')}`,
      formatMoney(24691, '₹'),
      'Tax summary',
    ]) {
      expect(r.text).toContain(words);
    }
  });

  test("another buyer's invoice is not found; an admin gets any", async () => {
    const other = await t.customer();
    expect((await pdf(`/api/order/${placed.body._id}/invoice.pdf`, other.token)).status).toBe(404);
    expect((await pdf(`/api/order/${placed.body._id}/invoice.pdf`, t.adminToken)).status).toBe(200);
    expect((await pdf(`/api/order/00000000-0000-4000-8000-000000000000/invoice.pdf`, t.adminToken)).status).toBe(404);
    const bad = await t.call('GET', '/api/order/not-an-id/invoice.pdf', { token: t.adminToken });
    expect(bad.status).toBe(400);
  });

  test('a later edit of the store settings leaves an issued invoice as it was', async () => {
    await t.call('PUT', '/api/settings/store', { token: t.superToken, body: { ...SETTINGS, legalName: 'Renamed Maison' } });
    const r = await pdf(`/api/order/${placed.body._id}/invoice.pdf`, buyer.token);
    expect(r.text).toContain('Aurelia Jewels SAS');
    expect(r.text).not.toContain('Renamed Maison');
    await t.call('PUT', '/api/settings/store', { token: t.superToken, body: SETTINGS });
  });

  test('cancelled, the order gets a credit note of its own sequence; its invoice stays', async () => {
    const c = await t.customer();
    const o = (await buy(c.token)).body;
    expect((await pdf(`/api/order/${o._id}/credit-note.pdf`, c.token)).status).toBe(404);
    const invoiceBefore = (await pdf(`/api/order/${o._id}/invoice.pdf`, c.token)).text;
    const cancelled = await t.call('PATCH', `/api/order/${o._id}`, { token: c.token, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.invoiceNumber).toBe(o.invoiceNumber);
    expect(parseDocumentNumber(cancelled.body.creditNoteNumber)).toMatchObject({ kind: 'credit_note', year: YEAR });
    const note = await pdf(`/api/order/${o._id}/credit-note.pdf`, c.token);
    expect(note.status).toBe(200);
    for (const words of ['Credit note', cancelled.body.creditNoteNumber, `Cancels invoice: ${o.invoiceNumber}`, o.orderNumber, `Total credited ${formatMoney(-o.totalPrice, '₹')}`]) {
      expect(note.text).toContain(words);
    }
    expect((await pdf(`/api/order/${o._id}/invoice.pdf`, c.token)).text).toBe(invoiceBefore);

    // Rejected by an admin: the next credit note number; set again, no second one.
    const d = await t.customer();
    const o2 = (await buy(d.token)).body;
    const rejected = await t.call('PATCH', `/api/order/${o2._id}`, { token: t.adminToken, body: { status: 'rejected' } });
    const a = parseDocumentNumber(cancelled.body.creditNoteNumber)!;
    expect(parseDocumentNumber(rejected.body.creditNoteNumber)).toEqual({ ...a, seq: a.seq + 1 });
    await t.call('PATCH', `/api/order/${o2._id}`, { token: t.adminToken, body: { status: 'processing' } });
    const again = await t.call('PATCH', `/api/order/${o2._id}`, { token: t.adminToken, body: { status: 'rejected' } });
    expect(again.body.creditNoteNumber).toBe(rejected.body.creditNoteNumber);
    expect((await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM order_documents WHERE kind = 'credit_note'`))!.n).toBe(2);
  });
});

test('50 checkouts at once, some refused for stock: invoice numbers 1..N with no gap and none twice', async () => {
  const scarce = await t.product({ title: 'Scarce Pendant', basePrice: [{ currType: inr._id, amount: 999 }] });
  expect((await t.call('PUT', `/api/product/${scarce._id}/stock`, { token: t.adminToken, body: { trackInventory: true, stock: [{ options: [], quantity: 35 }] } })).status).toBe(200);
  const buyers = await Promise.all(Array.from({ length: 50 }, () => t.customer()));
  await Promise.all(buyers.map((b) => t.call('POST', '/api/cart', { token: b.token, body: { productId: scarce._id, quantity: 1 } })));
  let answers = await Promise.all(buyers.map((b) => order(b.token)));
  // On a busy host PostgreSQL's pool may answer some with 503 (try again: its Retry-After); the buyer tries
  // again, as the message says. Those transactions rolled back: they must have taken no number either.
  for (let round = 0; round < 5 && answers.some((a) => a.status === 503); round++) {
    answers = await Promise.all(answers.map((a, i) => (a.status === 503 ? order(buyers[i].token) : a)));
  }
  const placed = answers.filter((a) => a.status === 201);
  expect(answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
  expect(placed).toHaveLength(35);
  expect(answers.filter((a) => a.status !== 201).map((a) => a.status)).toEqual(Array(15).fill(409));

  // Every invoice of the shop this year (the tests before placed some): 1..N, each once, one per order.
  const docs = await t.ctx.db.query<{ number: string; seq: number; order_number: string | null }>(
    `SELECT d.number, d.seq::int AS seq, o.invoice_number AS order_number FROM order_documents d LEFT JOIN orders o ON o.id = d.order_id WHERE d.kind = 'invoice' AND d.year = $1 ORDER BY d.seq`,
    [YEAR],
  );
  expect(docs.map((d) => d.seq)).toEqual(Array.from({ length: docs.length }, (_, i) => i + 1));
  expect(docs.every((d) => d.order_number === d.number)).toBe(true);
  const orders = (await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM orders`))!.n;
  expect(docs).toHaveLength(orders);
  expect(new Set(placed.map((a) => a.body.invoiceNumber)).size).toBe(35);
  expect(placed.every((a) => docs.some((d) => d.number === a.body.invoiceNumber))).toBe(true);
  const counter = await t.ctx.db.one<{ last: number }>(`SELECT last::int AS last FROM document_counters WHERE kind = 'invoice' AND year = $1`, [YEAR]);
  expect(counter!.last).toBe(docs.length);
});

/** The state a process killed between an order's commit and its number's batch leaves: the order committed and queued, not numbered. */
async function orderLeftUnnumbered() {
  const c = await t.customer('Left Unnumbered');
  expect((await t.call('POST', '/api/cart', { token: c.token, body: { productId: ring._id, quantity: 1 } })).status).toBe(200);
  const o = await t.ctx.db.tx((q) =>
    orderFromCartIn(q, { id: c.id, fullName: c.fullName }, { selectedCurr: inr._id, shippingAddress: address, locale: 'en' }, { method: 'Cash On Delivery', reference: null, amountMinor: null, currencyCode: null }),
  );
  const confirmation = () => t.ctx.db.one<{ number: string }>(`SELECT message->'order'->>'invoiceNumber' AS number FROM mail_outbox WHERE kind = 'order-confirmation' AND message->'order'->>'_id' = $1`, [o._id]);
  return { c, o, confirmation };
}

test("an order whose process died before its number's batch: numbered by the next batch, and only then confirmed, carrying the number", async () => {
  const { c, o, confirmation } = await orderLeftUnnumbered();
  expect(o.invoiceNumber).toBeNull();
  expect((await t.call('GET', `/api/order/${o._id}`, { token: c.token })).body[0].invoiceNumber).toBeNull();
  expect(await confirmation()).toBeUndefined();
  const last = (await t.ctx.db.one<{ last: number }>(`SELECT last::int AS last FROM document_counters WHERE kind = 'invoice' AND year = $1`, [YEAR]))?.last ?? 0;

  // Another buyer's checkout: its batch numbers every order queued, the left one first (queued first).
  const other = await buy((await t.customer()).token);
  expect(parseDocumentNumber(other.body.invoiceNumber)).toMatchObject({ seq: last + 2 });
  const [got] = (await t.call('GET', `/api/order/${o._id}`, { token: c.token })).body;
  expect(parseDocumentNumber(got.invoiceNumber)).toMatchObject({ kind: 'invoice', year: YEAR, seq: last + 1 });
  expect((await confirmation())?.number).toBe(got.invoiceNumber);
  expect((await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM invoice_queue`))!.n).toBe(0);

  // The sweep every process runs (app/background.ts) with nothing else to number: one more left, numbered by it.
  const left = await orderLeftUnnumbered();
  expect(await t.ctx.invoiceNumbers.numberQueued()).toBe(1);
  expect((await left.confirmation())?.number).toMatch(/^INV-/);
  expect(await t.ctx.invoiceNumbers.numberQueued()).toBe(0);
});

test('cancelled before its batch numbered it: the cancel numbers its invoice, then gives the credit note', async () => {
  const { c, o, confirmation } = await orderLeftUnnumbered();
  const cancelled = await t.call('PATCH', `/api/order/${o._id}`, { token: c.token, body: { status: 'cancelled' } });
  expect(cancelled.status).toBe(200);
  expect(parseDocumentNumber(cancelled.body.invoiceNumber)).toMatchObject({ kind: 'invoice', year: YEAR });
  expect(parseDocumentNumber(cancelled.body.creditNoteNumber)).toMatchObject({ kind: 'credit_note', year: YEAR });
  expect((await confirmation())?.number).toBe(cancelled.body.invoiceNumber);
  expect((await pdf(`/api/order/${o._id}/credit-note.pdf`, c.token)).text).toContain(`Cancels invoice: ${cancelled.body.invoiceNumber}`);
});

// Last: once zones exist, the shop ships only where they say (the buyers above ship to India).
test('with shipping and tax: the invoice shows the method and its price, each line’s class and rate, the tax per rate, the totals (VAT included in EUR, tax added in USD)', async () => {
  const eur = await t.currency('EUR', '€');
  const usd = await t.currency('USD', '$');
  await t.call('PUT', `/api/currencies/${eur._id}`, { token: t.adminToken, body: { name: 'Euro', code: 'EUR', symbol: '€', pricesIncludeTax: true } });
  const classes = Object.fromEntries((await t.call('GET', '/api/tax/classes', { token: t.adminToken })).body.map((c: any) => [c.name, c._id]));
  const gem = await t.product({ title: 'Taxed Brooch', basePrice: [{ currType: eur._id, amount: 89.9 }, { currType: usd._id, amount: 99.99 }], weight: 40 });
  const booklet = await t.product({ title: 'Care Booklet', basePrice: [{ currType: eur._id, amount: 4.5 }, { currType: usd._id, amount: 5 }], weight: 20, taxClassId: classes.Reduced });
  const zone = async (name: string, countries: string[]) => (await t.call('POST', '/api/shipping/zones', { token: t.adminToken, body: { name, countries } })).body;
  const eu = await zone('Europe', ['DE']);
  const america = await zone('United States', ['US']);
  const method = async (zoneId: string, name: string, rates: object[]) => (await t.call('POST', '/api/shipping/methods', { token: t.adminToken, body: { zoneId, name, estimate: '2-4 business days', type: 'flat', rates } })).body;
  const dhl = await method(eu._id, 'DHL Paket', [{ currType: eur._id, bands: [{ upTo: null, amount: 9.9 }] }]);
  const ups = await method(america._id, 'UPS Ground', [{ currType: usd._id, bands: [{ upTo: null, amount: 8 }] }]);
  for (const [classId, country, region, percent] of [[classes.Standard, 'DE', undefined, 19], [classes.Reduced, 'DE', undefined, 7], [classes.Standard, 'US', 'NY', 4], [classes.Reduced, 'US', 'NY', 4]] as const) {
    expect((await t.call('POST', '/api/tax/rates', { token: t.adminToken, body: { classId, country, region, percent } })).status).toBe(201);
  }
  const checkout = async (currency: { _id: string }, methodId: string, address: object) => {
    const c = await t.customer('Lena Kunde');
    for (const productId of [gem._id, booklet._id]) await t.call('POST', '/api/cart', { token: c.token, body: { productId, quantity: 2 } });
    const r = await t.call('POST', '/api/order', { token: c.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: currency._id, shippingMethodId: methodId, shippingAddress: { fullName: 'Lena Kunde', line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', ...address } } });
    expect(r.status).toBe(201);
    return { order: r.body, text: (await pdf(`/api/order/${r.body._id}/invoice.pdf`, c.token)).text };
  };

  const de = await checkout(eur, dhl._id, { country: 'Germany', countryCode: 'DE' });
  expect(de.order.taxLines.length).toBe(2);
  const euro = (amount: number) => formatMoney(amount, '€');
  for (const words of [
    `Shipping (DHL Paket) ${euro(9.9)}`,
    'Taxed Brooch Standard 19% 2',
    'Care Booklet Reduced 7% 2',
    `Total ${euro(de.order.totalPrice)} of which tax (included) ${euro(de.order.taxTotal)}`,
    ...de.order.taxLines.map((l: any) => `${l.rate === 19 ? 'Standard' : 'Reduced'} ${l.rate}% ${euro(l.base)} ${euro(l.amount)}`),
  ]) {
    expect(de.text).toContain(words);
  }

  const ny = await checkout(usd, ups._id, { country: 'United States', countryCode: 'US', state: 'NY', city: 'New York' });
  const dollars = (amount: number) => formatMoney(amount, '$');
  expect(ny.order.pricesIncludeTax).toBe(false);
  expect(ny.text).toContain(`Shipping (UPS Ground) ${dollars(8)} Tax ${dollars(ny.order.taxTotal)} Total ${dollars(ny.order.totalPrice)}`);
  expect(ny.text).toContain('Taxed Brooch Standard 4%');
});
