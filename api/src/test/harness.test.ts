import { startTestApp, type TestApp } from './harness';

// fingerprint() is what "a refused request changes nothing" is checked with (the fuzz suites, the
// authorization matrix, uploads, imports…): it must see any change to any row of any table, and not
// the outbox sender's own delivery (it runs on its own time).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('fingerprint covers every table of the schema but the counters and roll-ups, and is stable while nothing changes', async () => {
  const tables = await t.ctx.db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
  const print = await t.fingerprint();
  const named = print.split('\n').map((line) => line.split(':')[0]);
  const skipped = ['rate_limits', 'sales_daily', 'sales_delta', 'product_sales', 'product_sales_delta'];
  expect(named.sort()).toEqual(tables.map((r) => r.tablename).filter((n) => !skipped.includes(n)).sort());
  expect(named.length).toBeGreaterThan(30);
  expect(await t.fingerprint()).toBe(print);
});

test('fingerprint changes with an insert, an update of one column of one row, and a delete', async () => {
  const usd = await t.currency('USD', '$');
  const product = await t.product({ title: 'Print Ring', basePrice: [{ currType: usd._id, amount: 10 }] });
  const before = await t.fingerprint();

  await t.ctx.db.query(`UPDATE products SET title = 'Print Ring!' WHERE id = $1`, [product._id]);
  const updated = await t.fingerprint();
  expect(updated).not.toBe(before);
  // The products line moved (and the catalogue version its triggers bump), no other.
  const moved = (a: string, b: string) => a.split('\n').filter((line, i) => line !== b.split('\n')[i]).map((line) => line.split(':')[0]);
  expect(moved(updated, before)).toEqual(['catalog_changes', 'catalog_version', 'products']);

  const customer = await t.customer();
  const withCustomer = await t.fingerprint();
  await t.ctx.db.query(`INSERT INTO cart_items (user_id, product_id, quantity) VALUES ($1, $2, 1)`, [customer.id, product._id]);
  const inserted = await t.fingerprint();
  expect(moved(inserted, withCustomer)).toEqual(['cart_items']);
  await t.ctx.db.query(`DELETE FROM cart_items WHERE user_id = $1`, [customer.id]);
  expect(await t.fingerprint()).toBe(withCustomer);
});

test("the outbox is compared by what was enqueued, not by the sender's delivery", async () => {
  await t.ctx.db.query(
    `INSERT INTO mail_outbox (idempotency_key, kind, to_address, message) VALUES ('print:1', 'welcome', 'print@example.com', '{"kind":"welcome","fullName":"Print"}')`,
  );
  const enqueued = await t.fingerprint();
  await t.ctx.db.query(`UPDATE mail_outbox SET status = 'sent', attempts = 1, sent_at = now(), subject = 'Welcome' WHERE idempotency_key = 'print:1'`);
  expect(await t.fingerprint()).toBe(enqueued);
  await t.ctx.db.query(`UPDATE mail_outbox SET to_address = 'other@example.com' WHERE idempotency_key = 'print:1'`);
  expect(await t.fingerprint()).not.toBe(enqueued);
});
