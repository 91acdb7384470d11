import type { Db, Queryable } from '../db/client.js';
import type { ProductOut } from '../catalog/productQueries.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { fromMinor } from '../lib/money.js';
import { publishedCurrencies } from '../currencies/service.js';
import { availableQuantity, CART_MAX_QUANTITY, linePhoto, listFullMessage, type Locale, notEnoughStock, PER_USER_LISTS, photosOf, unitPriceMinor } from '@shop/contract';
import { checkCartQuantity } from '../stock/service.js';
import { notAvailableIn } from '../orders/pricing.js';
import { catalogPartsFrom, type CatalogParts } from '../catalog/index.js';
import type { Remember } from '../lib/remember.js';
import * as Q from './queries.js';

export type { CartLine } from './queries.js';

/** Issue 40: a guest cart at its cap of lines. */
export const guestCartFull = (max: number) => `A guest cart holds at most ${max} different items: sign in for more`;

/** The most pieces of one line (the map's, which the routes check). */
export const MAX_QUANTITY = CART_MAX_QUANTITY;

/** The chosen options of a line, as the UI shows them (skipping options deleted since). */
export function selectedOptions(product: ProductOut, optionIds: string[]) {
  const out: Array<{ variantType: string; selectedOption: { _id: string; name: string } }> = [];
  for (const v of product.variants) {
    for (const o of v.options) if (optionIds.includes(o._id)) out.push({ variantType: v.type, selectedOption: { _id: o._id, name: o.name } });
  }
  return out;
}

/** What an order line keeps as its image: the chosen options' first photo, else the product's (issue 22). */
export const lineImage = (product: ProductOut, optionIds: string[]) => linePhoto(product, optionIds);

/** The cart as GET /cart answers it: per line, unit and total price in every currency; the line's photos start with its options' own. */
function cartItems({ lines, currencyIds }: Q.CartRead) {
  return lines.map(({ id, product: p, optionIds, quantity }) => {
    // A currency the line has no price in is left out of its lists (not available in it, never 0).
    const unit = currencyIds.flatMap((c) => {
      const minor = unitPriceMinor(p, optionIds, c);
      return minor === null ? [] : [{ currType: c, minor }];
    });
    return {
      _id: id,
      product: { _id: p._id, title: p.title, slug: p.slug, imageUrls: photosOf(p, optionIds), discounts: p.discounts },
      options: selectedOptions(p, optionIds),
      quantity,
      unitPrice: unit.map((u) => ({ currType: u.currType, amount: fromMinor(u.minor) })),
      totalPrice: unit.map((u) => ({ currType: u.currType, amount: fromMinor(u.minor * quantity) })),
      availableQuantity: availableQuantity(p, optionIds),
    };
  });
}

/**
 * The stored lines with their products (issue 43: from the kept product pages, kept.products), in the shopper's
 * language (issue 37); a line whose product is gone or unpublished is left out. known: a product already read.
 */
async function withProducts({ lines, currencyIds }: { lines: Q.StoredLine[]; currencyIds: string[] }, kept: CatalogParts, locale?: Locale, known?: ProductOut): Promise<Q.CartRead> {
  const products = await kept.products(lines.flatMap((l) => (l.productId === known?._id ? [] : [l.productId])), locale);
  return {
    lines: lines.flatMap((l) => {
      const product = l.productId === known?._id ? known : products.get(l.productId);
      return product ? [{ id: l.id, product, optionIds: l.optionIds, quantity: l.quantity }] : [];
    }),
    currencyIds,
  };
}

/** GET /cart (and the answer of a change): the lines read, their products from kept (the database's when not given: the back office). */
export async function cartOf(q: Queryable, userId: string, locale?: Locale, kept: CatalogParts = catalogPartsFrom(q)) {
  return cartItems(await withProducts(await Q.storedLines(q, userId), kept, locale));
}

/**
 * Checks the chosen options against the product: one per variant (when it has options), each
 * belonging to the product, active and in stock. Answers the option ids, sorted.
 */
export function checkOptions(product: ProductOut, optionIds: string[]): string[] {
  const chosen: string[] = [];
  const seen = new Set(optionIds);
  const all = new Set(product.variants.flatMap((v) => v.options.map((o) => o._id)));
  for (const id of seen) if (!all.has(id)) throw badRequest(`Option ${id} does not belong to this product`);
  for (const v of product.variants) {
    const picks = v.options.filter((o) => seen.has(o._id));
    if (picks.length > 1) throw badRequest(`Choose only one ${v.type}`);
    if (!picks.length) {
      if (v.options.length) throw badRequest(`Choose a ${v.type}`);
      continue;
    }
    const o = picks[0];
    if (!o.isActive) throw badRequest(`${v.type} ${o.name} is not available`);
    if (!o.inStock) throw badRequest(`${v.type} ${o.name} is out of stock`);
    chosen.push(o._id);
  }
  return chosen.sort();
}

/**
 * A product goes into the cart only with a price: in the shopper's currency when the call names it,
 * else in at least one currency. The order refuses a line with no price in its currency anyway
 * (orders/service.ts); this tells the shopper at once. The published currencies are catalogue data, kept
 * under its version (remember).
 */
async function checkAvailable(q: Queryable, product: ProductOut, optionIds: string[], currencyId: string | undefined, remember: Remember) {
  // A draft currency (issue 38) is not the shoppers' yet: unknown to the cart.
  const currencies = await remember(['cart', 'currencies'], () => publishedCurrencies(q));
  const wanted = currencyId ? currencies.filter((c) => c._id === currencyId) : currencies;
  if (currencyId && !wanted.length) throw badRequest('Unknown currency');
  if (!wanted.some((c) => unitPriceMinor(product, optionIds, c._id) !== null)) throw notAvailableIn(product.title, wanted[0]?.code ?? 'any currency');
}

/**
 * Adds a line (or more of the same product with the same options) and answers the whole cart. The product,
 * its options and its price are checked from memory; then one round trip (Q.addLine: cart_add, migration 050)
 * writes under the customer's lock while there is room and stock as of now, and answers the cart's lines, whose
 * products come from memory too. maxLines: a guest's cap (issue 40), below the account's.
 */
export async function addToCart(db: Db, userId: string, productId: string, optionIds: string[], quantity: number, currencyId?: string, locale?: Locale, maxLines?: number, kept: CatalogParts = catalogPartsFrom(db)) {
  const product = (await kept.products([productId], locale)).get(productId);
  if (!product) throw notFound('Product not found');
  const ids = checkOptions(product, optionIds);
  await checkAvailable(db, product, ids, currencyId, kept.remember);
  const cap = Math.min(PER_USER_LISTS.cartLines.max, maxLines ?? Infinity);
  const added = await Q.addLine(db, userId, product._id, ids, quantity, MAX_QUANTITY, cap, !!product.trackInventory);
  if (!added.written) {
    // Short of stock (what the cart would hold, capped as the add caps it, against what is left), else no room.
    const wanted = Math.min((added.held ?? 0) + quantity, MAX_QUANTITY);
    if (added.available !== null && wanted > added.available) throw conflict(notEnoughStock(product.title, added.available));
    throw badRequest(maxLines !== undefined && (added.others ?? 0) >= maxLines ? guestCartFull(maxLines) : listFullMessage('cartLines'));
  }
  return cartItems(await withProducts(added, kept, locale, product));
}

/**
 * A quantity below 1 takes the line out. The cart is answered as read after the change's commit, its products
 * from kept: inside the transaction the memory's own reads would wait for its connection (PGlite has one).
 */
export async function changeQuantity(db: Db, userId: string, itemId: string, quantity: number, locale?: Locale, kept: CatalogParts = catalogPartsFrom(db)) {
  await db.tx(async (q) => {
    if (quantity >= 1) {
      const line = await Q.lineOf(q, userId, itemId);
      if (!line) throw notFound('Cart item not found');
      // Taking some out is always allowed, even while still above what is left.
      if (quantity > line.quantity) checkCartQuantity(line.product, line.optionIds, quantity);
    }
    const found = quantity < 1 ? await Q.deleteLine(q, userId, itemId) : await Q.setLineQuantity(q, userId, itemId, quantity);
    if (!found) throw notFound('Cart item not found');
  });
  return cartOf(db, userId, locale, kept);
}

export async function removeFromCart(db: Db, userId: string, itemId: string, locale?: Locale, kept: CatalogParts = catalogPartsFrom(db)) {
  if (!(await Q.deleteLine(db, userId, itemId))) throw notFound('Cart item not found');
  return cartOf(db, userId, locale, kept);
}

/** A deleted account keeps no cart (users/service.ts deleteUser). */
export const emptyCart = (q: Queryable, userId: string) => Q.deleteAllLines(q, userId);
