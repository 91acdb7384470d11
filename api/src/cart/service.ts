import type { Db, Queryable } from '../db/client.js';
import { CURRENCY_IDS_JSON, loadProduct, productJson, toProductOut, type ProductJson, type ProductOut } from '../catalog/products.js';
import { badRequest, notFound } from '../lib/errors.js';
import { fromMinor } from '../lib/money.js';
import { listCurrencies } from '../currencies/service.js';
import { notAvailableIn, unitPriceMinor } from '../orders/pricing.js';

export const MAX_QUANTITY = 1000;

/** A cart line with its whole product. */
export interface CartLine {
  id: string;
  product: ProductOut;
  optionIds: string[];
  quantity: number;
}
interface LineRow {
  id: string;
  product_id: string;
  option_ids: string[];
  quantity: number;
  product: ProductJson | null;
  currency_ids: string[];
}

/** The user's cart lines, oldest first, each with its whole product, in one query (a line whose product is gone is left out). */
async function cartLines(q: Queryable, userId: string): Promise<{ lines: CartLine[]; currencyIds: string[] }> {
  const rows = await q.query<LineRow>(
    `SELECT c.id, c.product_id, c.option_ids::text[] AS option_ids, c.quantity, ${productJson('c.product_id')} AS product, ${CURRENCY_IDS_JSON} AS currency_ids
       FROM cart_items c WHERE c.user_id = $1 ORDER BY c.created_at, c.id`,
    [userId],
  );
  return toLines(rows);
}

function toLines(rows: LineRow[], known?: ProductOut): { lines: CartLine[]; currencyIds: string[] } {
  const lines = rows.flatMap((r) => {
    const product = known && r.product_id === known._id ? known : r.product && toProductOut(r.product, r.currency_ids);
    return product ? [{ id: r.id, product, optionIds: r.option_ids, quantity: r.quantity }] : [];
  });
  return { lines, currencyIds: rows[0]?.currency_ids ?? [] };
}

/** The chosen options of a line, as the UI shows them (skipping options deleted since). */
export function selectedOptions(product: ProductOut, optionIds: string[]) {
  const out: Array<{ variantType: string; selectedOption: { _id: string; name: string } }> = [];
  for (const v of product.variants) {
    for (const o of v.options) if (optionIds.includes(o._id)) out.push({ variantType: v.type, selectedOption: { _id: o._id, name: o.name } });
  }
  return out;
}

/** The cart as GET /cart answers it: per line, unit and total price in every currency. */
function cartItems({ lines, currencyIds }: { lines: CartLine[]; currencyIds: string[] }) {
  return lines.map(({ id, product: p, optionIds, quantity }) => {
    // A currency the line has no price in is left out of its lists (not available in it, never 0).
    const unit = currencyIds.flatMap((c) => {
      const minor = unitPriceMinor(p, optionIds, c);
      return minor === null ? [] : [{ currType: c, minor }];
    });
    return {
      _id: id,
      product: { _id: p._id, title: p.title, slug: p.slug, imageUrls: p.imageUrls, discounts: p.discounts },
      options: selectedOptions(p, optionIds),
      quantity,
      unitPrice: unit.map((u) => ({ currType: u.currType, amount: fromMinor(u.minor) })),
      totalPrice: unit.map((u) => ({ currType: u.currType, amount: fromMinor(u.minor * quantity) })),
    };
  });
}

export async function cartOf(q: Queryable, userId: string) {
  return cartItems(await cartLines(q, userId));
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
 * (orders/service.ts); this tells the shopper at once.
 */
async function checkAvailable(q: Queryable, product: ProductOut, optionIds: string[], currencyId?: string) {
  const currencies = await listCurrencies(q);
  const wanted = currencyId ? currencies.filter((c) => c._id === currencyId) : currencies;
  if (currencyId && !wanted.length) throw badRequest('Unknown currency');
  if (!wanted.some((c) => unitPriceMinor(product, optionIds, c._id) !== null)) throw notAvailableIn(product.title, wanted[0]?.code ?? 'any currency');
}

/**
 * Adds a line (or more of the same product with the same options) and answers the whole cart.
 * Two statements: the product, to check the options; then the write, whose statement also reads
 * the cart back (the written line from RETURNING, the others from the table) with every product
 * but the one already loaded. No transaction: the one write is a single statement.
 */
export async function addToCart(db: Db, userId: string, productId: string, optionIds: string[], quantity: number, currencyId?: string) {
  const product = await loadProduct(db, productId);
  if (!product) throw notFound('Product not found');
  const ids = checkOptions(product, optionIds);
  await checkAvailable(db, product, ids, currencyId);
  const rows = await db.query<LineRow>(
    `WITH added AS (
       INSERT INTO cart_items (user_id, product_id, option_ids, options_key, quantity) VALUES ($1, $2, $3::uuid[], $4, $5)
       ON CONFLICT (user_id, product_id, options_key) DO UPDATE SET quantity = least(cart_items.quantity + EXCLUDED.quantity, ${MAX_QUANTITY})
       RETURNING id, product_id, option_ids, quantity, created_at),
     lines AS (
       SELECT * FROM added
       UNION ALL
       SELECT c.id, c.product_id, c.option_ids, c.quantity, c.created_at FROM cart_items c WHERE c.user_id = $1 AND c.id <> (SELECT id FROM added))
     SELECT l.id, l.product_id, l.option_ids::text[] AS option_ids, l.quantity,
            CASE WHEN l.product_id <> $2 THEN ${productJson('l.product_id')} END AS product,
            ${CURRENCY_IDS_JSON} AS currency_ids
       FROM lines l ORDER BY l.created_at, l.id`,
    [userId, productId, ids, ids.join(','), quantity],
  );
  return cartItems(toLines(rows, product));
}

export async function setQuantity(db: Db, userId: string, itemId: string, quantity: number) {
  return db.tx(async (q) => {
    const found =
      quantity < 1
        ? await q.one(`DELETE FROM cart_items WHERE id = $1 AND user_id = $2 RETURNING id`, [itemId, userId])
        : await q.one(`UPDATE cart_items SET quantity = $3 WHERE id = $1 AND user_id = $2 RETURNING id`, [itemId, userId, quantity]);
    if (!found) throw notFound('Cart item not found');
    return cartOf(q, userId);
  });
}

export async function removeItem(db: Db, userId: string, itemId: string) {
  return db.tx(async (q) => {
    if (!(await q.one(`DELETE FROM cart_items WHERE id = $1 AND user_id = $2 RETURNING id`, [itemId, userId]))) throw notFound('Cart item not found');
    return cartOf(q, userId);
  });
}
