import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, PUBLISH_NEEDS } from '@shop/contract';
import { form, pngBytes, startTestApp, type TestApp } from '../../test/harness';

// Bulk actions and the CSV import (issue 19): each one transaction, all or nothing; an unknown id is
// 400 and changes nothing; a dry run reports every bad line and writes nothing; a real import writes
// every line or none. On PGlite, and on PostgreSQL with DATABASE_URL.

let t: TestApp;
let usd: { _id: string };
let products: Array<{ _id: string; title: string }>;
let sale: { _id: string };
let photo: string;

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  await t.currency('EUR', '€');
  products = [];
  for (const title of ['Alpha Ring', 'Beta Ring', 'Gamma Ring']) products.push(await t.product({ title, basePrice: [{ currType: usd._id, amount: 10 }] }));
  sale = await t.discount({ title: 'Bulk Sale', discountType: 'percentage', timeLimit: new Date(Date.now() + 86_400_000).toISOString(), value: [{ currType: usd._id, amount: 10 }] });
  // A photo uploaded the usual way, named by the import below.
  const made = await t.call('POST', '/api/product', { token: t.adminToken, raw: form({ title: 'Photo Holder' }, [{ field: 'images', name: 'a.png', type: 'image/png', data: await pngBytes() }]) });
  photo = `/${made.body.imageUrls[0].replace(/^\//, '')}`;
});
afterAll(() => t?.close());

const bulk = (body: object, token = t.adminToken) => t.call('POST', '/api/product/bulk', { token, body });
const adminList = async () =>
  (await t.call('POST', '/api/product/filter?limit=100&page=1', { token: t.adminToken, body: { status: 'all', withStock: true } })).body.items as Array<{
    _id: string;
    title: string;
    published: boolean;
    discounts: Array<{ _id: string }>;
    basePrice: Array<{ currType: string; amount: number }>;
    tags: string[];
    imageUrls: string[];
  }>;
const auditCount = async () => (await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'product'`))!.n;

describe('POST /product/bulk', () => {
  test('admins only', async () => {
    const jane = await t.customer();
    expect((await t.call('POST', '/api/product/bulk', { body: { ids: [products[0]._id], action: 'publish' } })).status).toBe(401);
    expect((await bulk({ ids: [products[0]._id], action: 'publish' }, jane.token)).status).toBe(403);
  });

  test('unpublish, publish, add and remove a discount: each one call, the count of products it changed, an audit row each', async () => {
    const two = [products[0]._id, products[1]._id];
    const audits = await auditCount();
    expect((await bulk({ ids: two, action: 'unpublish' })).body).toEqual({ action: 'unpublish', count: 2 });
    expect((await adminList()).filter((p) => !p.published).map((p) => p.title).sort()).toEqual(['Alpha Ring', 'Beta Ring']);
    // Already published ones are left alone and not counted.
    expect((await bulk({ ids: products.map((p) => p._id), action: 'publish' })).body).toEqual({ action: 'publish', count: 2 });
    expect((await bulk({ ids: two, action: 'addDiscount', discountId: sale._id })).body).toEqual({ action: 'addDiscount', count: 2 });
    expect((await bulk({ ids: products.map((p) => p._id), action: 'addDiscount', discountId: sale._id })).body.count).toBe(1);
    expect((await adminList()).filter((p) => p.discounts.some((d) => d._id === sale._id))).toHaveLength(3);
    expect((await bulk({ ids: two, action: 'removeDiscount', discountId: sale._id })).body).toEqual({ action: 'removeDiscount', count: 2 });
    expect((await adminList()).filter((p) => p.discounts.length).map((p) => p.title)).toEqual(['Gamma Ring']);
    expect((await auditCount()) - audits).toBe(2 + 2 + 3 + 2);
  });

  test('an unknown id is 400, names it, and changes nothing (the others neither)', async () => {
    const before = await t.fingerprint();
    const ghost = '00000000-0000-4000-8000-000000000000';
    for (const action of ['delete', 'unpublish', 'addDiscount']) {
      const answer = await bulk({ ids: [products[2]._id, ghost], action, discountId: sale._id });
      expect([answer.status, answer.body.message]).toEqual([400, `Unknown products: ${ghost}`]);
    }
    expect((await bulk({ ids: [products[2]._id], action: 'addDiscount', discountId: ghost })).status).toBe(400);
    expect((await bulk({ ids: [products[2]._id], action: 'addDiscount' })).body.message).toBe('discountId is required for addDiscount');
    expect((await bulk({ ids: [], action: 'publish' })).status).toBe(400);
    expect((await bulk({ ids: Array.from({ length: 501 }, () => products[0]._id), action: 'publish' })).status).toBe(400);
    expect((await bulk({ ids: ['not-an-id'], action: 'publish' })).status).toBe(400);
    expect((await bulk({ ids: [products[0]._id], action: 'burn' })).status).toBe(400);
    expect(await t.fingerprint()).toBe(before);
  });

  test('publish and unpublish of the same products at once: each call whole, an audit row per change, the last state one of the two', async () => {
    const ids = products.map((p) => p._id);
    const audits = await auditCount();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => bulk({ ids, action: i % 2 ? 'publish' : 'unpublish' })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const changed = answers.reduce((sum, a) => sum + a.body.count, 0);
    expect((await auditCount()) - audits).toBe(changed);
    const states = new Set((await adminList()).filter((p) => ids.includes(p._id)).map((p) => p.published));
    expect(states.size).toBe(1);
    expect((await bulk({ ids, action: 'publish' })).status).toBe(200);
  });

  test('delete takes them all at once', async () => {
    const extra = [await t.product({ title: 'Doomed One' }), await t.product({ title: 'Doomed Two' })];
    expect((await bulk({ ids: extra.map((p) => p._id), action: 'delete' })).body).toEqual({ action: 'delete', count: 2 });
    expect((await adminList()).some((p) => p.title.startsWith('Doomed'))).toBe(false);
  });
});

describe('POST /product/import', () => {
  const csv = (body: string, dryRun: boolean, token = t.adminToken, drafts = false) =>
    t.call('POST', `/api/product/import?dryRun=${dryRun ? 1 : 0}${drafts ? '&drafts=1' : ''}`, { token, raw: body, headers: { 'content-type': 'text/csv' } });
  const NO_IMAGE = `${PUBLISH_NEEDS.images}: add it, write false in published, or import such lines as drafts`;
  const NO_PRICE = `${PUBLISH_NEEDS.price}: add it, write false in published, or import such lines as drafts`;

  test('a published line needs an image and a price, as the product form: refused with its line, or imported as a draft when asked (issue 38)', async () => {
    const file = ['title,price_USD,price_EUR,images,published', 'Blank Tile Ring,,,,', `Priceless Pendant,,,${photo},true`, 'Photoless Band,20,,,yes', 'Quiet Sketch,,,,false'].join('\n');
    const before = await t.fingerprint();
    const refused = await csv(file, false);
    expect([refused.status, refused.body.message, refused.body.problems]).toEqual([
      400,
      '4 problems in the file: nothing was imported',
      [
        { line: 2, column: 'images', reason: NO_IMAGE },
        { line: 2, column: 'price_*', reason: NO_PRICE },
        { line: 3, column: 'price_*', reason: NO_PRICE },
        { line: 4, column: 'images', reason: NO_IMAGE },
      ],
    ]);
    expect(await t.fingerprint()).toBe(before);
    // Asked for drafts: the dry run says which lines become drafts, the import writes them so.
    expect((await csv(file, true, t.adminToken, true)).body).toEqual({ dryRun: true, rows: 4, created: 0, problems: [], drafted: [2, 3, 4] });
    expect(await t.fingerprint()).toBe(before);
    const imported = await csv(file, false, t.adminToken, true);
    expect([imported.status, imported.body]).toEqual([201, { dryRun: false, rows: 4, created: 4, problems: [], drafted: [2, 3, 4] }]);
    const list = await adminList();
    for (const title of ['Blank Tile Ring', 'Priceless Pendant', 'Photoless Band', 'Quiet Sketch']) expect(list.find((p) => p.title === title)?.published).toBe(false);
    // None of them is in the shop, nor in its home sections.
    const shop = await t.call('POST', '/api/product/filter?limit=100&page=1', { body: {} });
    const shown = shop.body.items.map((p: { title: string }) => p.title);
    for (const title of ['Blank Tile Ring', 'Priceless Pendant', 'Photoless Band']) expect(shown).not.toContain(title);
  });

  const good = () => [
    'title,description,tags,price_USD,price_EUR,images,published',
    `Opal Drop Earrings,"Opals, set in gold",opal|earrings,120.50,110,${photo},true`,
    'Quiet Draft Pendant,"A ""quiet"" one",,80,,,false',
    `Plain Band,,,15,,${photo},`,
  ].join('\r\n');

  test('a dry run reports every bad line (line, column, reason) and writes nothing', async () => {
    const before = await t.fingerprint();
    const bad = [
      'title,tags,price_USD,images,published',
      ',x,10,,',
      'Good Ring,,12.5,,yes',
      'Priced Badly,,12.345,,',
      'Missing Photo,,5,/uploads/none-such.png,',
      'Wrong Flag,,5,,maybe',
      'Short,line',
      'Outside,,5,/etc/passwd,',
    ].join('\n');
    const answer = await csv(bad, true);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      dryRun: true,
      rows: 7,
      created: 0,
      problems: [
        { line: 2, column: 'title', reason: 'A product needs a title' },
        { line: 2, column: 'images', reason: NO_IMAGE },
        { line: 3, column: 'images', reason: NO_IMAGE },
        { line: 4, column: 'price_USD', reason: 'A price is a number with at most two decimals, like 120 or 120.50' },
        { line: 4, column: 'images', reason: NO_IMAGE },
        { line: 5, column: 'images', reason: '/uploads/none-such.png is not uploaded' },
        { line: 6, column: 'published', reason: 'Write true or false (yes/no, 1/0), or leave it empty for published' },
        { line: 7, column: '*', reason: 'This line has 2 fields; the header has 5' },
        { line: 8, column: 'images', reason: '/etc/passwd is not a path under /uploads/' },
      ],
      drafted: [],
    });
    // A good file's dry run: no problem, still nothing written.
    expect((await csv(good(), true)).body).toEqual({ dryRun: true, rows: 3, created: 0, problems: [], drafted: [] });
    // Unknown columns and currencies are the header's problems.
    expect((await csv('title,colour,price_CHF\nX,red,1', true)).body.problems).toEqual([
      { line: 1, column: 'colour', reason: 'Unknown column; the columns are title, description, tags, images, published, price_USD, price_EUR' },
      { line: 1, column: 'price_CHF', reason: 'No currency has the code CHF' },
    ]);
    expect(await t.fingerprint()).toBe(before);
  });

  test('a real import with one bad line writes nothing: 400 with the problems', async () => {
    const before = await t.fingerprint();
    const answer = await csv(`${good()}\r\nBroken,,,abc,,${photo},`, false);
    expect([answer.status, answer.body.message, answer.body.created, answer.body.problems]).toEqual([
      400,
      '1 problem in the file: nothing was imported',
      0,
      [{ line: 5, column: 'price_USD', reason: 'A price is a number with at most two decimals, like 120 or 120.50' }],
    ]);
    expect(await t.fingerprint()).toBe(before);
  });

  test('a good import writes every line in one go, drafts as drafts, with an audit row each', async () => {
    const audits = await auditCount();
    const answer = await csv(good(), false);
    expect([answer.status, answer.body]).toEqual([201, { dryRun: false, rows: 3, created: 3, problems: [], drafted: [] }]);
    const list = await adminList();
    const opal = list.find((p) => p.title === 'Opal Drop Earrings')!;
    expect([opal.published, opal.tags, opal.imageUrls, opal.basePrice.find((b) => b.currType === usd._id)?.amount]).toEqual([true, ['opal', 'earrings'], [photo.slice(1)], 120.5]);
    expect(list.find((p) => p.title === 'Quiet Draft Pendant')?.published).toBe(false);
    expect(list.find((p) => p.title === 'Plain Band')?.published).toBe(true);
    // The draft is not in the shop; the other two are.
    const shop = await t.call('POST', '/api/product/filter?limit=100&page=1', { body: {} });
    expect(shop.body.items.map((p: { title: string }) => p.title)).toEqual(expect.arrayContaining(['Opal Drop Earrings', 'Plain Band']));
    expect(shop.body.items.map((p: { title: string }) => p.title)).not.toContain('Quiet Draft Pendant');
    expect((await auditCount()) - audits).toBe(3);
    // Imported again: new slugs, never a clash.
    expect((await csv(good(), false)).status).toBe(201);
    const opals = (await adminList()).filter((p) => p.title === 'Opal Drop Earrings');
    expect(opals).toHaveLength(2);
  });

  test('eight imports of the same file at once: each written whole or refused whole (409, a slug taken meanwhile), never a 5xx or half a file', async () => {
    const file = ['title,price_USD,images', `Twin Import Ring,40,${photo}`, `Twin Import Band,30,${photo}`].join('\n');
    const audits = await auditCount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => csv(file, false)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const written = statuses.filter((s) => s === 201).length;
    expect(written).toBeGreaterThanOrEqual(1);
    const list = await adminList();
    expect(list.filter((p) => p.title === 'Twin Import Ring')).toHaveLength(written);
    expect(list.filter((p) => p.title === 'Twin Import Band')).toHaveLength(written);
    expect((await auditCount()) - audits).toBe(2 * written);
  });

  test('limits and bad bodies are clear 4xx', async () => {
    const jane = await t.customer();
    expect((await csv(good(), true, jane.token)).status).toBe(403);
    const tooMany = ['title', ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `Row ${i}`)].join('\n');
    expect([(await csv(tooMany, true)).status, (await csv(tooMany, true)).body.message]).toEqual([400, `The file has ${IMPORT_MAX_ROWS + 1} products; at most ${IMPORT_MAX_ROWS} per import`]);
    expect((await csv('x'.repeat(IMPORT_MAX_BYTES + 10), true)).status).toBe(413);
    expect((await csv('', true)).status).toBe(400);
    expect((await csv('title\n"never closed', true)).body.message).toBe('Line 2: a quoted field is never closed');
    expect((await t.call('POST', '/api/product/import?dryRun=1', { token: t.adminToken, body: { title: 'json' } })).body.message).toBe('Send the CSV file as the body (Content-Type: text/csv)');
  });
});
