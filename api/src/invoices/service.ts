// Issue 39: invoices and credit notes (numbers with no gaps: an invoice's just after its order commits, numbering.ts),
// their PDFs, and the store settings that name the seller.
import { CREDITED_STATUSES, isCountryCode, type DocumentKind, type Locale, type OrderStatus, type Static, type StoreSettingsBody } from '@shop/contract';
import { changes, recordAudit } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import type { AuthUser } from '../lib/auth.js';
import { fieldError, notFound } from '../lib/errors.js';
import * as Orders from '../orders/queries.js';
import { invoiceDocument, type InvoiceDocument, type Seller, type TaxedItemRow, type TaxedOrderRow } from './document.js';
import { renderInvoicePdf } from './pdf.js';
import * as Q from './queries.js';
import { numberQueuedIn } from './numbering.js';

export type { InvoiceDocument } from './document.js';

/** The year a document is numbered in: its date's, in UTC. */
const yearOf = (at: Date) => at.getUTCFullYear();

/** A seller not known yet (the checkout's message before its last statement fills it from the store settings). */
const NO_SELLER: Seller = { legalName: '', address: '', taxId: '', invoiceFooter: '' };

/**
 * The invoice of an order being placed, as the confirmation e-mail carries it: everything but the
 * number and the seller, which issueInvoice writes into the message as it takes them.
 */
export const draftInvoice = (row: Orders.OrderRow, items: Orders.ItemRow[], locale?: Locale): InvoiceDocument =>
  invoiceDocument({ ...row, locale: locale ?? null }, items, { kind: 'invoice', number: '', issuedAt: row.created_at, seller: NO_SELLER });


/**
 * An order cancelled or rejected gets a credit note (never an edited invoice), once, when it has an
 * invoice; in the change's transaction, after its other locks (the counter's is the last one taken).
 */
export async function creditOnStatusChange(q: Queryable, order: { id: string; invoice_number: string | null; credit_note_number: string | null }, to: OrderStatus, now = new Date()) {
  if (!(CREDITED_STATUSES as readonly string[]).includes(to) || order.credit_note_number) return null;
  // Cancelled before its batch numbered it (milliseconds after its checkout, or its process died): numbered here first.
  const invoiced = order.invoice_number ?? (await numberQueuedIn(q, order.id));
  if (!invoiced) return null;
  return (await Q.issueCreditNote(q, order.id, yearOf(now), now))?.number ?? null;
}

/** The order's document of a kind as its PDF: the buyer's own (another's: 404), any for an admin; 404 when it has none. */
export async function documentPdf(q: Queryable, user: AuthUser, orderId: string, kind: DocumentKind): Promise<{ number: string; pdf: Buffer }> {
  const order = await Orders.getOrderRows(q, orderId);
  if (!order || (user.role !== 'admin' && order.row.user_id !== user.id)) throw notFound('Order not found');
  return renderDocument(q, orderId, order, kind);
}

/** Issue 40: an order's document for a caller already let through (a guest's order link). */
export async function orderDocumentPdf(q: Queryable, orderId: string, kind: DocumentKind) {
  const order = await Orders.getOrderRows(q, orderId);
  if (!order) throw notFound('Order not found');
  return renderDocument(q, orderId, order, kind);
}

async function renderDocument(q: Queryable, orderId: string, order: NonNullable<Awaited<ReturnType<typeof Orders.getOrderRows>>>, kind: DocumentKind) {
  const issued = await Q.getDocument(q, orderId, kind);
  if (!issued) throw notFound(kind === 'invoice' ? 'This order has no invoice' : 'This order has no credit note');
  const doc = invoiceDocument(order.row as TaxedOrderRow, order.items as TaxedItemRow[], {
    kind,
    number: issued.number,
    issuedAt: issued.issued_at,
    seller: issued.seller,
    invoiceNumber: order.row.invoice_number,
  });
  return { number: issued.number, pdf: await renderInvoicePdf(doc) };
}

type StoreSettingsInput = Static<typeof StoreSettingsBody>;

/** guestEnv: GUEST_CHECKOUT=1, which turns guest checkout on whatever is saved (issue 40). */
const settingsOut = (r: Q.StoreSettingsRow, guestEnv = false) => ({
  legalName: r.legal_name,
  address: r.address,
  taxId: r.tax_id,
  invoiceFooter: r.invoice_footer,
  defaultCountry: r.default_country,
  guestCheckout: r.guest_checkout,
  guestCheckoutByEnv: guestEnv,
  guestCartsPerHour: r.guest_carts_per_hour,
  updatedAt: new Date(r.updated_at).toISOString(),
});

export const getStoreSettings = async (q: Queryable, guestEnv = false) => settingsOut(await Q.getStoreSettings(q), guestEnv);


/** PUT /settings/store (super admin): trimmed, checked (a 400 naming the field), stored, audited. */
export async function setStoreSettings(db: Db, user: AuthUser, input: StoreSettingsInput, guestEnv = false) {
  const saved = await Q.getStoreSettings(db);
  const next = {
    legal_name: input.legalName.trim(),
    address: input.address
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean)
      .join('\n'),
    tax_id: input.taxId.trim(),
    invoice_footer: input.invoiceFooter.trim(),
    default_country: input.defaultCountry,
    // Issue 40: absent (a caller from before): kept as saved.
    guest_checkout: input.guestCheckout ?? saved.guest_checkout,
    guest_carts_per_hour: input.guestCartsPerHour ?? saved.guest_carts_per_hour,
  };
  if (!isCountryCode(next.default_country)) throw fieldError('defaultCountry', 'must be a country the shop knows (ISO 3166-1 alpha-2)');
  return db.tx(async (q) => {
    const before = settingsOut(await Q.getStoreSettings(q), guestEnv);
    const after = settingsOut(await Q.setStoreSettings(q, next), guestEnv);
    const { updatedAt: _b, guestCheckoutByEnv: _be, ...b } = before;
    const { updatedAt: _a, guestCheckoutByEnv: _ae, ...a } = after;
    const diff = changes(b, a);
    if (Object.keys(diff.after).length) await recordAudit(q, { actorId: user.id, action: 'update', entity: 'store-settings', entityId: 'store', before: diff.before, after: diff.after });
    return after;
  });
}
