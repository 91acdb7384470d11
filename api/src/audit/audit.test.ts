import type { AuditEntry } from '@shop/contract';
import { form, pngBytes, startTestApp, type TestApp } from '../test/harness';

// Issue 19, the audit log, on PGlite and (DATABASE_URL) PostgreSQL: every admin write leaves one entry
// naming who made it, with the values before and after, written in the write's own transaction (a
// refused write leaves none); the table refuses UPDATE, DELETE and TRUNCATE; GET /audit-log pages and
// filters it for admins only.
let t: TestApp;
let admin: { id: string; token: string; email: string };
let superId: string;
let usd: { _id: string };

beforeAll(async () => {
  t = await startTestApp();
  const made = await t.admin('Audit Admin');
  admin = { ...made, email: (await t.ctx.db.one<{ email: string }>(`SELECT email FROM users WHERE id = $1`, [made.id]))!.email };
  superId = (await t.ctx.db.one<{ id: string }>(`SELECT id FROM users WHERE is_super_admin`))!.id;
  usd = await t.currency('USD', '$');
});
afterAll(() => t.close());

interface Row {
  actor_id: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
const count = async () => (await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`))!.n;
const newest = (n: number) =>
  t.ctx.db.query<Row>(`SELECT actor_id, action, entity, entity_id, before, after FROM audit_log ORDER BY at DESC, id DESC LIMIT $1`, [n]);

/** Runs one admin write and answers the one entry it left (failing when it left none or several). */
async function onlyEntry(write: () => Promise<{ status: number; body: any }>, status = 200) {
  const before = await count();
  const res = await write();
  expect(res.status).toBe(status);
  expect(await count()).toBe(before + 1);
  const [row] = await newest(1);
  return { row, body: res.body };
}
const as = (token = admin.token) => ({ token });

describe('every admin write leaves one entry with its actor, before and after', () => {
  test('currencies', async () => {
    const created = await onlyEntry(() => t.call('POST', '/api/currencies', { ...as(), body: { name: 'Euro', code: 'eur', symbol: '€' } }), 201);
    expect(created.row).toMatchObject({ actor_id: admin.id, action: 'create', entity: 'currency', entity_id: created.body._id, before: null, after: { name: 'Euro', code: 'EUR', symbol: '€' } });
    const id = created.body._id;
    const updated = await onlyEntry(() => t.call('PUT', `/api/currencies/${id}`, { ...as(), body: { name: 'Euro', code: 'EUR', symbol: 'E' } }));
    // Only what changed.
    expect(updated.row).toMatchObject({ action: 'update', entity: 'currency', entity_id: id, before: { code: 'EUR', symbol: '€' }, after: { code: 'EUR', symbol: 'E' } });
    expect(Object.keys(updated.row.after!).sort()).toEqual(['code', 'symbol']);
    const deleted = await onlyEntry(() => t.call('DELETE', `/api/currencies/${id}`, as()));
    expect(deleted.row).toMatchObject({ action: 'delete', entity_id: id, before: { name: 'Euro', code: 'EUR', symbol: 'E' }, after: null });
  });

  test('filters and their options', async () => {
    const created = await onlyEntry(() => t.call('POST', '/api/filter', { ...as(), body: { name: 'Metal', filterOptions: ['Gold'] } }), 201);
    const id = created.body._id;
    expect(created.row).toMatchObject({ actor_id: admin.id, action: 'create', entity: 'filter', entity_id: id, after: { name: 'Metal', options: ['Gold'] } });
    expect((await onlyEntry(() => t.call('PATCH', `/api/filter/${id}`, { ...as(), body: { name: 'Metals' } }))).row).toMatchObject({ before: { name: 'Metal' }, after: { name: 'Metals' } });
    const added = await onlyEntry(() => t.call('POST', `/api/filter/${id}/filterOptions`, { ...as(), body: { name: 'Silver' } }), 201);
    expect(added.row).toMatchObject({ entity: 'filter', entity_id: id, before: { options: ['Gold'] }, after: { options: ['Gold', 'Silver'] } });
    const silver = added.body.filterOptions[1]._id;
    expect((await onlyEntry(() => t.call('PUT', `/api/filter/filterOptions/${silver}`, { ...as(), body: { name: 'Sterling' } }))).row).toMatchObject({
      entity_id: id,
      after: { options: ['Gold', 'Sterling'] },
    });
    expect((await onlyEntry(() => t.call('DELETE', `/api/filter/filterOptions/${silver}`, as()))).row).toMatchObject({ entity_id: id, after: { options: ['Gold'] } });
    expect((await onlyEntry(() => t.call('DELETE', `/api/filter/${id}`, as()))).row).toMatchObject({ action: 'delete', before: { name: 'Metals', options: ['Gold'] }, after: null });
  });

  test('discounts, and the links of a product and a user to one', async () => {
    const body = { title: 'Spring 10%', discountType: 'percentage', timeLimit: '2099-01-01T00:00:00.000Z', value: [{ currType: usd._id, amount: 10 }] };
    const created = await onlyEntry(() => t.call('POST', '/api/discounts', { ...as(), body }), 201);
    const id = created.body._id;
    expect(created.row).toMatchObject({ action: 'create', entity: 'discount', after: { title: 'Spring 10%', discountType: 'percentage', value: { USD: 10 } } });
    expect((await onlyEntry(() => t.call('PUT', `/api/discounts/${id}`, { ...as(), body: { ...body, value: [{ currType: usd._id, amount: 12 }] } }))).row).toMatchObject({
      before: { value: { USD: 10 } },
      after: { value: { USD: 12 } },
    });

    const product = await t.product({ title: 'Linked Ring', basePrice: [{ currType: usd._id, amount: 50 }] });
    const linked = await onlyEntry(() => t.call('PUT', `/api/product/${product._id}`, { ...as(), body: { discounts: [id] } }));
    expect(linked.row).toMatchObject({ entity: 'product', entity_id: product._id, before: { discounts: [] }, after: { discounts: ['Spring 10%'] } });

    const customer = await t.customer('Linked Customer');
    const given = await onlyEntry(() => t.call('PATCH', `/api/user/${customer.id}/addDiscountToUser`, { ...as(), body: { discountId: id } }));
    expect(given.row).toMatchObject({ entity: 'user', entity_id: customer.id, before: { discounts: [] }, after: { discounts: ['Spring 10%'] } });
    const taken = await onlyEntry(() => t.call('PATCH', `/api/user/${customer.id}/removeDiscount`, { ...as(), body: { discountId: id } }));
    expect(taken.row).toMatchObject({ before: { discounts: ['Spring 10%'] }, after: { discounts: [] } });

    expect((await onlyEntry(() => t.call('DELETE', `/api/discounts/${id}`, as()))).row).toMatchObject({ action: 'delete', entity_id: id, before: { title: 'Spring 10%' }, after: null });
  });

  test('products: create, details, prices, filter options, images, variants and options, delete', async () => {
    const png = await pngBytes();
    const image = (name: string) => ({ field: 'images', name, type: 'image/png', data: png });
    const fields = { title: 'Audit Ring', basePrice: JSON.stringify([{ currType: usd._id, amount: 120 }]), variants: JSON.stringify([{ type: 'Size', options: [{ name: '6' }] }]) };
    const created = await onlyEntry(() => t.call('POST', '/api/product', { ...as(), raw: form(fields, [image('a.png')]) }), 201);
    const p = created.body;
    expect(created.row).toMatchObject({
      actor_id: admin.id,
      action: 'create',
      entity: 'product',
      entity_id: p._id,
      before: null,
      after: { title: 'Audit Ring', basePrice: { USD: 120 }, variants: [{ type: 'Size', options: [{ name: '6', isActive: true }] }] },
    });

    const priced = await onlyEntry(() => t.call('PUT', `/api/product/${p._id}`, { ...as(), body: { title: 'Audit Ring II', basePrice: [{ currType: usd._id, amount: 99.5 }] } }));
    expect(priced.row).toMatchObject({ action: 'update', before: { title: 'Audit Ring', basePrice: { USD: 120 } }, after: { title: 'Audit Ring II', basePrice: { USD: 99.5 } } });
    expect(Object.keys(priced.row.after!).sort()).toEqual(['basePrice', 'title']);

    const filter = (await t.call('POST', '/api/filter', { ...as(), body: { name: 'Stone', filterOptions: ['Ruby'] } })).body;
    const ruby = filter.filterOptions[0]._id;
    expect((await onlyEntry(() => t.call('PUT', `/api/product/${p._id}/filterOptions`, { ...as(), body: { filterOptionIds: [ruby] } }))).row).toMatchObject({
      before: { filterOptions: [] },
      after: { filterOptions: ['Stone: Ruby'] },
    });

    const withImage = await onlyEntry(() => t.call('POST', `/api/product/${p._id}/images`, { ...as(), raw: form({}, [image('b.png')]) }));
    expect((withImage.row.before!.imageUrls as string[]).length).toBe(1);
    expect((withImage.row.after!.imageUrls as string[]).length).toBe(2);
    const withoutImage = await onlyEntry(() => t.call('DELETE', `/api/product/${p._id}/images/1`, as()));
    expect(withoutImage.row).toMatchObject({ before: { imageUrls: withImage.body.imageUrls }, after: { imageUrls: [withImage.body.imageUrls[0]] } });

    const variant = await onlyEntry(() => t.call('POST', `/api/product/${p._id}/variants`, { ...as(), body: { type: 'Metal', options: [{ name: 'Gold' }] } }), 201);
    expect(variant.row.after!.variants).toHaveLength(2);
    const metal = variant.body.variants.find((v: { type: string }) => v.type === 'Metal');
    expect((await onlyEntry(() => t.call('PUT', `/api/product/${p._id}/variants/${metal._id}`, { ...as(), body: { type: 'Metals' } }))).row.after).toMatchObject({
      variants: [{ type: 'Size' }, { type: 'Metals' }],
    });
    const option = await onlyEntry(() => t.call('POST', `/api/product/variant-option/${metal._id}`, { ...as(), body: { name: 'Silver', incRate: [{ currType: usd._id, amount: 5 }] } }), 201);
    expect(option.row.after).toMatchObject({ variants: [{}, { options: [{ name: 'Gold' }, { name: 'Silver', incRate: { USD: 5 } }] }] });
    const silver = option.body.variants[1].options[1]._id;
    expect((await onlyEntry(() => t.call('PUT', `/api/product/variant-option/${silver}`, { ...as(), body: { isActive: false } }))).row.after).toMatchObject({
      variants: [{}, { options: [{}, { name: 'Silver', isActive: false }] }],
    });
    expect((await onlyEntry(() => t.call('DELETE', `/api/product/variant-option/${silver}`, as()))).row.after).toMatchObject({ variants: [{}, { options: [{ name: 'Gold' }] }] });
    expect((await onlyEntry(() => t.call('DELETE', `/api/product/${p._id}/variants/${metal._id}`, as()))).row.after!.variants).toHaveLength(1);

    const stock = await onlyEntry(() =>
      t.call('PUT', `/api/product/${p._id}/stock`, { ...as(), body: { trackInventory: true, stock: [{ options: [p.variants[0].options[0]._id], quantity: 7 }] } }),
    );
    expect(stock.row).toMatchObject({ actor_id: admin.id, action: 'update', entity: 'stock', entity_id: p._id, before: { trackInventory: false, '6': 0 }, after: { trackInventory: true, '6': 7 } });

    const deleted = await onlyEntry(() => t.call('DELETE', `/api/product/${p._id}`, as()));
    expect(deleted.row).toMatchObject({ action: 'delete', entity: 'product', entity_id: p._id, before: { title: 'Audit Ring II', filterOptions: ['Stone: Ruby'] }, after: null });
  });

  test('coupons', async () => {
    const body = { code: 'AUDIT10', discountType: 'percentage', value: [{ currType: usd._id, amount: 10 }], active: true };
    const created = await onlyEntry(() => t.call('POST', '/api/coupons', { ...as(), body }), 201);
    const id = created.body._id;
    expect(created.row).toMatchObject({ action: 'create', entity: 'coupon', entity_id: id, after: { code: 'AUDIT10', value: 10, active: true } });
    expect((await onlyEntry(() => t.call('PUT', `/api/coupons/${id}`, { ...as(), body: { ...body, active: false } }))).row).toMatchObject({ before: { active: true }, after: { active: false } });
    expect((await onlyEntry(() => t.call('DELETE', `/api/coupons/${id}`, as()))).row).toMatchObject({ action: 'delete', before: { code: 'AUDIT10', timesUsed: 0 }, after: null });
  });

  test("orders: an admin's status change and deletion (a customer's own cancel is not the back office's)", async () => {
    const product = await t.product({ title: 'Ordered Ring', basePrice: [{ currType: usd._id, amount: 30 }] });
    const customer = await t.customer('Ordering Customer');
    const order = async () => {
      expect((await t.call('POST', '/api/cart', { token: customer.token, body: { productId: product._id, quantity: 1 } })).status).toBe(200);
      const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };
      const res = await t.call('POST', '/api/order', { token: customer.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } });
      expect(res.status).toBe(201);
      return res.body;
    };
    const first = await order();
    const status = await onlyEntry(() => t.call('PATCH', `/api/order/${first._id}`, { ...as(), body: { status: 'processing' } }));
    expect(status.row).toMatchObject({ actor_id: admin.id, action: 'update', entity: 'order', entity_id: first._id, before: { status: 'pending' }, after: { status: 'processing' } });
    const removed = await onlyEntry(() => t.call('DELETE', `/api/order/${first._id}`, as()));
    expect(removed.row).toMatchObject({ action: 'delete', entity: 'order', before: { number: first.orderNumber, status: 'processing', total: 30, currency: 'USD' }, after: null });

    const second = await order();
    const before = await count();
    expect((await t.call('PATCH', `/api/order/${second._id}`, { token: customer.token, body: { status: 'cancelled' } })).status).toBe(200);
    expect(await count()).toBe(before);
  });

  test('users: role changes and deletion by the super admin', async () => {
    const customer = await t.customer('Promoted Customer');
    const superToken = t.superToken;
    const role = await onlyEntry(() => t.call('PUT', `/api/user/${customer.id}/change-role`, { token: superToken, body: { newRole: 'admin' } }));
    expect(role.row).toMatchObject({ actor_id: superId, action: 'update', entity: 'user', entity_id: customer.id, before: { role: 'customer' }, after: { role: 'admin', fullName: 'Promoted Customer' } });
    const deleted = await onlyEntry(() => t.call('DELETE', `/api/user/${customer.id}`, { token: superToken }));
    expect(deleted.row).toMatchObject({ actor_id: superId, action: 'delete', before: { fullName: 'Promoted Customer', role: 'admin', deletedAt: null } });
    expect(typeof deleted.row.after!.deletedAt).toBe('string');
  });
});

describe('a write that fails leaves no entry: the entry is in its transaction', () => {
  test('refused before or after the change was made, nothing is recorded and nothing changed', async () => {
    const product = await t.product({ title: 'Kept Ring', basePrice: [{ currType: usd._id, amount: 10 }] });
    const before = await count();
    // The title is written first, then the unknown currency refuses the price: 400, all rolled back.
    const refused = await t.call('PUT', `/api/product/${product._id}`, { ...as(), body: { title: 'Changed', basePrice: [{ currType: '00000000-0000-4000-8000-000000000000', amount: 1 }] } });
    expect(refused.status).toBe(400);
    expect((await t.call('GET', `/api/product/${product._id}`)).body.title).toBe('Kept Ring');
    // A code taken by another currency: 409.
    const gbp = await t.currency('GBP', '£');
    expect((await t.call('PUT', `/api/currencies/${gbp._id}`, { ...as(), body: { name: 'Pound', code: 'USD', symbol: '£' } })).status).toBe(409);
    // A combination that is not the product's: 400 after the product was locked and read.
    expect((await t.call('PUT', `/api/product/${product._id}/stock`, { ...as(), body: { trackInventory: true, stock: [{ options: [gbp._id], quantity: 1 }] } })).status).toBe(400);
    // A super admin cannot be demoted: 403.
    expect((await t.call('PUT', `/api/user/${superId}/change-role`, { token: t.superToken, body: { newRole: 'customer' } })).status).toBe(403);
    expect(await count()).toBe(before);
  });

  test('when the entry cannot be written, the change it records is rolled back too', async () => {
    const product = await t.product({ title: 'Unrecorded Ring', basePrice: [{ currType: usd._id, amount: 10 }] });
    // A trigger that refuses the next entry stands in for a failure of the insert itself.
    await t.ctx.db.exec(`CREATE FUNCTION audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no entry'; END $$;
      CREATE TRIGGER audit_test_refuse BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_test_refuse();`);
    try {
      const res = await t.call('PUT', `/api/product/${product._id}`, { ...as(), body: { title: 'Renamed' } });
      expect(res.status).toBe(500);
    } finally {
      await t.ctx.db.exec(`DROP TRIGGER audit_test_refuse ON audit_log; DROP FUNCTION audit_test_refuse();`);
    }
    expect((await t.call('GET', `/api/product/${product._id}`)).body.title).toBe('Unrecorded Ring');
  });
});

describe('append-only', () => {
  test('the database refuses UPDATE, DELETE and TRUNCATE of audit_log', async () => {
    await t.call('POST', '/api/currencies', { ...as(), body: { name: 'Franc', code: 'CHF', symbol: 'Fr' } });
    const n = await count();
    expect(n).toBeGreaterThan(0);
    await expect(t.ctx.db.query(`UPDATE audit_log SET action = 'create'`)).rejects.toThrow(/append-only/);
    await expect(t.ctx.db.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    await expect(t.ctx.db.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(n);
  });

  test('no route edits or deletes an entry', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      const res = await t.call(method, '/api/audit-log', { ...as(), body: {} });
      expect(res.status).toBe(404);
    }
  });
});

describe('GET /audit-log', () => {
  const list = (query: string, token = admin.token) => t.call('GET', `/api/audit-log${query}`, { token });

  test('newest first, the actor named, paged', async () => {
    const all = await list('?limit=100');
    expect(all.status).toBe(200);
    expect(Object.keys(all.body).sort()).toEqual(['itemCount', 'items', 'limit', 'page']);
    expect(all.body.itemCount).toBe(await count());
    const items: AuditEntry[] = all.body.items;
    const times = items.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const mine = items.find((e) => e.actor?._id === admin.id)!;
    expect(mine.actor).toEqual({ _id: admin.id, fullName: 'Audit Admin', email: admin.email });
    expect(Object.keys(mine).sort()).toEqual(['_id', 'action', 'actor', 'after', 'at', 'before', 'entity', 'entityId', 'subject']);

    const first = await list('?limit=3&page=1');
    const second = await list('?limit=3&page=2');
    expect(first.body).toMatchObject({ page: 1, limit: 3, itemCount: all.body.itemCount });
    expect(first.body.items.map((e: AuditEntry) => e._id)).toEqual(items.slice(0, 3).map((e) => e._id));
    expect(second.body.items.map((e: AuditEntry) => e._id)).toEqual(items.slice(3, 6).map((e) => e._id));
    expect((await list('?limit=100&page=1000')).body.items).toEqual([]);
  });

  test('names what each entry is about, never a bare id (issue 38, 18): bulk actions, image order and price fills name it; the answer names it as it is now', async () => {
    const nzd = await t.currency('NZD', 'N');
    const p = await t.product({ title: 'Named Pendant', basePrice: [{ currType: usd._id, amount: 40 }], imageUrls: ['/uploads/n1.jpg', '/uploads/n2.jpg'] });
    const discount = (await t.call('POST', '/api/discounts', { ...as(), body: { title: 'Named 5%', discountType: 'percentage', timeLimit: '2099-01-01T00:00:00.000Z', value: [{ currType: usd._id, amount: 5 }] } })).body;
    const bulk = await onlyEntry(() => t.call('POST', '/api/product/bulk', { ...as(), body: { ids: [p._id], action: 'addDiscount', discountId: discount._id } }));
    expect(bulk.row).toMatchObject({ entity: 'product', before: { title: 'Named Pendant', discount: null }, after: { title: 'Named Pendant', discount: 'Named 5%' } });
    const reordered = await onlyEntry(() => t.call('PUT', `/api/product/${p._id}/images/order`, { ...as(), body: { images: ['/uploads/n2.jpg', '/uploads/n1.jpg'] } }));
    expect(reordered.row).toMatchObject({ before: { title: 'Named Pendant' }, after: { title: 'Named Pendant', imageUrls: ['/uploads/n2.jpg', '/uploads/n1.jpg'] } });
    const filled = await onlyEntry(() => t.call('POST', `/api/currencies/${nzd._id}/fill-prices`, { ...as(), body: { from: 'USD', factor: 0.8 } }));
    expect(filled.row).toMatchObject({ entity: 'currency', after: { code: 'NZD', filledFrom: 'USD' } });

    // Renamed since: the answer's subject is the name now; a row gone leaves the name its entry kept.
    await t.call('PUT', `/api/product/${p._id}`, { ...as(), body: { title: 'Named Pendant II' } });
    const items: AuditEntry[] = (await list('?limit=100')).body.items;
    expect(items.filter((e) => e.entityId === p._id).map((e) => e.subject)).toEqual(['Named Pendant II', 'Named Pendant II', 'Named Pendant II']);
    expect(items.find((e) => e.entityId === nzd._id)?.subject).toBe('NZD');
    // Every entry is named: by its own values (as the page reads them) or by its subject; a release's id is its name.
    const NAME_KEYS = ['title', 'name', 'code', 'number', 'fullName', 'email'];
    const ownName = (v: unknown) => !!v && typeof v === 'object' && NAME_KEYS.some((k) => typeof (v as Record<string, unknown>)[k] === 'string' && (v as Record<string, string>)[k]);
    const unnamed = items.filter((e) => e.entity !== 'release' && !ownName(e.before) && !ownName(e.after) && !e.subject);
    expect(unnamed.map((e) => [e.entity, e.action, e.before, e.after])).toEqual([]);
  });

  test('filters by actor, entity and time range', async () => {
    const other = await t.admin('Other Admin');
    await t.call('POST', '/api/currencies', { token: other.token, body: { name: 'Yen', code: 'JPY', symbol: '¥' } });
    const byOther = await list(`?actor=${other.id}`);
    expect(byOther.body.itemCount).toBe(1);
    expect(byOther.body.items[0]).toMatchObject({ actor: { _id: other.id, fullName: 'Other Admin' }, action: 'create', entity: 'currency', after: { code: 'JPY' } });

    const coupons = await list('?entity=coupon&limit=100');
    expect(coupons.body.itemCount).toBe(3);
    expect(coupons.body.items.every((e: AuditEntry) => e.entity === 'coupon')).toBe(true);
    expect((await list(`?entity=coupon&actor=${other.id}`)).body.itemCount).toBe(0);

    const at = byOther.body.items[0].at;
    const exactly = await list(`?from=${encodeURIComponent(at)}&to=${encodeURIComponent(at)}&actor=${other.id}`);
    expect(exactly.body.itemCount).toBe(1);
    expect((await list(`?from=${encodeURIComponent(new Date(Date.parse(at) + 1).toISOString())}&actor=${other.id}`)).body.itemCount).toBe(0);
    expect((await list(`?to=${encodeURIComponent(new Date(Date.parse(at) - 1).toISOString())}&actor=${other.id}`)).body.itemCount).toBe(0);
    expect((await list('?to=2000-01-01')).body.itemCount).toBe(0);
    expect((await list('?from=2000-01-01')).body.itemCount).toBe(await count());
  });

  test('admins only: 401 without a token, 403 for a customer', async () => {
    expect((await t.call('GET', '/api/audit-log')).status).toBe(401);
    const customer = await t.customer();
    const res = await list('', customer.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  test.each([
    ['?page=0', 'page'],
    ['?limit=0', 'limit'],
    ['?limit=1000', 'limit'],
    ['?page=x', 'page'],
    ['?actor=someone', 'actor'],
    ['?entity=invoice', 'entity'],
    ['?from=yesterday', 'from'],
    ['?to=2024-13-45', 'to'],
    ['?from=0001-01-01', 'from'],
    ['?from=2024-02-01&to=2024-01-01', 'to'],
  ])('%s is a 400 that names %s', async (query, name) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(name);
  });
});

describe('GET /audit-log/actors', () => {
  test('everyone with an entry, once, by name; admins only', async () => {
    const res = await t.call('GET', '/api/audit-log/actors', { token: admin.token });
    expect(res.status).toBe(200);
    const names = res.body.map((a: { fullName: string }) => a.fullName);
    expect(names).toEqual(expect.arrayContaining(['Audit Admin', 'Other Admin']));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort());
    const ids = (await t.ctx.db.query<{ id: string }>(`SELECT DISTINCT actor_id AS id FROM audit_log WHERE actor_id IS NOT NULL`)).map((r) => r.id).sort();
    expect(res.body.map((a: { _id: string }) => a._id).sort()).toEqual(ids);
    expect(res.body.find((a: { _id: string }) => a._id === admin.id)).toEqual({ _id: admin.id, fullName: 'Audit Admin', email: admin.email });
    expect((await t.call('GET', '/api/audit-log/actors', { token: (await t.customer()).token })).status).toBe(403);
  });
});
