import { ratingOf } from '@shop/contract';
import { startTestApp, type TestApp } from '../test/harness';
import type { Queryable } from '../db/client';
import { currencyIds } from '../currencies/queries';
import { discountRowsOfProducts, toDiscount } from '../discounts/queries';
import { createFilter } from '../filters/service';
import { toPriceList, type PriceMap } from '../lib/money';
import { groupBy, loadProduct, loadProductBySlug, loadProducts, type ProductOut } from './productQueries';

// loadProducts builds each product in one SQL statement. This checks it against the seven-query
// loader it replaced (kept below as the reference, verbatim but for names), and against the shape
// the API has always answered, on products with variants, running and expired discounts, several
// currencies, missing prices, microsecond and pre-1970 timestamps.

async function referenceLoadProducts(q: Queryable, ids: string[]): Promise<ProductOut[]> {
  if (!ids.length) return [];
  const [rows, prices, variants, options, links, discounts, currs, ratings] = await Promise.all([
    q.query<{ id: string; slug: string; title: string; description: string; features: string[]; tags: string[]; image_urls: string[]; created_at: Date; track_inventory: boolean; published: boolean; weight: number; tax_class_id: string | null }>(
      `SELECT id, slug, title, description, features, tags, image_urls, created_at, track_inventory, published, weight, tax_class_id FROM products WHERE id = ANY($1::uuid[])`,
      [ids],
    ),
    q.query<{ product_id: string; currency_id: string; amount: number }>(`SELECT product_id, currency_id, amount FROM product_prices WHERE product_id = ANY($1::uuid[])`, [ids]),
    q.query<{ id: string; product_id: string; type: string }>(`SELECT id, product_id, type FROM variants WHERE product_id = ANY($1::uuid[]) ORDER BY seq`, [ids]),
    q.query<{ id: string; variant_id: string; name: string; is_active: boolean; in_stock: boolean; inc_rate: PriceMap; image_urls: string[]; weight: number }>(
      `SELECT o.id, o.variant_id, o.name, o.is_active, o.in_stock, o.inc_rate, o.image_urls, o.weight FROM variant_options o
         JOIN variants v ON v.id = o.variant_id WHERE v.product_id = ANY($1::uuid[]) ORDER BY o.seq`,
      [ids],
    ),
    q.query<{ product_id: string; option_id: string }>(
      `SELECT l.product_id, l.option_id FROM product_filter_options l JOIN filter_options o ON o.id = l.option_id
        WHERE l.product_id = ANY($1::uuid[]) ORDER BY o.seq`,
      [ids],
    ),
    discountRowsOfProducts(q, ids),
    currencyIds(q),
    // Issue 41: a recount of the approved reviews, not the kept totals.
    q.query<{ product_id: string; n: number; total: number }>(
      `SELECT product_id, count(*)::int AS n, sum(rating)::int AS total FROM reviews WHERE status = 'approved' AND product_id = ANY($1::uuid[]) GROUP BY product_id`,
      [ids],
    ),
  ]);
  const ratingBy = new Map(ratings.map((r) => [r.product_id, r]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const priceBy = groupBy(prices, (p) => p.product_id);
  const variantBy = groupBy(variants, (v) => v.product_id);
  const optionBy = groupBy(options, (o) => o.variant_id);
  const linkBy = groupBy(links, (l) => l.product_id);
  const discountBy = groupBy(discounts, (d) => d.product_id);
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const priceMap: PriceMap = {};
    for (const p of priceBy.get(id) ?? []) priceMap[p.currency_id] = p.amount;
    return [
      {
        _id: r.id,
        slug: r.slug,
        title: r.title,
        description: r.description,
        features: r.features,
        imageUrls: r.image_urls,
        basePrice: toPriceList(priceMap, currs),
        tags: r.tags,
        isNew: r.tags.some((t) => t.toLowerCase() === 'new'),
        discounts: (discountBy.get(id) ?? []).map((d) => toDiscount(d, currs)),
        filterOptions: (linkBy.get(id) ?? []).map((l) => l.option_id),
        variants: (variantBy.get(id) ?? []).map((v) => ({
          _id: v.id,
          type: v.type,
          options: (optionBy.get(v.id) ?? []).map((o) => ({
            _id: o.id,
            name: o.name,
            isActive: o.is_active,
            inStock: o.in_stock,
            incRate: toPriceList(o.inc_rate, currs),
            imageUrls: o.image_urls,
            weight: o.weight,
          })),
        })),
        createdAt: new Date(r.created_at).toISOString(),
        trackInventory: r.track_inventory,
        published: r.published,
        // Issue 39: grams and tax class.
        weight: r.weight,
        taxClassId: r.tax_class_id,
        rating: ratingOf(ratingBy.get(id)?.n ?? 0, ratingBy.get(id)?.total ?? 0),
        // The texts' language (issue 37): English, as asked by default.
        locale: 'en',
        // Untracked (these products): every variant that has options has one active and in stock.
        available: (variantBy.get(id) ?? []).every((v) => {
          const opts = optionBy.get(v.id) ?? [];
          return !opts.length || opts.some((o) => o.is_active && o.in_stock);
        }),
      },
    ];
  });
}

let t: TestApp;
let usd: { _id: string };
let eur: { _id: string };
let gbp: { _id: string };
let ring: ProductOut;
let bare: ProductOut;
let chain: ProductOut;
let filterIds: { gold: string; silver: string; ruby: string };
let running: { _id: string };
let expired: { _id: string };

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  eur = await t.currency('EUR', '€');
  const material = await createFilter(t.ctx.db, 'Material', [{ name: 'Gold' }, { name: 'Silver' }]);
  const stone = await createFilter(t.ctx.db, 'Stone', [{ name: 'Ruby' }]);
  filterIds = { gold: material.filterOptions[0]._id, silver: material.filterOptions[1]._id, ruby: stone.filterOptions[0]._id };
  running = await t.discount({ title: 'Spring 10%', discountType: 'percentage', timeLimit: new Date(Date.now() + 86400000).toISOString(), value: [{ currType: usd._id, amount: 10 }, { currType: eur._id, amount: 12.5 }] });
  expired = await t.discount({ title: 'Old $5', discountType: 'fixed', timeLimit: new Date(Date.now() - 86400000).toISOString(), value: [{ currType: usd._id, amount: 5 }] });
  ring = await t.product({
    title: 'Ruby Ring',
    description: 'A ring',
    features: ['Handmade', 'Gift box'],
    tags: ['New', 'ring'],
    imageUrls: ['/uploads/a.jpg', '/uploads/b.jpg'],
    basePrice: [{ currType: usd._id, amount: 120.5 }, { currType: eur._id, amount: 110 }],
    filterOptions: [filterIds.ruby, filterIds.gold],
    discounts: [expired._id, running._id],
    variants: [
      { type: 'Metal', options: [{ name: 'Silver' }, { name: 'Gold', incRate: [{ currType: usd._id, amount: 20.25 }], imageUrls: ['/uploads/b.jpg'] }, { name: 'Platinum', isActive: false }] },
      { type: 'Size', options: [{ name: '6', inStock: false }, { name: '7', incRate: [{ currType: eur._id, amount: 1.1 }] }] },
      { type: 'Engraving', options: [] },
    ],
  });
  bare = await t.product({ title: 'Bare Band' });
  chain = await t.product({ title: 'Chain', basePrice: [{ currType: eur._id, amount: 0.99 }], discounts: [running._id], filterOptions: [filterIds.silver] });
  // A currency added after the products: none of them has a price in it.
  gbp = await t.currency('GBP', '£');
  // Timestamps with microseconds (both drivers keep milliseconds, truncated) and one before 1970.
  await t.ctx.db.query(`UPDATE discounts SET time_limit = time_limit + interval '0.000999 second' WHERE id = $1`, [running._id]);
  await t.ctx.db.query(`UPDATE products SET created_at = '1969-12-31 23:59:59.9995+00' WHERE id = $1`, [bare._id]);
  await t.ctx.db.query(`UPDATE products SET created_at = '2026-03-01 12:00:00.123999+00' WHERE id = $1`, [chain._id]);
});
afterAll(() => t.close());

test('the same products as the seven-query loader, in the order asked, missing ids left out, repeats repeated', async () => {
  const ids = [chain._id, '00000000-0000-0000-0000-000000000000', ring._id, bare._id, ring._id];
  const loaded = await loadProducts(t.ctx.db, ids);
  expect(loaded.map((p) => p.title)).toEqual(['Chain', 'Ruby Ring', 'Bare Band', 'Ruby Ring']);
  expect(loaded).toEqual(await referenceLoadProducts(t.ctx.db, ids));
  expect(await loadProducts(t.ctx.db, [])).toEqual([]);
  expect(await loadProduct(t.ctx.db, '00000000-0000-0000-0000-000000000000')).toBeUndefined();
  // A product page loads by slug in one query: the same product.
  expect(await loadProductBySlug(t.ctx.db, 'ruby-ring')).toEqual(await loadProduct(t.ctx.db, ring._id));
  expect(await loadProductBySlug(t.ctx.db, 'no-such-ring')).toBeUndefined();
});

test('the shape the API answers: the currencies with an amount, in order (a discount: every currency, missing = 0), variants and options in order, filter options in filter order, both discounts', async () => {
  const [r, b, c] = await loadProducts(t.ctx.db, [ring._id, bare._id, chain._id]);
  // A price list leaves out a currency with no amount (not available in it); a discount's values are 0 there.
  const money = (u?: number, e?: number, g?: number) =>
    ([[usd._id, u], [eur._id, e], [gbp._id, g]] as const).flatMap(([currType, amount]) => (amount === undefined ? [] : [{ currType, amount }]));
  const values = (u: number, e: number) => money(u, e, 0);
  expect(r).toEqual({
    _id: ring._id,
    slug: 'ruby-ring',
    title: 'Ruby Ring',
    description: 'A ring',
    features: ['Handmade', 'Gift box'],
    imageUrls: ['/uploads/a.jpg', '/uploads/b.jpg'],
    basePrice: money(120.5, 110),
    tags: ['New', 'ring'],
    isNew: true,
    discounts: [
      { _id: running._id, title: 'Spring 10%', discountType: 'percentage', timeLimit: expect.any(String), value: values(10, 12.5) },
      { _id: expired._id, title: 'Old $5', discountType: 'fixed', timeLimit: expect.any(String), value: values(5, 0) },
    ],
    filterOptions: [filterIds.gold, filterIds.ruby],
    variants: [
      {
        _id: expect.any(String),
        type: 'Metal',
        options: [
          { _id: expect.any(String), name: 'Silver', isActive: true, inStock: true, incRate: [], imageUrls: [], weight: 0 },
          { _id: expect.any(String), name: 'Gold', isActive: true, inStock: true, incRate: money(20.25), imageUrls: ['/uploads/b.jpg'], weight: 0 },
          { _id: expect.any(String), name: 'Platinum', isActive: false, inStock: true, incRate: [], imageUrls: [], weight: 0 },
        ],
      },
      {
        _id: expect.any(String),
        type: 'Size',
        options: [
          { _id: expect.any(String), name: '6', isActive: true, inStock: false, incRate: [], imageUrls: [], weight: 0 },
          { _id: expect.any(String), name: '7', isActive: true, inStock: true, incRate: money(undefined, 1.1), imageUrls: [], weight: 0 },
        ],
      },
      { _id: expect.any(String), type: 'Engraving', options: [] },
    ],
    createdAt: ring.createdAt,
    trackInventory: false,
    available: true,
    weight: 0,
    taxClassId: null,
    published: true,
    rating: { average: 0, count: 0 },
    locale: 'en',
  });
  expect(new Date(r.discounts[0].timeLimit).getTime()).toBeGreaterThan(Date.now());
  expect(new Date(r.discounts[1].timeLimit).getTime()).toBeLessThan(Date.now());
  expect(b).toMatchObject({ basePrice: [], discounts: [], filterOptions: [], variants: [], features: [], tags: [], isNew: false, createdAt: '1969-12-31T23:59:59.999Z' });
  expect(c).toMatchObject({ basePrice: money(undefined, 0.99), filterOptions: [filterIds.silver], createdAt: '2026-03-01T12:00:00.123Z' });
});

test('prepared reads (a product page, a list) answer the same on every call, in and out of a transaction, and follow a change', async () => {
  const first = await loadProductBySlug(t.ctx.db, 'ruby-ring');
  // Beyond PostgreSQL's five custom plans, so its generic plan of the prepared statement is used too; in parallel, over several pooled connections.
  const again = await Promise.all(Array.from({ length: 12 }, () => loadProductBySlug(t.ctx.db, 'ruby-ring')));
  for (const p of again) expect(p).toEqual(first);
  const inTx = await t.ctx.db.tx(async (q) => [await loadProductBySlug(q, 'ruby-ring'), await loadProducts(q, [ring._id, chain._id])]);
  expect(inTx).toEqual([first, await loadProducts(t.ctx.db, [ring._id, chain._id])]);
  await t.ctx.db.query(`UPDATE products SET title = 'Ruby Ring, renamed' WHERE id = $1`, [ring._id]);
  try {
    expect((await loadProductBySlug(t.ctx.db, 'ruby-ring'))?.title).toBe('Ruby Ring, renamed');
    expect((await loadProducts(t.ctx.db, [ring._id]))[0].title).toBe('Ruby Ring, renamed');
  } finally {
    await t.ctx.db.query(`UPDATE products SET title = $2 WHERE id = $1`, [ring._id, first!.title]);
  }
});
