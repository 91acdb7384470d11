// Stock (issue 17): what an admin sets, what an order takes and gives back, and what the ledger and
// the dashboard show. The checkout (its take is part of the statement that writes the order:
// stockToTake, refuseShortStock) and the order lifecycle (settleOrderStock) call it inside their own
// transactions; nothing here opens one for them.
import { recordChanges } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import { loadProduct, type ProductOut } from '../catalog/productQueries.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { availableQuantity, combinationKey, combinationsOf, formatOrderNumber, MAX_STOCK_QUANTITY, notEnoughStock, STOCK_HOLDING_STATUSES, STOCK_RETURNING_STATUSES, type SetStockBody, type StockMovement, type StockReason } from '@shop/contract';
import type { MailSecrets } from '../mail/secrets.js';
import { restocked } from '../stockAlerts/service.js';
import * as Q from './queries.js';

export type { StockChange, StockTaken } from './queries.js';

/** Option names of a combination in variant order ('Rose Gold / 7'); '' for a product without variants. */
export function combinationName(product: Pick<ProductOut, 'variants'>, optionIds: readonly string[]): string {
  const chosen = new Set(optionIds);
  return product.variants.flatMap((v) => v.options.filter((o) => chosen.has(o._id)).map((o) => o.name)).join(' / ');
}

/** The option ids of a combination in the product's variant order. */
const inVariantOrder = (product: Pick<ProductOut, 'variants'>, optionIds: readonly string[]) => {
  const chosen = new Set(optionIds);
  return product.variants.flatMap((v) => v.options.filter((o) => chosen.has(o._id)).map((o) => o._id));
};

/**
 * PUT /product/{productId}/stock. Every combination given must be one of the product's (one option of
 * each variant that has options); each quantity a whole number 0-1,000,000. The difference from the
 * current quantity is an 'adjustment' movement by the admin; a combination not given keeps its
 * quantity. All or nothing, in one transaction.
 */
export async function setProductStock(db: Db, productId: string, body: SetStockBody, adminId: string, lowStockThreshold: number, secrets?: MailSecrets): Promise<ProductOut> {
  return db.tx(async (q) => {
    if (!(await Q.lockProduct(q, productId))) throw notFound('Product not found');
    const product = (await loadProduct(q, productId, { withStock: true }))!;
    const all = combinationsOf(product.variants);
    const known = new Map((all ?? []).map((c) => [combinationKey(c), c]));
    const seen = new Set<string>();
    const wanted = body.stock.map((s) => {
      const key = combinationKey(s.options);
      if (all ? !known.has(key) : !isCombination(product, s.options)) {
        throw badRequest(`Unknown or incomplete combination: [${s.options.join(', ')}]; send one option of each variant`);
      }
      if (seen.has(key)) throw badRequest(`Combination given twice: [${s.options.join(', ')}]`);
      seen.add(key);
      if (!Number.isInteger(s.quantity) || s.quantity < 0 || s.quantity > MAX_STOCK_QUANTITY) throw badRequest(`quantity must be a whole number from 0 to ${MAX_STOCK_QUANTITY}`);
      return { productId, key, optionIds: inVariantOrder(product, s.options), quantity: s.quantity };
    });
    await Q.ensureLevels(q, wanted);
    const now = await Q.lockLevels(q, wanted);
    await Q.moveStock(q, wanted.map((w, i) => ({ ...w, quantity: w.quantity - now[i] })), { reason: 'adjustment', adminId });
    if (body.trackInventory !== product.trackInventory) await Q.setTracking(q, productId, body.trackInventory);
    // Pieces back (or no longer counted): whoever waits for them gets their e-mail, once (issue 38).
    await restocked(q, secrets, [productId]);
    const after = (await loadProduct(q, productId, { withStock: true, lowStockThreshold }))!;
    await recordChanges(q, { actorId: adminId, action: 'update', entity: 'stock', entityId: productId, about: { title: after.title } }, stockFacts(product), stockFacts(after));
    return after;
  });
}

/** What the audit log keeps of a product's stock: tracking, and each combination's quantity by its name ('quantity' without variants). */
function stockFacts(p: ProductOut): Record<string, boolean | number> {
  const levels = (p.stock ?? []).map((l) => [combinationName(p, l.options) || 'quantity', l.quantity] as const);
  return { trackInventory: p.trackInventory, ...Object.fromEntries(levels) };
}

/** One option of each variant that has options, all of this product's (for a grid too large to list). */
function isCombination(product: Pick<ProductOut, 'variants'>, optionIds: readonly string[]) {
  const chosen = new Set(optionIds);
  if (chosen.size !== optionIds.length) return false;
  const withOptions = product.variants.filter((v) => v.options.length);
  return withOptions.every((v) => v.options.filter((o) => chosen.has(o._id)).length === 1) && inVariantOrder(product, optionIds).length === optionIds.length;
}

/** A line of an order as the stock sees it. */
export interface OrderedLine {
  product: Pick<ProductOut, '_id' | 'title' | 'variants' | 'trackInventory'>;
  optionIds: string[];
  quantity: number;
}

/** What an order's lines take: the lines of products that track their inventory, and their combinations. */
export interface StockToTake {
  lines: OrderedLine[];
  wanted: Q.StockChange[];
}

export function stockToTake(lines: OrderedLine[]): StockToTake {
  const tracked = lines.filter((l) => l.product.trackInventory);
  return { lines: tracked, wanted: tracked.map((l) => ({ productId: l.product._id, key: combinationKey(l.optionIds), optionIds: inVariantOrder(l.product, l.optionIds), quantity: l.quantity })) };
}

/**
 * A take that did not happen refuses the whole order: a 409 naming the first product short. The
 * caller's transaction rolls back, so no stock moves and the cart stays.
 */
export function refuseShortStock(take: StockToTake, outcome: Q.StockTaken): void {
  if (outcome.taken) return;
  const short = take.wanted.findIndex((w, i) => (outcome.available[i] ?? 0) < w.quantity);
  throw conflict(notEnoughStock(take.lines[short].product.title, outcome.available[short] ?? 0));
}

/**
 * Takes what an order's lines need, in the order's transaction, for an order already written (the
 * movements name it; the checkout takes them in the statement that writes the order instead:
 * orders/checkout-queries.ts). Lines of products that do not track their inventory take nothing.
 */
export async function takeStockForOrder(q: Queryable, order: { id: string; number: number | string }, lines: OrderedLine[]): Promise<void> {
  const take = stockToTake(lines);
  if (!take.wanted.length) return;
  refuseShortStock(take, await Q.takeIfAvailable(q, take.wanted, { reason: 'order', orderId: order.id, orderNumber: order.number }));
}

/** Statuses whose order keeps its pieces taken (contract). */
const HOLDS: ReadonlySet<string> = new Set(STOCK_HOLDING_STATUSES);
/** Before shipping, a cancel or reject gives the pieces back; after it they are gone (contract). */
const RETURNABLE: ReadonlySet<string> = new Set(STOCK_RETURNING_STATUSES);

/**
 * Moves an order's stock for a change of its status (or its deletion, `to` = 'deleted'), in the
 * caller's transaction, which holds the order's row lock (so a second cancel sent at once finds the
 * order already cancelled and returns nothing twice). Cancel or reject of a pending or processing
 * order, or its deletion, gives back what it still holds; a rejected order set back to an open status
 * takes its pieces again ('reinstated', 409 when they are gone meanwhile). Pieces given back tell
 * whoever waits for them (secrets: the e-mail's link; issue 38).
 */
export async function settleOrderStock(q: Queryable, order: { id: string; number: number | string; status: string }, to: string, secrets?: MailSecrets): Promise<void> {
  const src = { orderId: order.id, orderNumber: order.number };
  if (RETURNABLE.has(order.status) && !HOLDS.has(to)) {
    const held = await Q.heldByOrder(q, order.id);
    if (!held.length) return;
    await Q.lockLevels(q, held);
    await Q.moveStock(q, held, { ...src, reason: to as StockReason });
    await restocked(q, secrets, held.map((h) => h.productId));
  } else if (order.status === 'rejected' && HOLDS.has(to)) {
    if ((await Q.heldByOrder(q, order.id)).length) return;
    const taken = await Q.takenAtOrder(q, order.id);
    if (!taken.length) return;
    const now = await Q.lockLevels(q, taken);
    const titles = await Q.productTitles(q, taken.map((t) => t.productId));
    taken.forEach((t, i) => {
      if (now[i] < t.quantity) throw conflict(notEnoughStock(titles.find((p) => p.id === t.productId)?.title ?? 'A piece', now[i]));
    });
    await Q.moveStock(q, taken.map((t) => ({ ...t, quantity: -t.quantity })), { ...src, reason: 'reinstated' });
  }
}

/** Refuses a cart quantity above what there is (409 naming the product); the checkout checks again, under lock. */
export function checkCartQuantity(product: ProductOut, optionIds: string[], quantity: number) {
  const available = availableQuantity(product, optionIds);
  if (available !== null && quantity > available) throw conflict(notEnoughStock(product.title, available));
}

/** GET /product/{productId}/stock/ledger */
export async function ledger(q: Queryable, productId: string, page: number, limit: number) {
  const product = await loadProduct(q, productId);
  if (!product) throw notFound('Product not found');
  const { rows, total } = await Q.ledgerPage(q, productId, limit, (page - 1) * limit);
  const items: StockMovement[] = rows.map((r) => ({
    _id: r.id,
    options: inVariantOrder(product, r.option_ids),
    combination: combinationName(product, r.option_ids),
    delta: r.delta,
    reason: r.reason,
    orderId: r.order_id,
    orderNumber: r.order_number === null ? null : formatOrderNumber(r.order_number),
    admin: r.admin_id ? { _id: r.admin_id, fullName: r.admin_name ?? '' } : null,
    createdAt: new Date(r.created_at).toISOString(),
  }));
  return { items, itemCount: total, page, limit };
}

/** GET /stock/low: the dashboard's list. */
export async function lowStock(q: Queryable, threshold: number) {
  return (await Q.lowStock(q, threshold, 50)).map(({ names, ...l }) => ({ ...l, combination: names.join(' / ') }));
}

export type { StockReason };
