// Fills a database with a generated catalogue (and, on request, customers with filled carts) by
// set-based SQL straight into the API's schema: 100,000 products take seconds, not hours.
//
//   npx tsx bench/generate-catalog.ts --products 10000 [--customers 5000] [--reviews 30000] [--database-url URL | --data-dir DIR]
//
// Every id is derived from a number (md5('bench-p-42')::uuid), so a benchmark can compute ids and
// tokens without reading them back, and a second run adds nothing twice (ON CONFLICT DO NOTHING).
// Every product tracks its inventory (issue 17): STOCK_PER_COMBINATION pieces of each combination,
// written with their 'import' movements, so the ledger sums to every quantity from the start.
// The shop ships and taxes as the demo shop does (issue 39: api/src/seed/shippingTax.ts): zones EU, US,
// UK and India with their methods, VAT and US sales tax; every product weighs and has the Standard
// class; euro, pound and rupee prices include tax, dollar prices get it added; shoppers live in turn in
// the US (Illinois), Germany, the United Kingdom and France.
import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { DEMO_WEIGHTS, seedShippingAndTax } from '../api/src/seed/shippingTax';
import { arg } from './lib/cli';
import { openDb, type Db } from './lib/db';

/** The same derivation as PostgreSQL's md5(text)::uuid. */
export function benchId(text: string): string {
  const h = createHash('md5').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
export const productId = (g: number) => benchId(`bench-p-${g}`);
export const productSlug = (g: number) => `bench-product-${g}`;
export const shopperId = (g: number) => benchId(`bench-u-${g}`);
export const filterOptionId = (filter: string, k: number) => benchId(`bench-fo-${filter}-${k}`);
export const SHOPPER_PASSWORD = 'bench12345';

export const FILTERS: Record<string, string[]> = {
  Material: ['Yellow Gold', 'White Gold', 'Rose Gold', 'Silver', 'Platinum', 'Titanium'],
  Stone: ['Diamond', 'Ruby', 'Sapphire', 'Emerald', 'Pearl', 'Amethyst', 'No Stone'],
  Category: ['Ring', 'Necklace', 'Earrings', 'Bracelet', 'Pendant', 'Brooch', 'Anklet', 'Charm'],
  Occasion: ['Engagement', 'Wedding', 'Everyday', 'Party', 'Gift'],
};
/** Which option of each filter product g has: every combination is enumerated in turn. */
const DIVISORS: Record<string, number> = { Material: 1, Stone: 6, Category: 42, Occasion: 336 };
export const optionIndex = (filter: string, g: number) => Math.floor(g / DIVISORS[filter]) % FILTERS[filter].length;
export const ADJECTIVES = ['Classic', 'Vintage', 'Modern', 'Elegant', 'Delicate', 'Bold', 'Minimal', 'Royal', 'Twisted', 'Floral', 'Celestial', 'Geometric'];
const DEFAULT_CURRENCIES = [
  { name: 'US Dollar', code: 'USD', symbol: '$', pricesIncludeTax: false },
  { name: 'Euro', code: 'EUR', symbol: '€', pricesIncludeTax: true },
  { name: 'British Pound', code: 'GBP', symbol: '£', pricesIncludeTax: true },
  { name: 'Indian Rupee', code: 'INR', symbol: '₹', pricesIncludeTax: true },
];
/** A boxed piece's parcel weight in grams by category: the demo's (DEMO_WEIGHTS) where it has the kind. */
export const CATEGORY_WEIGHTS: Record<string, number> = {
  Ring: DEMO_WEIGHTS.ring, Necklace: DEMO_WEIGHTS.necklace, Earrings: DEMO_WEIGHTS.hoops, Bracelet: DEMO_WEIGHTS.bracelet, Pendant: DEMO_WEIGHTS.pendant,
  Brooch: 80, Anklet: 100, Charm: 40,
};
/** Product g's weight in SQL (g an integer expression): its category's. */
const WEIGHT_SQL = (g: string) => `(ARRAY[${FILTERS.Category.map((c) => CATEGORY_WEIGHTS[c]).join(',')}])[1 + (${g} / ${DIVISORS.Category}) % ${FILTERS.Category.length}]`;
/**
 * Where shopper g lives: in turn the US (Illinois, sales tax 6.25 % added to dollar prices), Germany
 * (VAT 19 %), the United Kingdom (VAT 20 %) and France (VAT 20 %): each a zone of the seed's, each taxed.
 */
export const SHOPPER_PLACES = [
  { country: 'United States', code: 'US', city: 'Springfield', state: 'IL', postalCode: '62701' },
  { country: 'Germany', code: 'DE', city: 'Berlin', state: '', postalCode: '10115' },
  { country: 'United Kingdom', code: 'GB', city: 'London', state: '', postalCode: 'SW1A 1AA' },
  { country: 'France', code: 'FR', city: 'Paris', state: '', postalCode: '75001' },
] as const;
export const shopperPlace = (g: number) => SHOPPER_PLACES[g % SHOPPER_PLACES.length];
const RATE_SQL = `CASE upper(code) WHEN 'USD' THEN 1.0 WHEN 'EUR' THEN 0.92 WHEN 'GBP' THEN 0.79 WHEN 'INR' THEN 83.0 WHEN 'JPY' THEN 150.0 ELSE 1.0 END`;
/** A product's base price in USD minor units: $20.00 … $5,019.99, spread evenly. */
export const BASE_PRICE_SQL = `(2000 + (g::bigint * 7919) % 500000)`;
export const basePriceUsdMinor = (g: number) => 2000 + ((g * 7919) % 500000);
/** Pieces of each combination of each product: more than any benchmark's carts ask for. */
export const STOCK_PER_COMBINATION = 10_000;

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sqlArray = (list: string[]) => `ARRAY[${list.map(sqlText).join(',')}]`;

export interface CatalogOptions {
  products: number;
  /** Rows per INSERT … SELECT (memory and transaction size). */
  chunk?: number;
  log?: (line: string) => void;
}

async function ensureCurrencies(db: Db) {
  const n = (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM currencies`))!.n;
  if (n > 0) return;
  for (const c of DEFAULT_CURRENCIES) {
    await db.query(`INSERT INTO currencies (name, code, symbol, prices_include_tax) VALUES ($1, $2, $3, $4)`, [c.name, c.code, c.symbol, c.pricesIncludeTax]);
  }
}

/**
 * Issue 39: the demo shop's zones, methods and tax rates (seedShippingAndTax), once (a shop that has a
 * zone is left as it is). A database generated before (a --reuse one) gets them too, and its products
 * their weight and class, and its currencies whether their prices include tax.
 */
export async function ensureShippingAndTax(db: Db): Promise<void> {
  const zones = (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM shipping_zones`))!.n;
  if (zones > 0) return;
  const ids = Object.fromEntries((await db.query<{ code: string; id: string }>(`SELECT upper(code) AS code, id FROM currencies`)).map((r) => [r.code, r.id]));
  if (!ids.USD || !ids.EUR || !ids.GBP) throw new Error('the generated shop needs USD, EUR and GBP for its shipping rates');
  await db.query(`UPDATE currencies SET prices_include_tax = upper(code) <> 'USD' WHERE prices_include_tax <> (upper(code) <> 'USD')`);
  await seedShippingAndTax(db, { usd: ids.USD, eur: ids.EUR, gbp: ids.GBP });
  await db.query(
    `UPDATE products SET weight = ${WEIGHT_SQL("split_part(slug, '-', 3)::int")}, tax_class_id = (SELECT id FROM tax_classes WHERE is_default)
      WHERE slug LIKE 'bench-product-%' AND (weight = 0 OR tax_class_id IS NULL)`,
  );
}

async function ensureFiltersAndDiscounts(db: Db) {
  let i = 0;
  for (const [name, options] of Object.entries(FILTERS)) {
    await db.query(`INSERT INTO filters (id, name, created_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond') ON CONFLICT (id) DO NOTHING`, [
      benchId(`bench-filter-${name}`), name, i++,
    ]);
    for (const [k, option] of options.entries()) {
      await db.query(
        `INSERT INTO filter_options (id, filter_id, name, created_at) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond') ON CONFLICT (id) DO NOTHING`,
        [filterOptionId(name, k), benchId(`bench-filter-${name}`), option, i++],
      );
    }
  }
  // Running 10 % off, a running fixed 5.00 (in each currency at its rate) off, and an expired 20 %.
  await db.query(
    `INSERT INTO discounts (id, title, discount_type, time_limit, value)
     SELECT md5('bench-d-pct')::uuid, 'Bench 10% off', 'percentage', now() + interval '10 years', jsonb_object_agg(id, 1000) FROM currencies
     UNION ALL
     SELECT md5('bench-d-fixed')::uuid, 'Bench 5 off', 'fixed', now() + interval '10 years', jsonb_object_agg(id, round(500 * ${RATE_SQL})) FROM currencies
     UNION ALL
     SELECT md5('bench-d-expired')::uuid, 'Bench expired 20%', 'percentage', now() - interval '1 day', jsonb_object_agg(id, 2000) FROM currencies
     ON CONFLICT (id) DO NOTHING`,
  );
}

/** Products [from, to]: rows, a price per currency, one option of each filter, variants and options, discounts. */
async function insertProducts(db: Db, from: number, to: number) {
  const words = Object.fromEntries(Object.entries(FILTERS).map(([f, list]) => [f, `(${sqlArray(list)})[1 + (g / ${DIVISORS[f]}) % ${list.length}]`]));
  const adjective = `(${sqlArray(ADJECTIVES)})[1 + (g * 7) % ${ADJECTIVES.length}]`;
  const range = `generate_series($1::int, $2::int) AS g`;
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO products (id, slug, title, description, features, tags, image_urls, created_at, updated_at, track_inventory, translations, weight, tax_class_id)
       SELECT md5('bench-p-' || g)::uuid, 'bench-product-' || g,
              ${adjective} || ' ' || ${words.Stone} || ' ' || ${words.Material} || ' ' || ${words.Category} || ' No. ' || g,
              'A ' || lower(${adjective}) || ' ' || lower(${words.Category}) || ' in ' || lower(${words.Material}) || ', set with ' || lower(${words.Stone})
                || ', for ' || lower(${words.Occasion}) || '. Made by hand and finished with care in our workshop.',
              ARRAY['Handmade', 'Gift box included', 'Free resizing'],
              ARRAY[lower(${words.Category}), lower(${words.Material})] || CASE WHEN g % 10 = 0 THEN ARRAY['new'] ELSE '{}'::text[] END,
              '{}'::text[],
              now() - g * interval '37 seconds', now() - g * interval '37 seconds', true,
              -- French texts (issue 37) on every product, so a read with locale=fr puts them in place.
              jsonb_build_object('fr', jsonb_build_object('title', 'Bijou ' || lower(${words.Category}) || ' n° ' || g,
                'description', 'Fait à la main et fini avec soin dans notre atelier, pour ' || lower(${words.Occasion}) || '.')),
              ${WEIGHT_SQL('g')}, (SELECT id FROM tax_classes WHERE is_default)
         FROM ${range}
       ON CONFLICT DO NOTHING`,
      [from, to],
    );
    await q.query(
      `INSERT INTO product_prices (product_id, currency_id, amount)
       SELECT md5('bench-p-' || g)::uuid, c.id, round(${BASE_PRICE_SQL} * c.rate)::bigint
         FROM ${range} CROSS JOIN (SELECT id, ${RATE_SQL} AS rate FROM currencies) c
       ON CONFLICT DO NOTHING`,
      [from, to],
    );
    const filterRows = Object.entries(FILTERS)
      .map(([f, list]) => `SELECT md5('bench-p-' || g)::uuid, md5('bench-fo-${f}-' || ((g / ${DIVISORS[f]}) % ${list.length}))::uuid FROM ${range}`)
      .join(' UNION ALL ');
    await q.query(`INSERT INTO product_filter_options (product_id, option_id) ${filterRows} ON CONFLICT DO NOTHING`, [from, to]);
    // Every product: Size (3 options: +0, +10.00, +25.00; +0, +5, +10 g); every third also Finish (Polished +0, Matte +15.00).
    // Every 50th product has its largest size out of stock.
    await q.query(
      `INSERT INTO variants (id, product_id, type)
       SELECT md5('bench-v-' || g || '-' || v.type)::uuid, md5('bench-p-' || g)::uuid, v.type
         FROM ${range} CROSS JOIN (VALUES (1, 'Size'), (2, 'Finish')) AS v(n, type)
        WHERE v.n = 1 OR g % 3 = 0
        ORDER BY g, v.n
       ON CONFLICT DO NOTHING`,
      [from, to],
    );
    await q.query(
      `WITH inc AS (
         SELECT o.type, o.k, o.name, o.grams, jsonb_object_agg(c.id, round(o.usd * c.rate)) AS rate
           FROM (VALUES ('Size', 1, 'Small', 0, 0), ('Size', 2, 'Medium', 1000, 5), ('Size', 3, 'Large', 2500, 10), ('Finish', 1, 'Polished', 0, 0), ('Finish', 2, 'Matte', 1500, 0)) AS o(type, k, name, usd, grams)
           CROSS JOIN (SELECT id, ${RATE_SQL} AS rate FROM currencies) c
          GROUP BY o.type, o.k, o.name, o.grams)
       INSERT INTO variant_options (id, variant_id, name, is_active, in_stock, inc_rate, weight)
       SELECT md5('bench-vo-' || g || '-' || inc.type || '-' || inc.k)::uuid, md5('bench-v-' || g || '-' || inc.type)::uuid, inc.name,
              true, NOT (g % 50 = 0 AND inc.type = 'Size' AND inc.k = 3), inc.rate, inc.grams
         FROM ${range} CROSS JOIN inc
        WHERE inc.type = 'Size' OR g % 3 = 0
        ORDER BY g, inc.type DESC, inc.k
       ON CONFLICT DO NOTHING`,
      [from, to],
    );
    // Every combination (3 sizes, × 2 finishes on every third product), keyed as the API keys it (the
    // option ids sorted, byte order), with its 'import' movement; only rows this run inserts move.
    await q.query(
      `WITH combos AS (
         SELECT md5('bench-p-' || g)::uuid AS product_id,
                ARRAY[md5('bench-vo-' || g || '-Size-' || s)::uuid] || CASE WHEN g % 3 = 0 THEN ARRAY[md5('bench-vo-' || g || '-Finish-' || f)::uuid] ELSE '{}'::uuid[] END AS ids
           FROM ${range} CROSS JOIN generate_series(1, 3) s CROSS JOIN generate_series(1, 2) f
          WHERE f = 1 OR g % 3 = 0),
       levels AS (
         INSERT INTO stock_levels (product_id, options_key, option_ids, quantity)
         SELECT product_id, array_to_string(ARRAY(SELECT x::text FROM unnest(ids) x ORDER BY x::text COLLATE "C"), ','), ids, $3 FROM combos
         ON CONFLICT DO NOTHING RETURNING product_id, options_key, option_ids, quantity)
       INSERT INTO stock_movements (product_id, options_key, option_ids, delta, reason) SELECT product_id, options_key, option_ids, quantity, 'import' FROM levels`,
      [from, to, STOCK_PER_COMBINATION],
    );
    await q.query(
      `INSERT INTO product_discounts (product_id, discount_id)
       SELECT md5('bench-p-' || g)::uuid, md5('bench-d-pct')::uuid FROM ${range} WHERE g % 10 = 3
       UNION ALL SELECT md5('bench-p-' || g)::uuid, md5('bench-d-fixed')::uuid FROM ${range} WHERE g % 25 = 7
       UNION ALL SELECT md5('bench-p-' || g)::uuid, md5('bench-d-expired')::uuid FROM ${range} WHERE g % 40 = 1
       ON CONFLICT DO NOTHING`,
      [from, to],
    );
  });
}

/** The options a cart line of product g takes (in stock, one per variant), sorted like the API's checkOptions. */
export function cartOptionIds(g: number): string[] {
  const ids = [benchId(`bench-vo-${g}-Size-1`)];
  if (g % 3 === 0) ids.push(benchId(`bench-vo-${g}-Finish-1`));
  return ids.sort();
}

export async function generateCatalog(db: Db, opts: CatalogOptions): Promise<void> {
  const log = opts.log ?? (() => undefined);
  const chunk = opts.chunk ?? (db.kind === 'pglite' ? 25_000 : 100_000);
  await ensureCurrencies(db);
  await ensureShippingAndTax(db);
  await ensureFiltersAndDiscounts(db);
  const t0 = Date.now();
  for (let from = 1; from <= opts.products; from += chunk) {
    const to = Math.min(opts.products, from + chunk - 1);
    await insertProducts(db, from, to);
    log(`  products ${from.toLocaleString('en')}–${to.toLocaleString('en')} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  await db.exec('ANALYZE');
}

/** Reviews: review k is written by reviewer k (one each, so the one-review-per-product rule never bites). */
export const reviewerId = (k: number) => benchId(`bench-rv-${k}`);
/**
 * Review k's product: 1 + ⌊n·h³⌋ for h a hash of k in [0, 1): skewed to the newest products (the
 * ones a shop sells most): about a fifth of all reviews on the newest 1 %, product 1 ~2 % (5,800 of
 * 300,000 at 100,000 products), the oldest products one or two each (90 % of products have one or
 * more). The same in SQL (REVIEW_PRODUCT_SQL) and here.
 */
const REVIEW_HASH_SQL = `(((k::bigint * 2654435761) % 4294967296)::float8 / 4294967296)`;
const REVIEW_PRODUCT_SQL = (n: string) => `(1 + floor(${n} * power(${REVIEW_HASH_SQL}, 3)))::int`;
export const reviewProduct = (k: number, products: number) => 1 + Math.floor(products * (Number((BigInt(k) * 2654435761n) % 4294967296n) / 4294967296) ** 3);

export interface ReviewOptions {
  /** Reviews 1 … reviews (a second run adds only those missing). */
  reviews: number;
  /** The catalogue size (reviews pick products 1 … products). */
  products: number;
  chunk?: number;
  log?: (line: string) => void;
}

/**
 * Issue 41's load: `reviews` reviews (90 % approved, 7 % pending, 3 % rejected; mostly 4-5 stars, as
 * shops see them), each by a reviewer of its own, and every product's kept rating. Written set-based:
 * the per-row rating trigger (migration 032) is switched off in the transaction that inserts them and
 * product_ratings is then counted once from the reviews (exactly what the trigger would have kept,
 * one statement instead of one upsert and one catalogue-change record per review).
 */
export async function generateReviews(db: Db, o: ReviewOptions): Promise<void> {
  const log = o.log ?? (() => undefined);
  const chunk = o.chunk ?? (db.kind === 'pglite' ? 50_000 : 100_000);
  const t0 = Date.now();
  for (let from = 1; from <= o.reviews; from += chunk) {
    const to = Math.min(o.reviews, from + chunk - 1);
    await db.tx(async (q) => {
      await q.query(
        `INSERT INTO users (id, full_name, email, contact, password_hash, role, created_at)
         SELECT md5('bench-rv-' || k)::uuid, (${sqlArray(['Anna', 'Marc', 'Léa', 'Omar', 'Priya', 'Tom', 'Chloé', 'Ravi', 'Emma', 'Jon'])})[1 + k % 10] || ' ' || chr(65 + k % 26) || 'eviewer' || k,
                'reviewer' || k || '@bench.local', '+8 ' || k, 'unused', 'customer', now() - k * interval '61 seconds'
           FROM generate_series($1::int, $2::int) k
         ON CONFLICT DO NOTHING`,
        [from, to],
      );
      await q.query(`ALTER TABLE reviews DISABLE TRIGGER reviews_rating`);
      await q.query(
        `INSERT INTO reviews (id, product_id, user_id, author_name, rating, title, body, status, reason, reply, helpful, created_at, updated_at)
         SELECT md5('bench-rv-' || k)::uuid, md5('bench-p-' || ${REVIEW_PRODUCT_SQL('$3::int')})::uuid, md5('bench-rv-' || k)::uuid,
                (${sqlArray(['Anna', 'Marc', 'Léa', 'Omar', 'Priya', 'Tom', 'Chloé', 'Ravi', 'Emma', 'Jon'])})[1 + k % 10] || ' ' || chr(65 + k % 26) || '.',
                (ARRAY[5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 2, 1])[1 + (k * 7) % 20],
                (${sqlArray(['Beautiful piece', 'Exactly as pictured', 'A perfect gift', 'Lovely, a little small', 'Shines in the light', 'Worth every penny', 'Not what I expected'])})[1 + k % 7],
                'Bought it for ' || (${sqlArray(['my wife', 'my sister', 'myself', 'a friend', 'our anniversary'])})[1 + k % 5]
                  || '. The finish is lovely and it arrived well packed; I wear it almost every day. Review no. ' || k || '.',
                CASE WHEN k % 100 < 90 THEN 'approved' WHEN k % 100 < 97 THEN 'pending' ELSE 'rejected' END,
                CASE WHEN k % 100 >= 97 THEN 'Off topic' END,
                CASE WHEN k % 50 = 0 THEN 'Thank you for your kind words!' END,
                (k * 13) % 9, now() - k * interval '47 seconds', now() - k * interval '47 seconds'
           FROM generate_series($1::int, $2::int) k
         ON CONFLICT DO NOTHING`,
        [from, to, o.products],
      );
      await q.query(`ALTER TABLE reviews ENABLE TRIGGER reviews_rating`);
    });
    log(`  reviews ${from.toLocaleString('en')}–${to.toLocaleString('en')} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  // The kept ratings, counted once from the approved reviews (the trigger's totals, exactly).
  await db.query(
    `INSERT INTO product_ratings AS pr (product_id, count, total, histogram)
     SELECT product_id, count(*), sum(rating), ARRAY[count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2), count(*) FILTER (WHERE rating = 3),
                                                     count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5)]::int[]
       FROM reviews WHERE status = 'approved' GROUP BY product_id
     ON CONFLICT (product_id) DO UPDATE SET count = EXCLUDED.count, total = EXCLUDED.total, histogram = EXCLUDED.histogram
       WHERE (pr.count, pr.total, pr.histogram) IS DISTINCT FROM (EXCLUDED.count, EXCLUDED.total, EXCLUDED.histogram)`,
  );
  log(`  product ratings counted (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  await db.exec('ANALYZE reviews, product_ratings, users');
}

export interface ShopperOptions {
  /** Shoppers number from+1 … from+count. */
  from?: number;
  count: number;
  /** The catalogue size (cart lines pick products 1…products). */
  products: number;
  linesPerCart?: number;
  /** A real argon2id hash (so the shoppers can also sign in), computed once for all. */
  passwordHash?: string;
}

/** Customers (ids shopperId(g)) each with an address (shopperPlace(g)) and a cart of `linesPerCart` in-stock lines. */
export async function createShoppers(db: Db, o: ShopperOptions): Promise<void> {
  const from = (o.from ?? 0) + 1;
  const to = (o.from ?? 0) + o.count;
  const lines = o.linesPerCart ?? 2;
  const passwordHash = o.passwordHash ?? (await hash(SHOPPER_PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }));
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO users (id, full_name, email, contact, password_hash, role)
       SELECT md5('bench-u-' || g)::uuid, 'Bench Shopper ' || g, 'shopper' || g || '@bench.local', '+9 ' || g, $3, 'customer'
         FROM generate_series($1::int, $2::int) g
       ON CONFLICT DO NOTHING`,
      [from, to, passwordHash],
    );
    await q.query(
      `INSERT INTO addresses (id, user_id, full_name, line1, line2, city, state, postal_code, country, country_code)
       SELECT md5('bench-a-' || g)::uuid, md5('bench-u-' || g)::uuid, 'Bench Shopper ' || g, g || ' Market Street', '', p.city, p.state, p.postal_code, p.country, p.code
         FROM generate_series($1::int, $2::int) g
         JOIN ROWS FROM (json_to_recordset($3::json) AS (country text, code text, city text, state text, postal_code text)) WITH ORDINALITY AS p (country, code, city, state, postal_code, k)
           ON p.k = 1 + g % $4::int
       ON CONFLICT DO NOTHING`,
      [from, to, JSON.stringify(SHOPPER_PLACES.map((p) => ({ country: p.country, code: p.code, city: p.city, state: p.state, postal_code: p.postalCode }))), SHOPPER_PLACES.length],
    );
    await q.query(
      `INSERT INTO cart_items (user_id, product_id, option_ids, options_key, quantity, created_at)
       SELECT user_id, product_id, ids, array_to_string(ids, ','), 1 + (g + j) % 3, now() + j * interval '1 millisecond'
         FROM (SELECT g, j, md5('bench-u-' || g)::uuid AS user_id, md5('bench-p-' || p)::uuid AS product_id,
                      ARRAY(SELECT x FROM unnest(ARRAY[md5('bench-vo-' || p || '-Size-1')::uuid] ||
                                                 CASE WHEN p % 3 = 0 THEN ARRAY[md5('bench-vo-' || p || '-Finish-1')::uuid] ELSE '{}'::uuid[] END) x
                            ORDER BY x::text) AS ids
                 FROM (SELECT g, j, 1 + ((g::bigint * 7919 + j * 104729) % $3::int) AS p
                         FROM generate_series($1::int, $2::int) g CROSS JOIN generate_series(1, $4::int) j) picks) lines
       ON CONFLICT DO NOTHING`,
      [from, to, o.products, lines],
    );
  });
}

export interface HotItemOptions {
  /** Buyers are shoppers from+1 … from+buyers. */
  from: number;
  buyers: number;
  items: number;
  /** Pieces of each item. */
  quantity: number;
  /** The catalogue size. */
  products: number;
}

/**
 * The hot-item scenario's shop: `items` products of their own after the catalogue's (numbers
 * products+1 …, in no other cart), whose cart combination (cartOptionIds) has `quantity` pieces (an
 * 'adjustment' movement, so the ledger still adds up), and `buyers` shoppers each with one piece of
 * one of them (in turn) as their whole cart. Runs again as it ran first (a --reuse database).
 * Answers the items' numbers.
 */
export async function prepareHotItems(db: Db, o: HotItemOptions): Promise<number[]> {
  await insertProducts(db, o.products + 1, o.products + o.items);
  await createShoppers(db, { from: o.from, count: o.buyers, products: o.products, linesPerCart: 0, passwordHash: 'unused' });
  const buyers = `(SELECT k, md5('bench-u-' || ($1::int + k))::uuid AS user_id FROM generate_series(1, $2::int) k)`;
  await db.query(`DELETE FROM cart_items WHERE user_id IN (SELECT user_id FROM ${buyers} b)`, [o.from, o.buyers]);
  const items = Array.from({ length: o.items }, (_, k) => o.products + 1 + k);
  const combos = JSON.stringify(items.map((g) => ({ product_id: productId(g), key: cartOptionIds(g).join(',') })));
  await db.tx(async (q) => {
    await q.query(
      `WITH w AS (SELECT s.product_id, s.options_key, s.option_ids, $2::int - s.quantity AS delta
                    FROM stock_levels s JOIN json_to_recordset($1::json) AS h (product_id uuid, key text) ON s.product_id = h.product_id AND s.options_key = h.key
                   ORDER BY s.product_id, s.options_key FOR UPDATE OF s),
            moved AS (UPDATE stock_levels s SET quantity = $2 FROM w WHERE s.product_id = w.product_id AND s.options_key = w.options_key)
       INSERT INTO stock_movements (product_id, options_key, option_ids, delta, reason) SELECT product_id, options_key, option_ids, delta, 'adjustment' FROM w WHERE delta <> 0`,
      [combos, o.quantity],
    );
    await q.query(
      `INSERT INTO cart_items (user_id, product_id, option_ids, options_key, quantity)
       SELECT b.user_id, h.product_id, string_to_array(h.key, ',')::uuid[], h.key, 1
         FROM ${buyers} b JOIN ROWS FROM (json_to_recordset($3::json) AS (product_id uuid, key text)) WITH ORDINALITY AS h (product_id, key, n) ON h.n = 1 + (b.k - 1) % $4::int`,
      [o.from, o.buyers, combos, items.length],
    );
  });
  return items;
}

/** Empties every cart and refills it (the benchmark runs checkout more than once). */
export async function refillCarts(db: Db, o: ShopperOptions): Promise<void> {
  const from = (o.from ?? 0) + 1;
  const to = (o.from ?? 0) + o.count;
  await db.query(`DELETE FROM cart_items WHERE user_id IN (SELECT md5('bench-u-' || g)::uuid FROM generate_series($1::int, $2::int) g)`, [from, to]);
  await createShoppers(db, { ...o, passwordHash: 'unused' });
}


async function main() {
  const products = Number(arg('products') ?? 10_000);
  const customers = Number(arg('customers') ?? 0);
  const reviews = Number(arg('reviews') ?? 0);
  const databaseUrl = arg('database-url') ?? process.env.DATABASE_URL;
  const dataDir = databaseUrl ? undefined : (arg('data-dir') ?? process.env.DATA_DIR ?? './data');
  console.log(`Generating ${products.toLocaleString('en')} products${customers ? ` and ${customers} shoppers with carts` : ''}${reviews ? ` and ${reviews.toLocaleString('en')} reviews` : ''} into ${databaseUrl ?? `PGlite at ${dataDir}`}`);
  const t0 = Date.now();
  const db = await openDb({ databaseUrl, dataDir });
  try {
    await generateCatalog(db, { products, log: console.log });
    if (customers) await createShoppers(db, { count: customers, products });
    if (reviews) await generateReviews(db, { reviews, products, log: console.log });
    const counts = await db.one<Record<string, number>>(
      `SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM product_prices) AS prices, (SELECT count(*) FROM variants) AS variants,
              (SELECT count(*) FROM variant_options) AS options, (SELECT count(*) FROM product_filter_options) AS filter_links, (SELECT count(*) FROM cart_items) AS cart_lines,
              (SELECT count(*) FROM reviews) AS reviews, (SELECT count(*) FROM product_ratings) AS rated_products`,
    );
    console.log(`Done in ${((Date.now() - t0) / 1000).toFixed(1)} s:`, counts);
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
