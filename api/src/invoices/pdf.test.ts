import { formatMoney } from '@shop/contract';
import { pdfText } from '../test/pdfText';
import type { InvoiceDocument } from './document';
import { woffToSfnt } from './fonts';
import { renderInvoicePdf } from './pdf';

jest.setTimeout(60_000);

// Issue 39: the invoice's PDF, made and read back, in both languages; euro and rupee signs included.
const doc = (over: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  kind: 'invoice',
  number: 'INV-2026-000123',
  issuedAt: '2026-11-28T10:00:00.000Z',
  invoiceNumber: null,
  seller: { legalName: 'Aurelia Jewels SAS', address: '12 rue de la Paix\n75002 Paris', taxId: 'FR12345678901', invoiceFooter: 'RCS Paris 123 456 789' },
  locale: 'en',
  orderNumber: 'AJ-100042',
  orderDate: '2026-11-28T10:00:00.000Z',
  paymentMethod: 'Cash On Delivery',
  buyer: { fullName: 'Jane Doe', email: 'jane@shop.local' },
  address: { fullName: 'Jane Doe', line1: '1 Unter den Linden', line2: '', city: 'Berlin', state: '', postalCode: '10117', country: 'DE' },
  currency: { code: 'EUR', symbol: '€' },
  lines: [
    { title: 'Gold Ring', options: 'Metal: Gold, Size: 6', quantity: 2, unit: 123450, discount: 1000, total: 245900, taxClass: 'Standard', taxRate: 19 },
    { title: 'Pearl Earrings', options: '', quantity: 1, unit: 50000, discount: 0, total: 50000, taxClass: 'Reduced', taxRate: 7 },
  ],
  subTotal: 296900,
  discount: 1000,
  coupon: { code: 'SPRING', amount: 500 },
  shipping: { name: 'DHL Express', amount: 1500 },
  taxLines: [
    { rate: 19, className: 'Standard', base: 245900, amount: 39262 },
    { rate: 7, className: 'Reduced', base: 50000, amount: 3271 },
  ],
  taxTotal: 42533,
  pricesIncludeTax: true,
  total: 296900,
  ...over,
});

test('an invoice with VAT included: seller, buyer, lines with class and rate, shipping, the tax per rate, totals, numbers', async () => {
  const text = await pdfText(await renderInvoicePdf(doc()));
  for (const words of [
    'Aurelia Jewels SAS', '12 rue de la Paix', 'VAT / tax id: FR12345678901', 'Invoice', 'Number: INV-2026-000123', 'Order: AJ-100042', 'Payment method: Cash On Delivery',
    'Jane Doe', '1 Unter den Linden', '10117 Berlin', 'Gold Ring', 'Metal: Gold, Size: 6', 'Standard 19%', 'Reduced 7%', '€1,234.50', '€2,459.00',
    'Shipping (DHL Express) €15.00', 'Coupon SPRING -€5.00', 'Total €2,969.00', 'of which tax (included) €425.33', 'Tax summary', 'Standard 19% €2,459.00 €392.62', 'Reduced 7% €500.00 €32.71', 'RCS Paris 123 456 789', 'Page 1 of 1',
  ]) {
    expect(text).toContain(words);
  }
});

test('tax added (USD), in rupees, in French, and a credit note', async () => {
  const added = await pdfText(await renderInvoicePdf(doc({ currency: { code: 'USD', symbol: '$' }, pricesIncludeTax: false, total: 339433 })));
  expect(added).toContain('Tax $425.33 Total $3,394.33');
  const rupees = await pdfText(await renderInvoicePdf(doc({ currency: { code: 'INR', symbol: '₹' } })));
  expect(rupees).toContain(`Total ${formatMoney(2969, '₹')}`);
  expect(rupees).toContain('₹2,969.00');
  const fr = await pdfText(await renderInvoicePdf(doc({ locale: 'fr' })));
  for (const words of ['Facture', 'Numéro', 'Désignation', 'Récapitulatif de TVA', 'dont TVA (incluse)', formatMoney(2969, '€', 'fr').replace(/\s/g, ' '), 'Mode de paiement : Cash On Delivery', 'Page 1 sur 1']) expect(fr).toContain(words);
  const note = await pdfText(await renderInvoicePdf(doc({ kind: 'credit_note', number: 'CN-2026-000007', invoiceNumber: 'INV-2026-000123' })));
  for (const words of ['Credit note', 'Number: CN-2026-000007', 'Cancels invoice: INV-2026-000123', 'Total credited -€2,969.00']) expect(note).toContain(words);
});

test('an order without tax says so; a long order runs over pages, each numbered', async () => {
  const lines = Array.from({ length: 60 }, (_, i) => ({ title: `Piece ${i + 1}`, options: '', quantity: 1, unit: 1000, discount: 0, total: 1000, taxClass: null, taxRate: null }));
  const text = await pdfText(await renderInvoicePdf(doc({ lines, taxLines: [], taxTotal: 0, pricesIncludeTax: null, shipping: null })));
  expect(text).toContain('No tax charged on this order.');
  expect(text).toContain('Piece 60');
  expect(text).toMatch(/Page 2 of [23]/);
});

test('the font work documents share (fonts.ts) leaves no trace: a PDF is the same whatever was made before it', async () => {
  // Beyond the glyphs every invoice starts with: Polish letters, a Greek one, a ligature, in both faces.
  const other = doc({
    seller: { ...doc().seller, legalName: 'Złota Ω Biżuteria' },
    buyer: { fullName: 'Łukasz Żółć', email: 'lukasz@shop.local' },
    lines: [{ ...doc().lines[0], title: 'ﬁligree Ωmega ring' }],
  });
  const first = await renderInvoicePdf(doc());
  const otherAfter = await renderInvoicePdf(other);
  expect(await renderInvoicePdf(doc())).toEqual(first);
  expect(await renderInvoicePdf(other)).toEqual(otherAfter);
  let fresh: typeof renderInvoicePdf | undefined;
  jest.isolateModules(() => {
    fresh = (require('./pdf') as typeof import('./pdf')).renderInvoicePdf;
  });
  expect(await fresh!(other)).toEqual(otherAfter);
  const text = await pdfText(otherAfter);
  for (const words of ['Złota Ω Biżuteria', 'Łukasz Żółć', 'Ωmega ring', 'Jane Doe']) expect(text).toContain(words);
  expect(await pdfText(first)).not.toContain('Łukasz');
});

test('woffToSfnt refuses what is not WOFF', () => {
  expect(() => woffToSfnt(Buffer.from('OTTO0000'))).toThrow('not a WOFF file');
});
