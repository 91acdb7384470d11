// Issue 39: an invoice or credit note (document.ts) as a PDF, made with pdfkit. Its one font is DejaVu
// Sans from npm (@fontsource/dejavu-sans, the whole font in one file: €, £, ₹, accents), embedded and
// subset; no system font is read, so the PDF is the same on every host.
import PDFDocument from 'pdfkit';
import { formatMoney, fromMinor } from '@shop/contract';
import type { InvoiceDocument } from './document.js';
import { type EmbeddedFace, invoiceFaces } from './fonts.js';
import { invoiceWords } from './words.js';


const INK = '#1f1a17';
const MUTED = '#6b625c';
const RULE = '#d9d2cc';


// A date and a rate as the invoice writes them, per language: made once (an Intl formatter built per
// call cost ~2 ms of every invoice).
const formats = new Map<string, { dates: Intl.DateTimeFormat; rates: Intl.NumberFormat }>();
const formatsOf = (tag: string) => {
  let f = formats.get(tag);
  if (!f) {
    f = { dates: new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }), rates: new Intl.NumberFormat(tag, { maximumFractionDigits: 3 }) };
    formats.set(tag, f);
  }
  return f;
};

/** The document's PDF, as bytes. */
export function renderInvoicePdf(d: InvoiceDocument): Promise<Buffer> {
  const w = invoiceWords(d.locale);
  const faces = invoiceFaces();
  const credit = d.kind === 'credit_note';
  const title = credit ? w.creditNote : w.invoice;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    // No font of pdfkit's own (Helvetica is read from its files): the document's are registered below.
    font: null as unknown as string,
    bufferPages: true,
    info: { Title: `${title} ${d.number}`, Author: d.seller.legalName, Subject: `${w.order} ${d.orderNumber}`, CreationDate: new Date(d.issuedAt) },
  });
  // Each face made ready before it writes anything (fonts.ts: the words and the subset shared by documents).
  for (const name of ['bold', 'regular'] as const) {
    doc.registerFont(name, faces[name].font as unknown as Buffer);
    doc.font(name);
    faces[name].prepare((doc as unknown as { _font: EmbeddedFace })._font);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // A credit note's amounts are the invoice's, taken back: written with a minus sign.
  const sign = credit ? -1 : 1;
  const money = (minor: number) => formatMoney(fromMinor(sign * minor), d.currency.symbol, d.locale);
  const { dates, rates } = formatsOf(w.dates);
  const date = (iso: string) => dates.format(new Date(iso));
  const percent = (rate: number) => `${rates.format(rate)} %`.replace(' %', d.locale === 'fr' ? '\u00a0%' : '%');
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 40;

  // Seller (left) and the document's identity (right).
  const top = doc.y;
  doc.font('bold').fontSize(14).fillColor(INK).text(d.seller.legalName || ' ', left, top, { width: width * 0.55 });
  doc.font('regular').fontSize(9).fillColor(MUTED);
  for (const line of d.seller.address.split(/\r?\n/).filter((l) => l.trim())) doc.text(line, { width: width * 0.55 });
  if (d.seller.taxId) doc.text(`${w.taxId}${w.colon}${d.seller.taxId}`, { width: width * 0.55 });
  const sellerEnd = doc.y;
  const rx = left + width * 0.58;
  const rw = width * 0.42;
  doc.font('bold').fontSize(20).fillColor(INK).text(title, rx, top, { width: rw, align: 'right' });
  doc.font('regular').fontSize(9);
  const facts: Array<[string, string]> = [
    [w.number, d.number],
    [w.date, date(d.issuedAt)],
    ...(credit && d.invoiceNumber ? ([[w.refersTo, d.invoiceNumber]] as Array<[string, string]>) : []),
    [w.order, d.orderNumber],
    [w.orderDate, date(d.orderDate)],
    [w.paymentMethod, d.paymentMethod],
  ];
  for (const [label, value] of facts) {
    doc.fillColor(INK).text(`${label}${w.colon}${value}`, rx, doc.y, { width: rw, align: 'right' });
  }
  doc.y = Math.max(sellerEnd, doc.y) + 18;

  // Buyer and where it goes.
  const a = d.address;
  const blockTop = doc.y;
  const block = (x: number, heading: string, lines: string[]) => {
    doc.font('bold').fontSize(9).fillColor(MUTED).text(heading.toUpperCase(), x, blockTop, { width: width / 2 - 10 });
    doc.font('regular').fontSize(10).fillColor(INK);
    for (const line of lines.filter((l) => l.trim())) doc.text(line, x, doc.y, { width: width / 2 - 10 });
    return doc.y;
  };
  const place = [a.line1, a.line2, [a.postalCode, a.city].filter(Boolean).join(' '), a.state, a.country];
  const end1 = block(left, w.billTo, [d.buyer.fullName || a.fullName, d.buyer.email]);
  const end2 = block(left + width / 2, w.shipTo, [a.fullName, ...place]);
  doc.y = Math.max(end1, end2) + 18;

  // The lines.
  const taxed = d.lines.some((l) => l.taxRate !== null) || d.taxLines.length > 0;
  const cols = taxed
    ? [{ w: 0.4, a: 'left' }, { w: 0.17, a: 'left' }, { w: 0.08, a: 'right' }, { w: 0.17, a: 'right' }, { w: 0.18, a: 'right' }]
    : [{ w: 0.57, a: 'left' }, { w: 0, a: 'left' }, { w: 0.08, a: 'right' }, { w: 0.17, a: 'right' }, { w: 0.18, a: 'right' }];
  const xs: number[] = [left];
  for (let i = 1; i < cols.length; i++) xs.push(xs[i - 1] + cols[i - 1].w * width);
  const row = (cells: string[], font: 'regular' | 'bold', color = INK) => {
    if (doc.y > bottom()) doc.addPage();
    const y = doc.y;
    let end = y;
    doc.font(font).fontSize(9).fillColor(color);
    cells.forEach((text, i) => {
      if (!cols[i].w) return;
      doc.text(text, xs[i], y, { width: cols[i].w * width - 6, align: cols[i].a as 'left' | 'right' });
      end = Math.max(end, doc.y);
    });
    doc.y = end + 4;
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.y += 4;
  };
  row([w.description, w.tax, w.quantity, w.unitPrice, w.amount], 'bold', MUTED);
  rule();
  for (const l of d.lines) {
    const tax = l.taxRate === null ? '' : [l.taxClass, percent(l.taxRate)].filter(Boolean).join(' ');
    const described = [l.title, l.options, l.discount ? `${w.discount} ${money(-l.discount)}` : ''].filter(Boolean).join('\n');
    row([described, tax, String(l.quantity), money(l.unit), money(l.total)], 'regular');
  }
  rule();

  // Totals, right-aligned.
  const total = (label: string, value: string, strong = false) => {
    if (doc.y > bottom()) doc.addPage();
    const y = doc.y;
    doc.font(strong ? 'bold' : 'regular').fontSize(strong ? 11 : 9).fillColor(INK);
    doc.text(label, left + width * 0.45, y, { width: width * 0.33, align: 'right' });
    doc.text(value, left + width * 0.78, y, { width: width * 0.22, align: 'right' });
    doc.y += 2;
  };
  total(w.subtotal, money(d.subTotal));
  if (d.discount) total(w.discount, money(-d.discount));
  if (d.coupon) total(w.coupon(d.coupon.code), money(-d.coupon.amount));
  if (d.shipping) total(d.shipping.name ? `${w.shipping} (${d.shipping.name})` : w.shipping, money(d.shipping.amount));
  if (taxed && d.pricesIncludeTax === false) total(w.taxAdded, money(d.taxTotal));
  total(credit ? w.totalCredited : w.total, money(d.total), true);
  if (taxed && d.pricesIncludeTax !== false) total(w.taxIncluded, money(d.taxTotal));
  doc.y += 14;

  // The tax summary: one line per rate, as the order computed it (rounded once per rate).
  if (doc.y > bottom() - 60) doc.addPage();
  doc.font('bold').fontSize(10).fillColor(INK).text(w.taxSummary, left, doc.y);
  doc.y += 4;
  if (d.taxLines.length) {
    const tx = [left, left + width * 0.3, left + width * 0.6];
    const tw = width * 0.3 - 6;
    const line = (cells: string[], font: 'regular' | 'bold', color = INK) => {
      const y = doc.y;
      doc.font(font).fontSize(9).fillColor(color);
      cells.forEach((text, i) => {
        doc.text(text, tx[i], y, { width: tw, align: i ? 'right' : 'left' });
      });
      doc.y += 2;
    };
    line([w.rate, w.base, w.tax], 'bold', MUTED);
    for (const t of d.taxLines) line([[t.className, percent(t.rate)].filter(Boolean).join(' '), money(t.base), money(t.amount)], 'regular');
  } else {
    doc.font('regular').fontSize(9).fillColor(MUTED).text(w.noTax, left, doc.y);
  }

  // The footer and page numbers on every page.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    // Written in the bottom margin: with it at 0 while writing, pdfkit adds no page for it.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - margin - 30;
    doc.font('regular').fontSize(8).fillColor(MUTED);
    if (d.seller.invoiceFooter) doc.text(d.seller.invoiceFooter, left, y, { width, align: 'center', height: 24, ellipsis: true });
    doc.text(`${d.number} · ${w.page(i + 1, pages.count)}`, left, y + 20, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
