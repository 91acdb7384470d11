// Issue 39: an invoice or credit note as data, everything its PDF shows, made from the order's rows as
// written (orders/queries.ts) and the document as issued (number, date, the seller then). The same
// data is kept in the order confirmation's outbox message, so the PDF attached to the e-mail is the one
// GET /api/order/{id}/invoice.pdf answers, whenever the e-mail goes out.
import { DEFAULT_LOCALE, type DocumentKind, formatOrderNumber, type Locale } from '@shop/contract';
import type { ItemRow, OrderRow } from '../orders/queries.js';

/** The seller an invoice names: the store settings when it was issued. */
export interface Seller {
  legalName: string;
  address: string;
  taxId: string;
  invoiceFooter: string;
}

/** A tax rate's line of the summary: the rate (percent), what it was computed on, and the tax, minor units. */
export interface TaxSummaryLine {
  rate: number;
  className: string | null;
  base: number;
  amount: number;
}

export interface InvoiceLine {
  title: string;
  /** The chosen options, "Metal: Gold, Size: 6". */
  options: string;
  quantity: number;
  /** Minor units. */
  unit: number;
  discount: number;
  total: number;
  taxClass: string | null;
  /** Percent, null when the order carried no tax. */
  taxRate: number | null;
}

export interface InvoiceDocument {
  kind: DocumentKind;
  number: string;
  issuedAt: string;
  /** A credit note's: the invoice it cancels. */
  invoiceNumber: string | null;
  seller: Seller;
  locale: Locale;
  orderNumber: string;
  orderDate: string;
  paymentMethod: string;
  buyer: { fullName: string; email: string };
  address: { fullName: string; line1: string; line2: string; city: string; state: string; postalCode: string; country: string };
  currency: { code: string; symbol: string };
  lines: InvoiceLine[];
  subTotal: number;
  /** The product and customer discounts, without the coupon's (which has its own line). */
  discount: number;
  coupon: { code: string; amount: number } | null;
  shipping: { name: string; amount: number } | null;
  taxLines: TaxSummaryLine[];
  taxTotal: number;
  /** Whether the prices shown include the tax (VAT included) or it was added; null: the order carried no tax. */
  pricesIncludeTax: boolean | null;
  total: number;
}

/**
 * What an order row carries of shipping and tax (issue 39's other half, migration 038): absent on a
 * shop without it, or an order placed before, which then shows no shipping line and no tax.
 */
export type TaxedOrderRow = OrderRow & {
  locale?: string | null;
  shipping_method_name?: string | null;
  shipping_country?: string | null;
  shipping_price?: number | string | null;
  tax_total?: number | string | null;
  tax_lines?: Array<{ classId?: string; className?: string | null; rate: number | string; base: number | string; amount: number | string }> | null;
  prices_include_tax?: boolean | null;
};
export type TaxedItemRow = ItemRow & { tax_class_name?: string | null; tax_rate?: number | string | null; tax_amount?: number | string | null };

const num = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? null : Number(v));
const localeOf = (l: string | null | undefined): Locale => (l === 'fr' ? 'fr' : DEFAULT_LOCALE);

/** The issue's own part: which document, its number and date, the seller then. */
export interface Issued {
  kind: DocumentKind;
  number: string;
  issuedAt: Date | string;
  seller: Seller;
  invoiceNumber?: string | null;
}

/** The document of an order (its rows as read or as the checkout writes them) and its issue. */
export function invoiceDocument(o: TaxedOrderRow, items: TaxedItemRow[], issued: Issued): InvoiceDocument {
  const a = o.shipping_address as unknown as Record<string, string | null | undefined>;
  const shippingPrice = num(o.shipping_price) ?? 0;
  const taxLines = (o.tax_lines ?? []).map((t) => ({ rate: Number(t.rate), className: t.className ?? null, base: Number(t.base), amount: Number(t.amount) }));
  const couponAmount = o.coupon_code ? Number(o.coupon_discount) : 0;
  return {
    kind: issued.kind,
    number: issued.number,
    issuedAt: new Date(issued.issuedAt).toISOString(),
    invoiceNumber: issued.invoiceNumber ?? null,
    seller: issued.seller,
    locale: localeOf(o.locale),
    orderNumber: formatOrderNumber(o.number),
    orderDate: new Date(o.created_at).toISOString(),
    paymentMethod: o.payment_method,
    buyer: { fullName: o.full_name ?? a.fullName ?? '', email: o.email ?? '' },
    address: {
      fullName: a.fullName ?? '',
      line1: a.line1 ?? '',
      line2: a.line2 ?? '',
      city: a.city ?? '',
      state: a.state ?? '',
      postalCode: a.postalCode ?? '',
      country: a.country ?? '',
    },
    currency: { code: o.currency_code, symbol: o.currency_symbol },
    lines: items.map((i) => ({
      title: i.title,
      options: (i.options ?? []).map((op) => (op.variantType ? `${op.variantType}: ${op.selectedOption.name}` : op.selectedOption.name)).join(', '),
      quantity: i.quantity,
      unit: Number(i.unit_price),
      discount: Number(i.discount),
      total: Number(i.line_total),
      taxClass: i.tax_class_name ?? null,
      taxRate: num(i.tax_rate),
    })),
    subTotal: Number(o.sub_total),
    discount: Number(o.total_discount) - couponAmount,
    coupon: o.coupon_code ? { code: o.coupon_code, amount: couponAmount } : null,
    shipping: o.shipping_method_name || shippingPrice ? { name: o.shipping_method_name ?? '', amount: shippingPrice } : null,
    taxLines,
    taxTotal: num(o.tax_total) ?? taxLines.reduce((s, t) => s + t.amount, 0),
    pricesIncludeTax: o.prices_include_tax ?? null,
    total: Number(o.total),
  };
}
