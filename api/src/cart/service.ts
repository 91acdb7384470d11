import type { Db, Queryable } from '../db/client.js';
import { loadProducts, type ProductOut } from '../catalog/products.js';
import { currencyIds } from '../currencies/queries.js';
import { badRequest, notFound } from '../lib/errors.js';
import { fromMinor } from '../lib/money.js';
import { unitPriceMinor } from '../orders/pricing.js';

export const MAX_QUANTITY = 1000;

export interface CartRow {
  id: string;
  product_id: string;
  option_ids: string[];
  quantity: number;
}

export const cartRows = (q: Queryable, userId: string, lock = false) =>
  q.query<CartRow>(`SELECT id, product_id, option_ids::text[] AS option_ids, quantity FROM cart_items WHERE user_id = $1 ORDER BY created_at, id ${lock ? 'FOR UPDATE' : ''}`, [
    userId,
  ]);

/** The chosen options of a line, as the UI shows them (skipping options deleted since). */
export function selectedOptions(product: ProductOut, optionIds: string[]) {
  const out: Array<{ variantType: string; selectedOption: { _id: string; name: string } }> = [];
  for (const v of product.variants) {
    for (const o of v.options) if (optionIds.includes(o._id)) out.push({ variantType: v.type, selectedOption: { _id: o._id, name: o.name } });
  }
  return out;
}

export async function cartOf(q: Queryable, userId: string) {
  const rows = await cartRows(q, userId);
  const products = new Map((await loadProducts(q, [...new Set(rows.map((r) => r.product_id))])).map((p) => [p._id, p]));
  const currs = await currencyIds(q);
  return rows.flatMap((r) => {
    const p = products.get(r.product_id);
    if (!p) return [];
    const unit = currs.map((c) => ({ currType: c, minor: unitPriceMinor(p, r.option_ids, c) }));
    return [
      {
        _id: r.id,
        product: { _id: p._id, title: p.title, slug: p.slug, imageUrls: p.imageUrls, discounts: p.discounts },
        options: selectedOptions(p, r.option_ids),
        quantity: r.quantity,
        unitPrice: unit.map((u) => ({ currType: u.currType, amount: fromMinor(u.minor) })),
        totalPrice: unit.map((u) => ({ currType: u.currType, amount: fromMinor(u.minor * r.quantity) })),
      },
    ];
  });
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

export async function addToCart(db: Db, userId: string, productId: string, optionIds: string[], quantity: number) {
  return db.tx(async (q) => {
    const [product] = await loadProducts(q, [productId]);
    if (!product) throw notFound('Product not found');
    const ids = checkOptions(product, optionIds);
    await q.query(
      `INSERT INTO cart_items (user_id, product_id, option_ids, options_key, quantity) VALUES ($1, $2, $3::uuid[], $4, $5)
       ON CONFLICT (user_id, product_id, options_key) DO UPDATE SET quantity = least(cart_items.quantity + EXCLUDED.quantity, ${MAX_QUANTITY})`,
      [userId, productId, ids, ids.join(','), quantity],
    );
    return cartOf(q, userId);
  });
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
