// The statements of a checkout (besides BEGIN/COMMIT): everything it reads, with the locks; how it ships
// and is taxed; and everything it writes (the order, the emptied cart, the stock taken, the order queued
// for its invoice number with its confirmation e-mail). Pricing stays in pricing.ts, between them. All are
// prepared (named): parsing and planning them took PostgreSQL ~2 ms of every order at 100,000 products.
import { DEFAULT_LOCALE, type Locale } from '@shop/contract';
import type { Queryable } from '../db/client.js';
import { CURRENCY_IDS_JSON, loadProducts, shopProductJson, toDiscountOut, toProductOut, type DiscountJson, type ProductJson, type ProductOut } from '../catalog/productQueries.js';
import type { CurrencyRow } from '../currencies/queries.js';
import type { CatalogParts } from '../catalog/index.js';
import type { DiscountOut } from '../discounts/queries.js';
import { STOCK_TAKEN, stockTaken, stockWanted, takeStockCtes, type StockChange, type StockTaken } from '../stock/queries.js';
import type { NewMail } from '../mail/queries.js';
import { queueInvoiceSql, queueParams } from '../invoices/queries.js';
import { shippingForColumns, type ShippingForRow } from '../shipping/queries.js';
import { taxForColumns, taxForOf, type TaxFor, type TaxForRow } from '../tax/queries.js';
import { itemRows, type WrittenOrder } from './queries.js';

/** A cart line as the checkout reads it (the cart's own CartLine: orders/service.ts prices it with the cart's rules). */
export interface CheckoutLine {
  id: string;
  product: ProductOut;
  optionIds: string[];
  quantity: number;
}

export interface CheckoutRead {
  /** null when the account is gone. */
  buyer: { fullName: string; email: string; contact: string } | null;
  currency: CurrencyRow | null;
  userDiscounts: DiscountOut[];
  /** The saved address asked for, as an order keeps it; null when none was asked or it is not the buyer's. */
  address: Record<string, string | null> | null;
  /** The cart, oldest line first (a line whose product is gone is left out). */
  lines: CheckoutLine[];
  /** The number the order will have: taken from its sequence when read to be written (lock), unless the cart is empty. */
  orderNumber: string | null;
}

interface ReadRow {
  buyer: CheckoutRead['buyer'];
  currency: CurrencyRow | null;
  currency_ids: string[];
  discounts: DiscountJson[] | null;
  address: Record<string, string | null> | null;
  /** Each line with its product (readCheckout) or its product's id (readCheckoutCart). */
  lines: Array<{ id: string; optionIds: string[]; quantity: number; product?: ProductJson | null; productId?: string }> | null;
  number: string | null;
  /** The catalogue version this statement read (readCheckoutCart's: its products are those kept under it). */
  catalog_version?: number | string;
}

/**
 * Everything a checkout reads, in one statement: the buyer, the currency, the buyer's discounts, the
 * saved address chosen, and the cart with its products. lock: the buyer's row FOR UPDATE, which
 * makes one customer's checkouts wait for each other, then their cart lines FOR UPDATE. The cart is
 * read LATERAL to the locked buyer, so it is always locked second; a checkout that waited finds the
 * lines the other one ordered gone (a line deleted by a committed transaction is not returned by
 * FOR UPDATE), i.e. an empty cart. products: each line's product as JSON, else its id only (readCheckoutCart).
 */
const checkoutReadSql = (lock: boolean, products: boolean) => {
  const forUpdate = lock ? 'FOR UPDATE' : '';
  return `WITH buyer AS (SELECT id, full_name, email, contact FROM users WHERE id = $1 ${forUpdate}),
       line AS (SELECT c.* FROM buyer, LATERAL (SELECT c.id, c.product_id, c.option_ids, c.quantity, c.created_at FROM cart_items c WHERE c.user_id = buyer.id ${forUpdate}) c)
     SELECT (SELECT json_build_object('fullName', full_name, 'email', email, 'contact', contact) FROM buyer) AS buyer,
            (SELECT json_build_object('_id', c.id, 'name', c.name, 'code', c.code, 'symbol', c.symbol, 'pricesIncludeTax', c.prices_include_tax) FROM currencies c WHERE c.id = $2 AND c.status = 'published') AS currency,
            ${CURRENCY_IDS_JSON} AS currency_ids,
            (SELECT json_agg(discount_json(d) ORDER BY ud.created_at) FROM user_discounts ud JOIN discounts d ON d.id = ud.discount_id WHERE ud.user_id = $1) AS discounts,
            (SELECT json_build_object('fullName', a.full_name, 'line1', a.line1, 'line2', coalesce(a.line2, ''), 'city', a.city, 'state', coalesce(a.state, ''),
                                      'postalCode', a.postal_code, 'country', a.country, 'countryCode', a.country_code)
               FROM addresses a WHERE a.user_id = $1 AND a.id = $3) AS address,
            (SELECT json_agg(json_build_object('id', l.id, 'optionIds', l.option_ids, 'quantity', l.quantity,
                                               ${products ? `'product', ${shopProductJson('l.product_id')}` : `'productId', l.product_id`}) ORDER BY l.created_at, l.id)
               FROM line l) AS lines,
            ${lock ? `(SELECT nextval('order_numbers') WHERE EXISTS (SELECT 1 FROM line))` : 'NULL::bigint'} AS number${products ? '' : `,
            (SELECT version FROM catalog_version) AS catalog_version`}`;
};

const readOut = (r: ReadRow, locale?: Locale): Omit<CheckoutRead, 'lines'> => ({
  buyer: r.buyer,
  currency: r.currency,
  userDiscounts: (r.discounts ?? []).map((d) => toDiscountOut(d, r.currency_ids, locale)),
  address: r.address,
  orderNumber: r.number === null ? null : String(r.number),
});

/** locale (issue 37): the products' and discounts' texts in the customer's language, as their order lines keep them. */
export async function readCheckout(q: Queryable, userId: string, currencyId: string, addressId: string | null, lock: boolean, locale?: Locale): Promise<CheckoutRead> {
  const r = (await q.one<ReadRow>(checkoutReadSql(lock, true), [userId, currencyId, addressId], lock ? 'checkout-read-lock' : 'checkout-read'))!;
  return {
    ...readOut(r, locale),
    lines: (r.lines ?? []).flatMap((l) => (l.product ? [{ id: l.id, product: toProductOut(l.product, r.currency_ids, { locale }), optionIds: l.optionIds, quantity: l.quantity }] : [])),
  };
}

/**
 * readCheckout with its locks, for an order, with the catalogue's memory (issue 43): the statement reads the
 * lines' product ids and the catalogue version, and the products and the shipping and tax setup are those
 * kept under exactly that version (what this statement would have read; a product not kept is read here, in
 * the transaction). Building each line's product as JSON in SQL was most of PostgreSQL's share of an order.
 * Answers the parts the order's later reads take (kept under that version).
 */
export async function readCheckoutToOrder(
  q: Queryable,
  kept: CatalogParts | undefined,
  userId: string,
  currencyId: string,
  addressId: string | null,
  locale?: Locale,
): Promise<CheckoutRead & { parts?: CatalogParts }> {
  // No memory (a caller without the catalogue): everything read in the locked statement.
  if (!kept?.at) return readCheckout(q, userId, currencyId, addressId, true, locale);
  const r = (await q.one<ReadRow>(checkoutReadSql(true, false), [userId, currencyId, addressId], 'checkout-read-lock-ids'))!;
  const parts = kept.at(Number(r.catalog_version));
  const lines = r.lines ?? [];
  const ids = lines.map((l) => l.productId!);
  const found = await parts.products(ids, locale);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) for (const p of await loadProducts(q, missing, { locale }, 'shop')) found.set(p._id, p);
  return { ...readOut(r, locale), lines: linesOf(lines, found), parts };
}

const linesOf = (lines: NonNullable<ReadRow['lines']>, found: Map<string, ProductOut>): CheckoutLine[] =>
  lines.flatMap((l) => {
    const product = found.get(l.productId!);
    return product ? [{ id: l.id, product, optionIds: l.optionIds, quantity: l.quantity }] : [];
  });

/**
 * What readCheckout reads without a lock, but each line's product by id only, taken from `products` (issue 43:
 * the order preview's products from the catalogue's memory; building them as JSON in SQL was most of its cost).
 * A line whose product is not found (gone, unpublished) is left out, as readCheckout leaves it out.
 */
export async function readCheckoutCart(
  q: Queryable,
  products: (ids: string[]) => Promise<Map<string, ProductOut>>,
  userId: string,
  currencyId: string,
  addressId: string | null,
  locale?: Locale,
): Promise<CheckoutRead> {
  const r = (await q.one<ReadRow>(checkoutReadSql(false, false), [userId, currencyId, addressId], 'checkout-read-cart'))!;
  const lines = r.lines ?? [];
  const found = await products(lines.map((l) => l.productId!));
  return { ...readOut(r, locale), lines: linesOf(lines, found) };
}

/**
 * How an order ships to a country and is taxed there, in one statement (issue 43: the shipping setup and
 * the country's rates were two round trips of every order): what shipping/service.ts shippingSetupOf and
 * tax/service.ts countryTaxOf take.
 */
export async function readCheckoutSetup(q: Queryable, country: string | null): Promise<{ shipping: ShippingForRow; tax: TaxFor }> {
  const r = (await q.one<ShippingForRow & TaxForRow>(`SELECT ${shippingForColumns('$1')}, ${taxForColumns('$1')}`, [country], 'checkout-setup'))!;
  return { shipping: r, tax: taxForOf(r) };
}

/**
 * Writes the order and all its lines (one INSERT from a JSON array), takes the ordered lines out of the
 * cart, takes the pieces from stock (takeStockCtes: locked in key order, lowered only when every one has
 * enough) and queues it for its invoice number with its confirmation (invoices/queries.ts queueInvoiceSql:
 * the e-mail goes to the outbox when the number is given, just after the commit), in one statement. The
 * order comes with its id, number (readCheckout) and lines' ids, so the e-mail and the answer are made
 * before it is written (asWritten).
 * Answers the take's outcome: when it did not take, the order is still written, and the caller refuses
 * it (the transaction rolls back). Only the lines ordered leave the cart: one added meanwhile stays.
 */
export async function writeOrder(q: Queryable, o: WrittenOrder, orderedLineIds: string[], stock: StockChange[], confirmation: NewMail | null): Promise<StockTaken> {
  const lines = itemRows(o).map((row, seq) => ({ ...row, seq }));
  const [key, kind, to, replyTo, message, secret] = queueParams(confirmation);
  const r = await q.one<{ stock_taken: boolean | null; stock_available: number[] | null }>(
    `WITH o AS (
       INSERT INTO orders (id, number, user_id, status, payment_method, payment_ref, currency_id, currency_code, currency_symbol, shipping_address,
         sub_total, product_discount, user_discount, total_discount, total, created_at, coupon_id, coupon_code, coupon_discount, locale,
         shipping_method_id, shipping_method_name, shipping_country, shipping_price, tax_total, tax_lines, prices_include_tax, shipping_tax, guest_email, status_token_hash)
       VALUES ($20,$21,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$17,$18,$19,$28,$29,$30,$31,$32,$33,$34,$35,$36,$37,$38) RETURNING id, number),
     i AS (
       INSERT INTO order_items (id, order_id, product_id, title, slug, image_url, options, quantity, unit_price, line_total, discount, seq, tax_class_name, tax_rate, tax_amount)
       SELECT l.id, o.id, l.product_id, l.title, l.slug, l.image_url, l.options, l.quantity, l.unit_price, l.line_total, l.discount, l.seq, l.tax_class_name, l.tax_rate, l.tax_amount
         FROM o CROSS JOIN json_to_recordset($15::json) AS l (id uuid, product_id uuid, title text, slug text, image_url text, options jsonb, quantity integer,
                                                              unit_price bigint, line_total bigint, discount bigint, seq integer, tax_class_name text, tax_rate numeric, tax_amount bigint)),
     ordered AS (DELETE FROM cart_items WHERE user_id = $1 AND id = ANY($16::uuid[])),
     queued AS (${queueInvoiceSql('$20', ['$23', '$24', '$25', '$26', '$27', '$39'])}),
     ${takeStockCtes('$22', { reason: `'order'`, orderId: 'o.id', orderNumber: 'o.number', from: 'o' })}
     SELECT ${STOCK_TAKEN}`,
    [o.userId, o.status ?? 'pending', o.paymentMethod, o.paymentRef, o.currency._id, o.currency.code, o.currency.symbol, JSON.stringify(o.address),
      o.subTotal, o.productDiscount, o.userDiscount, o.totalDiscount, o.total, o.createdAt, JSON.stringify(lines), orderedLineIds,
      o.coupon?.id ?? null, o.coupon?.code ?? null, o.coupon?.discount ?? 0, o.id, o.number, stockWanted(stock),
      key, kind, to, replyTo, message, o.locale ?? DEFAULT_LOCALE,
      o.shipping?.methodId ?? null, o.shipping?.methodName ?? null, o.shipping?.country ?? null, o.shipping?.price ?? 0, o.tax?.total ?? 0,
      JSON.stringify(o.tax?.lines ?? []), o.pricesIncludeTax ?? false, o.shipping?.tax ?? 0, o.guestEmail ?? null, o.statusTokenHash ?? null, secret],
    'checkout-write',
  );
  return stockTaken(r);
}
