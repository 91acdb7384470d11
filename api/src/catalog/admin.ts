import type { Db, Queryable } from '../db/client.js';
import { currencyIds } from '../currencies/queries.js';
import { existingDiscountIds } from '../discounts/queries.js';
import { existingOptionIds } from '../filters/queries.js';
import { badRequest, notFound } from '../lib/errors.js';
import { fromPriceList, type PriceMap } from '../lib/money.js';
import { loadProduct } from './products.js';

type PriceIn = Array<{ currType: string | { _id: string }; amount: number }>;
export interface OptionInput {
  name: string;
  isActive?: boolean;
  inStock?: boolean;
  incRate?: PriceIn;
}
export interface VariantInput {
  type: string;
  options?: OptionInput[];
}
export interface ProductInput {
  title: string;
  description?: string;
  features?: string[];
  tags?: string[];
  basePrice?: PriceIn;
  filterOptions?: string[];
  discounts?: string[];
  variants?: VariantInput[];
  imageUrls?: string[];
  createdAt?: Date;
}

export function slugify(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return s || 'product';
}

/** The slug of a title, with -2, -3… when taken. */
async function uniqueSlug(q: Queryable, title: string): Promise<string> {
  const base = slugify(title);
  const taken = new Set(
    (await q.query<{ slug: string }>(`SELECT slug FROM products WHERE slug = $1 OR slug LIKE $2`, [base, `${base}-%`])).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

async function checkPrices(q: Queryable, map: PriceMap) {
  const known = new Set(await currencyIds(q));
  for (const id of Object.keys(map)) if (!known.has(id)) throw badRequest(`Unknown currency ${id}`);
}
async function checkIds(found: string[], wanted: string[], what: string) {
  const missing = wanted.filter((id) => !found.includes(id));
  if (missing.length) throw badRequest(`Unknown ${what}: ${missing.join(', ')}`);
}
const uniq = (ids: string[] = []) => [...new Set(ids)];
const cleanList = (list: string[] = []) => uniq(list.map((t) => t.trim()).filter(Boolean));

async function setPrices(q: Queryable, productId: string, map: PriceMap) {
  await checkPrices(q, map);
  await q.query(`DELETE FROM product_prices WHERE product_id = $1`, [productId]);
  for (const [cur, amount] of Object.entries(map)) {
    await q.query(`INSERT INTO product_prices (product_id, currency_id, amount) VALUES ($1, $2, $3)`, [productId, cur, amount]);
  }
}
async function setDiscounts(q: Queryable, productId: string, ids: string[]) {
  const wanted = uniq(ids);
  await checkIds(await existingDiscountIds(q, wanted), wanted, 'discounts');
  await q.query(`DELETE FROM product_discounts WHERE product_id = $1`, [productId]);
  for (const d of wanted) await q.query(`INSERT INTO product_discounts (product_id, discount_id) VALUES ($1, $2)`, [productId, d]);
}
async function setFilterOptionsTx(q: Queryable, productId: string, ids: string[]) {
  const wanted = uniq(ids);
  await checkIds(await existingOptionIds(q, wanted), wanted, 'filter options');
  await q.query(`DELETE FROM product_filter_options WHERE product_id = $1`, [productId]);
  for (const o of wanted) await q.query(`INSERT INTO product_filter_options (product_id, option_id) VALUES ($1, $2)`, [productId, o]);
}
async function insertOption(q: Queryable, variantId: string, o: OptionInput) {
  const inc = fromPriceList(o.incRate);
  await checkPrices(q, inc);
  await q.query(`INSERT INTO variant_options (variant_id, name, is_active, in_stock, inc_rate) VALUES ($1, $2, $3, $4, $5)`, [
    variantId, o.name.trim(), o.isActive ?? true, o.inStock ?? true, JSON.stringify(inc),
  ]);
}
async function insertVariant(q: Queryable, productId: string, v: VariantInput) {
  const row = await q.one<{ id: string }>(`INSERT INTO variants (product_id, type) VALUES ($1, $2) RETURNING id`, [productId, v.type.trim()]);
  for (const o of v.options ?? []) await insertOption(q, row!.id, o);
}
async function mustExist(q: Queryable, productId: string) {
  if (!(await q.one(`SELECT id FROM products WHERE id = $1 FOR UPDATE`, [productId]))) throw notFound('Product not found');
}
const answer = async (q: Queryable, id: string) => (await loadProduct(q, id))!;

export function createProduct(db: Db, p: ProductInput) {
  return db.tx(async (q) => {
    const row = await q.one<{ id: string }>(
      `INSERT INTO products (slug, title, description, features, tags, image_urls, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id`,
      [await uniqueSlug(q, p.title), p.title.trim(), p.description ?? '', cleanList(p.features), cleanList(p.tags), p.imageUrls ?? [], p.createdAt ?? new Date()],
    );
    const id = row!.id;
    await setPrices(q, id, fromPriceList(p.basePrice));
    await setDiscounts(q, id, p.discounts ?? []);
    await setFilterOptionsTx(q, id, p.filterOptions ?? []);
    for (const v of p.variants ?? []) await insertVariant(q, id, v);
    return answer(q, id);
  });
}

export interface DetailsInput {
  title?: string;
  description?: string;
  features?: string[];
  tags?: string[];
  basePrice?: PriceIn;
  discounts?: string[];
}
/** Updates the given fields; the slug stays (links keep working). */
export function updateDetails(db: Db, id: string, d: DetailsInput) {
  const keys: Array<keyof DetailsInput> = ['title', 'description', 'features', 'tags', 'basePrice', 'discounts'];
  if (keys.every((k) => d[k] === undefined)) throw badRequest(`Nothing to update: send any of ${keys.join(', ')}`);
  return db.tx(async (q) => {
    await mustExist(q, id);
    await q.query(
      `UPDATE products SET title = coalesce($2, title), description = coalesce($3, description), features = coalesce($4, features),
         tags = coalesce($5, tags), updated_at = now() WHERE id = $1`,
      [id, d.title?.trim() ?? null, d.description ?? null, d.features ? cleanList(d.features) : null, d.tags ? cleanList(d.tags) : null],
    );
    if (d.basePrice) await setPrices(q, id, fromPriceList(d.basePrice));
    if (d.discounts) await setDiscounts(q, id, d.discounts);
    return answer(q, id);
  });
}

export async function deleteProduct(q: Queryable, id: string) {
  if (!(await q.one(`DELETE FROM products WHERE id = $1 RETURNING id`, [id]))) throw notFound('Product not found');
}

export function addImages(db: Db, id: string, urls: string[]) {
  return db.tx(async (q) => {
    await mustExist(q, id);
    await q.query(`UPDATE products SET image_urls = image_urls || $2::text[], updated_at = now() WHERE id = $1`, [id, urls]);
    return answer(q, id);
  });
}

export function deleteImage(db: Db, id: string, index: number) {
  return db.tx(async (q) => {
    const row = await q.one<{ image_urls: string[] }>(`SELECT image_urls FROM products WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) throw notFound('Product not found');
    if (index >= row.image_urls.length) throw notFound(`No image at index ${index}`);
    const urls = row.image_urls.filter((_, i) => i !== index);
    await q.query(`UPDATE products SET image_urls = $2::text[], updated_at = now() WHERE id = $1`, [id, urls]);
    return answer(q, id);
  });
}

export function setFilterOptions(db: Db, id: string, ids: string[]) {
  return db.tx(async (q) => {
    await mustExist(q, id);
    await setFilterOptionsTx(q, id, ids);
    return answer(q, id);
  });
}

export function addVariant(db: Db, id: string, v: VariantInput) {
  return db.tx(async (q) => {
    await mustExist(q, id);
    await insertVariant(q, id, v);
    return answer(q, id);
  });
}

export function updateVariant(db: Db, productId: string, variantId: string, type: string) {
  return db.tx(async (q) => {
    if (!(await q.one(`UPDATE variants SET type = $3 WHERE id = $2 AND product_id = $1 RETURNING id`, [productId, variantId, type.trim()])))
      throw notFound('Variant not found');
    return answer(q, productId);
  });
}

export function deleteVariant(db: Db, productId: string, variantId: string) {
  return db.tx(async (q) => {
    if (!(await q.one(`DELETE FROM variants WHERE id = $2 AND product_id = $1 RETURNING id`, [productId, variantId]))) throw notFound('Variant not found');
    return answer(q, productId);
  });
}

export function addVariantOption(db: Db, variantId: string, o: OptionInput) {
  return db.tx(async (q) => {
    const v = await q.one<{ product_id: string }>(`SELECT product_id FROM variants WHERE id = $1`, [variantId]);
    if (!v) throw notFound('Variant not found');
    await insertOption(q, variantId, o);
    return answer(q, v.product_id);
  });
}

export function updateVariantOption(db: Db, optionId: string, o: Partial<OptionInput>) {
  if (o.name === undefined && o.isActive === undefined && o.inStock === undefined && o.incRate === undefined) {
    throw badRequest('Nothing to update: send any of name, isActive, inStock, incRate');
  }
  return db.tx(async (q) => {
    const row = await q.one<{ product_id: string }>(
      `SELECT v.product_id FROM variant_options o JOIN variants v ON v.id = o.variant_id WHERE o.id = $1`,
      [optionId],
    );
    if (!row) throw notFound('Variant option not found');
    const inc = o.incRate ? fromPriceList(o.incRate) : null;
    if (inc) await checkPrices(q, inc);
    await q.query(
      `UPDATE variant_options SET name = coalesce($2, name), is_active = coalesce($3, is_active), in_stock = coalesce($4, in_stock),
         inc_rate = coalesce($5::jsonb, inc_rate) WHERE id = $1`,
      [optionId, o.name?.trim() ?? null, o.isActive ?? null, o.inStock ?? null, inc ? JSON.stringify(inc) : null],
    );
    return answer(q, row.product_id);
  });
}

export function deleteVariantOption(db: Db, optionId: string) {
  return db.tx(async (q) => {
    const row = await q.one<{ product_id: string }>(
      `DELETE FROM variant_options o USING variants v WHERE o.id = $1 AND v.id = o.variant_id RETURNING v.product_id`,
      [optionId],
    );
    if (!row) throw notFound('Variant option not found');
    return answer(q, row.product_id);
  });
}
