import path from 'node:path';
import { startTestApp, type TestApp } from '../test/harness';
import { seed } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('the demo shop: currencies, 40+ products with images, variants, filters, discounts, customers, orders in every status; only once', async () => {
  const started = Date.now();
  await seed(t.ctx, { adminEmail: 'admin@test.local', adminPassword: 'admin12345', demo: true });
  const seconds = (Date.now() - started) / 1000;
  const currencies = (await t.call('GET', '/api/currencies')).body;
  expect(currencies.map((c: any) => c.code)).toEqual(['USD', 'EUR', 'GBP']);
  const page = (await t.call('POST', '/api/product/filter?limit=100&page=1', { body: {} })).body;
  expect(page.itemCount).toBeGreaterThanOrEqual(40);
  const p = page.items[0];
  expect(p.imageUrls.length).toBeGreaterThanOrEqual(2);
  for (const url of p.imageUrls) expect(await t.ctx.files.head(path.basename(url))).not.toBeNull();
  const img = await fetch(`${t.url}/${p.imageUrls[0]}`);
  expect(img.headers.get('content-type')).toBe('image/jpeg');
  // Its copies are made with it, as an upload's are (no first visitor waits for sharp).
  const name = path.basename(p.imageUrls[0]);
  expect(await Promise.all(['480', 'full'].map(async (d) => Boolean(await t.ctx.files.head(`.sized/${d}/${name}.webp`))))).toEqual([true, true]);
  // Photos per option (issue 22): each metal option shows the piece in its metal, drawn with the product's stone.
  for (const x of page.items) {
    const metal = x.variants.find((v: any) => v.type === 'Metal');
    const stone = (['Diamond', 'Ruby', 'Sapphire', 'Emerald', 'Pearl', 'Amethyst'].find((s) => x.tags.includes(s)) ?? 'None').toLowerCase();
    const shown = metal.options.map((o: any) => o.imageUrls);
    expect(shown).toEqual(x.imageUrls.map((url: string) => [url]));
    expect(shown.flat().map((url: string) => url.replace(/^uploads\/demo-[a-z]+-/, ''))).toEqual(
      metal.options.map((o: any) => `${stone}-${{ Gold: 'gold', Silver: 'silver', 'Rose Gold': 'rose' }[o.name as string]}.jpg`),
    );
  }
  const options = page.items.flatMap((x: any) => x.variants.flatMap((v: any) => v.options));
  expect(options.some((o: any) => !o.isActive)).toBe(true);
  expect(options.some((o: any) => !o.inStock)).toBe(true);
  expect(page.items.some((x: any) => x.isNew)).toBe(true);
  expect((await t.call('GET', '/api/filter')).body.map((f: any) => f.name)).toEqual(['Material', 'Stone', 'Category']);
  const discounts = (await t.call('GET', '/api/discounts', { token: t.adminToken })).body;
  expect(discounts.some((d: any) => new Date(d.timeLimit) < new Date())).toBe(true);
  expect(discounts.some((d: any) => new Date(d.timeLimit) > new Date())).toBe(true);
  expect((await t.call('GET', '/api/product/onSale')).body.products.length).toBeGreaterThan(0);
  const jane = await t.call('POST', '/api/user/login', { body: { uid: 'jane@shop.local', password: 'customer123' } });
  expect(jane.status).toBe(200);
  expect((await t.call('POST', '/api/user/getUserDiscounts', { token: jane.body.token })).body.discounts.length).toBeGreaterThan(0);
  const orders = (await t.call('GET', '/api/order', { token: t.adminToken })).body;
  expect(new Set(orders.map((o: any) => o.status)).size).toBe(6);
  const yearly = (await t.call('GET', '/api/order/report/yearly', { token: t.adminToken })).body;
  expect(Object.values(yearly).every((n) => (n as number) > 0)).toBe(true);
  // every order's numbers add up
  for (const o of orders) expect(Math.round((o.subTotalPrice - o.totalDiscount) * 100)).toBe(Math.round(o.totalPrice * 100));
  // stock (issue 17): every piece tracks its inventory, every combination has a quantity, each the
  // sum of its ledger; a few one-of-a-kind, some low, some gone; the open orders hold theirs
  const { db } = t.ctx;
  expect(await db.query(`SELECT title FROM products WHERE NOT track_inventory`)).toEqual([]);
  const levels = await db.query<{ title: string; quantity: number; ledger: number; imported: number | null }>(
    `SELECT p.title, s.quantity, (SELECT coalesce(sum(m.delta), 0)::int FROM stock_movements m WHERE m.product_id = s.product_id AND m.options_key = s.options_key) AS ledger,
            (SELECT sum(m.delta)::int FROM stock_movements m WHERE m.product_id = s.product_id AND m.options_key = s.options_key AND m.reason = 'import') AS imported
       FROM stock_levels s JOIN products p ON p.id = s.product_id`,
  );
  expect(levels.filter((l) => l.ledger !== l.quantity)).toEqual([]);
  expect(levels.filter((l) => l.quantity > 0 && !(l.imported! > 0))).toEqual([]);
  const quantities = levels.map((l) => l.quantity);
  expect(quantities).toContain(1);
  expect(quantities).toContain(0);
  expect(quantities.some((q) => q === 2 || q === 3)).toBe(true);
  expect(Math.max(...quantities)).toBeLessThanOrEqual(27); // at most 25, and what an open order holds
  expect((await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM stock_movements WHERE reason NOT IN ('import', 'order')`))!.n).toBe(0);
  const listed = page.items.flatMap((x: any) => x.variants.reduce((n: number, v: any) => n * Math.max(1, v.options.length), 1));
  expect(levels.length).toBe(listed.reduce((a: number, b: number) => a + b, 0));
  expect(page.items.some((x: any) => x.available === false)).toBe(true);
  // an order that holds its pieces took them ('order' movements); a cancelled or rejected one none
  const held = await db.query<{ status: string; taken: number | null; ordered: number }>(
    `SELECT o.status, (SELECT -sum(m.delta)::int FROM stock_movements m WHERE m.order_id = o.id) AS taken, (SELECT sum(i.quantity)::int FROM order_items i WHERE i.order_id = o.id) AS ordered FROM orders o`,
  );
  for (const o of held) expect([o.status, o.taken ?? 0]).toEqual([o.status, ['cancelled', 'rejected'].includes(o.status) ? 0 : o.ordered]);
  // a second start seeds nothing more
  const before = await t.fingerprint();
  await seed(t.ctx, { adminEmail: 'other@test.local', adminPassword: 'x', demo: true });
  expect(await t.fingerprint()).toBe(before);
  console.log(`demo seed took ${seconds.toFixed(1)} s`);
});

test('the demo catalogue in French (issue 37): every product, filter, option, variant and running discount has its French name', async () => {
  const en = (await t.call('POST', '/api/product/filter?limit=100&page=1', { body: {} })).body.items;
  const fr = (await t.call('POST', '/api/product/filter?limit=100&page=1&locale=fr', { body: {} })).body.items;
  expect(fr.length).toBe(en.length);
  for (const [i, p] of fr.entries()) {
    expect(p.title).not.toBe(en[i].title);
    expect(p.description).not.toBe(en[i].description);
    expect(p.description).toMatch(/finition à la main/);
    expect(p.variants.map((v: any) => v.type)).toEqual(expect.arrayContaining(['Métal']));
    for (const d of p.discounts) expect(d.title).not.toBe(en[i].discounts.find((e: any) => e._id === d._id).title);
  }
  const filters = (await t.call('GET', '/api/filter?locale=fr')).body;
  expect(filters.map((f: any) => f.name)).toEqual(['Matière', 'Pierre', 'Catégorie']);
  expect(filters[0].filterOptions.map((o: any) => o.name)).toEqual(['Or', 'Argent', 'Or rose']);
  // A French shopper finds the rings and the necklaces by their French words.
  const rings = (await t.call('POST', '/api/product/filter?limit=100&page=1&locale=fr&keyword=bagues', { body: {} })).body;
  expect(rings.itemCount).toBeGreaterThanOrEqual(5);
  for (const p of rings.items) expect(p.title).toMatch(/Bague/);
  const necklaces = (await t.call('POST', '/api/product/filter?limit=100&page=1&locale=fr&keyword=collier', { body: {} })).body;
  expect(necklaces.items.map((p: any) => p.title)).toEqual(expect.arrayContaining(['Collier Cascade de perles', 'Collier rivière Riviera']));
});
