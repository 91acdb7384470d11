import type { Ctx } from '../context.js';
import { insertAddress, insertUser, type AddressRow } from '../accounts/queries.js';
import { createProduct, type OptionInput, type VariantInput } from '../catalog/admin/service.js';
import { loadProducts } from '../catalog/productQueries.js';
import { createCurrency } from '../currencies/service.js';
import { DEMO_WEIGHTS, seedShippingAndTax } from './shippingTax.js';
import { createDiscount } from '../discounts/service.js';
import { createCoupon } from '../coupons/service.js';
import { WELCOME_CODE } from '@shop/contract';
import { putSection } from '../content/queries.js';
import { demoHome } from './content.js';
import { createFilter } from '../filters/service.js';
import { combinationKey, combinationsOf, computeTotals, STOCK_HOLDING_STATUSES, unitPriceMinor } from '@shop/contract';
import { insertItem, insertOrder, STATUSES } from '../orders/queries.js';
import { lineImage, selectedOptions } from '../cart/service.js';
import { ensureLevels, lockLevels, moveStock, setTracking, type StockChange } from '../stock/queries.js';
import { takeStockForOrder } from '../stock/service.js';
import { CATEGORY, DEMO_PRODUCTS, FEATURES, MATERIAL, STONES } from './catalog-data.js';
import { CATEGORY_FR, descriptionFr, DEMO_PRODUCTS_FR, DISCOUNTS_FR, MATERIAL_FR, NAMES_FR, STONES_FR } from './catalog-data-fr.js';
import { demoPhoto, generateDemoImages, type Kind, type Metal } from './images.js';

/** Demo customers (all with password customer123). */
export const DEMO_CUSTOMERS = [
  { fullName: 'Jane Cooper', email: 'jane@shop.local', contact: '5550100001', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'United States', countryCode: 'US' },
  { fullName: 'John Miller', email: 'john@shop.local', contact: '5550100002', city: 'London', state: null, postalCode: '10001', country: 'United Kingdom', countryCode: 'GB' },
  { fullName: 'Maria Rossi', email: 'maria@shop.local', contact: '5550100003', city: 'Milan', state: null, postalCode: '20121', country: 'Italy', countryCode: 'IT' },
];
export const DEMO_PASSWORD = 'customer123';
const DAY = 86400000;

/**
 * The demo's stock (issue 17), by title: a few one-of-a-kind pieces (1 of each combination), some
 * running low (2-3), one piece sold out and one combination gone; every other combination 5-25.
 * Deterministic. The newest pieces and the two the browser journeys open by name stay comfortable.
 */
const ONE_OF_A_KIND = new Set(['Capri Statement Necklace', 'Emerald Cut Halo Pendant', 'Ruby Drop Hoops']);
const RUNNING_LOW = new Set(['Verona Emerald Band', 'Opaline Collar Necklace', 'North Star Pendant', 'Huggie Pavé Hoops']);
const SOLD_OUT = new Set(['Ivy Bead Lariat']);
/** This piece's second combination is gone (the others are in stock). */
const ONE_GONE = 'Luna Pavé Eternity Ring';

/** What the shop has of combination `c` (in combinationsOf order) of demo product `i` once the demo orders have taken theirs. */
export function demoQuantity(title: string, i: number, c: number): number {
  if (SOLD_OUT.has(title)) return 0;
  if (ONE_OF_A_KIND.has(title)) return 1;
  if (RUNNING_LOW.has(title)) return 2 + (c % 2);
  if (title === ONE_GONE && c === 1) return 0;
  return 5 + ((i * 7 + c * 5) % 21);
}

export async function seedDemo(ctx: Ctx) {
  const { db } = ctx;
  // One photo of each piece per metal, each the photo of its Metal option (issue 22): choosing another
  // metal shows it. Drawn while the catalogue is written (their paths are known before the files are);
  // awaited at the end, which throws what failed.
  const photosMade = generateDemoImages(ctx.files, DEMO_PRODUCTS);
  photosMade.catch(() => undefined);
  // Issue 39: euro and pound prices include VAT (as Europe shows them); dollar prices get tax added.
  const usd = await createCurrency(db, { name: 'US Dollar', code: 'USD', symbol: '$', pricesIncludeTax: false });
  const eur = await createCurrency(db, { name: 'Euro', code: 'EUR', symbol: '€', pricesIncludeTax: true });
  const gbp = await createCurrency(db, { name: 'British Pound', code: 'GBP', symbol: '£', pricesIncludeTax: true });
  const prices = (amountUsd: number, round = true) => {
    const r = (x: number) => (round ? Math.round(x) : Math.round(x * 100) / 100);
    return [
      { currType: usd._id, amount: amountUsd },
      { currType: eur._id, amount: r(amountUsd * 0.92) },
      { currType: gbp._id, amount: r(amountUsd * 0.79) },
    ];
  };
  const same = (v: number) => [usd, eur, gbp].map((c) => ({ currType: c._id, amount: v }));

  // Every name in English and in French (issue 37: catalog-data-fr.ts).
  const fr = (name: string) => ({ fr: { name } });
  const metalsOf = Object.keys(MATERIAL) as Metal[];
  const kindsOf = Object.keys(CATEGORY) as Kind[];
  const filter = (name: string, options: Array<[string, string]>) =>
    createFilter(db, name, options.map(([en, french]) => ({ name: en, translations: fr(french) })), undefined, fr(NAMES_FR[name]));
  const material = await filter('Material', metalsOf.map((m) => [MATERIAL[m], MATERIAL_FR[m]]));
  const stone = await filter('Stone', STONES.map((s) => [s, STONES_FR[s]]));
  const category = await filter('Category', kindsOf.map((k) => [CATEGORY[k], CATEGORY_FR[k]]));
  const optionId = (f: typeof material, name: string) => f.filterOptions.find((o) => o.name === name)!._id;

  const now = Date.now();
  const discount = (d: Parameters<typeof createDiscount>[1]) => createDiscount(db, { ...d, translations: fr(DISCOUNTS_FR[d.title]) });
  // The home's banners say these two percentages (seed/content.ts): one number each.
  const salePercent = 15;
  const welcomePercent = 15;
  const sale = await discount({ title: `Winter Sale ${salePercent}%`, discountType: 'percentage', timeLimit: new Date(now + 60 * DAY).toISOString(), value: same(salePercent) });
  const expired = await discount({
    title: 'Summer Clearance',
    discountType: 'fixed',
    timeLimit: new Date(now - 30 * DAY).toISOString(),
    value: [{ currType: usd._id, amount: 10 }, { currType: eur._id, amount: 9 }, { currType: gbp._id, amount: 8 }],
  });
  const giftCard = await discount({
    title: 'Gift Card $20',
    discountType: 'fixed',
    timeLimit: new Date(now + 90 * DAY).toISOString(),
    value: [{ currType: usd._id, amount: 20 }, { currType: eur._id, amount: 18 }, { currType: gbp._id, amount: 16 }],
  });
  const loyal = await discount({ title: 'Loyal Customer 5%', discountType: 'percentage', timeLimit: new Date(now + 365 * DAY).toISOString(), value: same(5) });
  // The home page's welcome code (issue 22): a real coupon, 15 % off a customer's first order, once.
  await createCoupon(db, { code: WELCOME_CODE, discountType: 'percentage', value: same(welcomePercent), firstOrderOnly: true, perCustomerLimit: 1, active: true });
  // Issue 38 (17): the home's banners promise these two, as the owner would write them in the Content page.
  await putSection(db, 'home', demoHome(salePercent, welcomePercent));

  const metals: Metal[] = ['gold', 'silver', 'rose'];
  const n = DEMO_PRODUCTS.length;
  for (const [i, p] of DEMO_PRODUCTS.entries()) {
    const metalOrder = [p.metal, ...metals.filter((m) => m !== p.metal)];
    const metalOptions: OptionInput[] = metalOrder.map((m, k) => ({
      name: MATERIAL[m],
      translations: fr(MATERIAL_FR[m]),
      incRate: prices(k === 0 ? 0 : m === 'gold' ? 40 : m === 'rose' ? 30 : 0),
      isActive: !(k === 2 && i % 5 === 0),
      inStock: !(k === 1 && i % 7 === 3),
      imageUrls: [demoPhoto(p, m)],
    }));
    const variants: VariantInput[] = [{ type: 'Metal', translations: fr(NAMES_FR.Metal), options: metalOptions }];
    if (p.kind === 'ring') {
      variants.push({ type: 'Size', translations: fr(NAMES_FR.Size), options: ['5', '6', '7', '8', '9'].map((s, k) => ({ name: s, incRate: prices(0), inStock: !(k === 4 && i % 3 === 0) })) });
    } else if (p.kind === 'necklace' || p.kind === 'pendant') {
      variants.push({ type: 'Length', translations: fr(NAMES_FR.Length), options: ['16"', '18"', '20"'].map((s, k) => ({ name: s, incRate: prices(k * 10) })) });
    }
    const tags = [CATEGORY[p.kind].replace(/s$/, ''), MATERIAL[p.metal], ...(p.stone !== 'None' ? [p.stone] : []), ...(i >= n - 10 || i % 9 === 0 ? ['New'] : [])];
    await createProduct(db, {
      title: p.title,
      description: `${p.blurb} Crafted in ${MATERIAL[p.metal].toLowerCase()}${p.stone !== 'None' ? ` with ${p.stone.toLowerCase()}` : ''}, finished by hand and inspected piece by piece.`,
      features: FEATURES[p.kind],
      tags,
      basePrice: prices(p.usd),
      filterOptions: [optionId(material, MATERIAL[p.metal]), optionId(stone, p.stone), optionId(category, CATEGORY[p.kind])],
      discounts: i % 5 === 1 ? [sale._id] : i % 6 === 2 ? [expired._id] : [],
      variants,
      weight: DEMO_WEIGHTS[p.kind],
      translations: { fr: { title: DEMO_PRODUCTS_FR[p.title].title, description: descriptionFr(DEMO_PRODUCTS_FR[p.title].blurb, p.metal, p.stone) } },
      imageUrls: metalOrder.map((m) => demoPhoto(p, m)),
      createdAt: new Date(now - (n - i) * 2.5 * DAY),
    });
  }

  const customers: Array<{ id: string; address: AddressRow }> = [];
  const passwordHash = await ctx.auth.hashPassword(DEMO_PASSWORD);
  for (const [i, c] of DEMO_CUSTOMERS.entries()) {
    const u = await insertUser(db, { fullName: c.fullName, email: c.email, contact: c.contact, passwordHash, createdAt: new Date(now - 400 * DAY + i * DAY) });
    const address = await insertAddress(db, u!.id, {
      fullName: c.fullName, line1: `${12 + i * 7} Market Street`, line2: i === 0 ? 'Apt 4B' : null, city: c.city, state: c.state, postalCode: c.postalCode, country: c.country, countryCode: c.countryCode,
    });
    customers.push({ id: u!.id, address: address! });
  }
  await db.query(`INSERT INTO user_discounts (user_id, discount_id) VALUES ($1, $2), ($1, $3)`, [customers[0].id, loyal._id, giftCard._id]);
  await seedShippingAndTax(db, { usd: usd._id, eur: eur._id, gbp: gbp._id });
  const userDisc = [loyal, giftCard];

  // Orders in every status, spread over the last year (two today): planned first, so the stock
  // imported covers what the open ones hold.
  const products = await loadProducts(db, (await db.query<{ id: string }>(`SELECT id FROM products ORDER BY created_at`)).map((r) => r.id));
  const currencies = [usd, eur, gbp];
  const orders = Array.from({ length: 20 }, (_, k) => {
    const cust = customers[k % customers.length];
    const currency = currencies[k % 3];
    const when = new Date(k < 2 ? now - k * 3600000 : now - (k - 1) * 18 * DAY);
    const picks = [products[(k * 7) % products.length], products[(k * 11 + 3) % products.length]].slice(0, 1 + (k % 2));
    const lines = picks.map((p, j) => {
      const optionIds = p.variants.map((v) => v.options.find((o) => o.isActive && o.inStock)!._id);
      const unit = unitPriceMinor(p, optionIds, currency._id);
      if (unit === null) throw new Error(`The demo product ${p.title} has no price in ${currency.code}`);
      return { p, optionIds, quantity: 1 + ((k + j) % 2), unit, discounts: p.discounts };
    });
    const totals = computeTotals(lines, k % customers.length === 0 ? userDisc : [], currency._id, when);
    return { cust, currency, when, lines, totals, status: STATUSES[k % STATUSES.length] };
  });
  const holding = orders.filter((o) => HOLDS.has(o.status));
  await importStock(db, products, holding.flatMap((o) => o.lines.map((l) => ({ productId: l.p._id, key: combinationKey(l.optionIds), quantity: l.quantity }))));

  for (const { cust, currency, when, lines, totals, status } of orders) {
    const { _id, ...address } = cust.address;
    await db.tx(async (q) => {
      const o = await insertOrder(q, {
        userId: cust.id, paymentMethod: 'Cash On Delivery', paymentRef: null, currency, address, status,
        subTotal: totals.subTotal, productDiscount: totals.productDiscount, userDiscount: totals.userDiscount, totalDiscount: totals.totalDiscount, total: totals.total, createdAt: when,
      });
      for (const [j, l] of lines.entries()) {
        await insertItem(q, o!.id, j, {
          productId: l.p._id, title: l.p.title, slug: l.p.slug, imageUrl: lineImage(l.p, l.optionIds), options: selectedOptions(l.p, l.optionIds),
          quantity: l.quantity, unit: totals.lines[j].unit, lineTotal: totals.lines[j].lineTotal, discount: totals.lines[j].discount,
        });
      }
      // An open, shipped or delivered order holds its pieces, as a checkout would have taken them.
      if (HOLDS.has(status)) {
        const { number } = (await q.one<{ number: string }>(`SELECT number::text FROM orders WHERE id = $1`, [o!.id]))!;
        await takeStockForOrder(q, { id: o!.id, number }, lines.map((l) => ({ product: { ...l.p, trackInventory: true }, optionIds: l.optionIds, quantity: l.quantity })));
      }
    });
  }
  await photosMade;
}

/** Statuses whose demo order holds its pieces (the stock service's rule, from the contract). */
const HOLDS: ReadonlySet<string> = new Set(STOCK_HOLDING_STATUSES);

/**
 * Every demo product tracks its inventory; each combination gets demoQuantity plus what the demo's
 * holding orders will take, written as 'import' movements (so the ledger's sum is the quantity).
 */
async function importStock(db: Ctx['db'], products: Awaited<ReturnType<typeof loadProducts>>, held: Array<{ productId: string; key: string; quantity: number }>) {
  const heldBy = new Map<string, number>();
  for (const h of held) heldBy.set(`${h.productId}|${h.key}`, (heldBy.get(`${h.productId}|${h.key}`) ?? 0) + h.quantity);
  const lines: StockChange[] = products.flatMap((p, i) =>
    (combinationsOf(p.variants) ?? []).map((optionIds, c) => {
      const key = combinationKey(optionIds);
      return { productId: p._id, key, optionIds, quantity: demoQuantity(p.title, i, c) + (heldBy.get(`${p._id}|${key}`) ?? 0) };
    }),
  );
  await db.tx(async (q) => {
    for (const p of products) await setTracking(q, p._id, true);
    await ensureLevels(q, lines);
    await lockLevels(q, lines);
    await moveStock(q, lines, { reason: 'import' });
  });
}
