import fc from 'fast-check';
import { REVIEW_ERRORS, REVIEW_LIMITS } from '@shop/contract';
import { startTestApp, type TestApp } from '../test/harness';
import { writeOrders } from '../test/orderFixtures';
import { REVIEW_WRITES_PER_ACCOUNT } from './routes';

// Issue 41: reviews from verified buyers, on PGlite and (DATABASE_URL) PostgreSQL. The product's average
// and count (migration 032's product_ratings) must equal a direct recount after every write, whatever
// runs at once.
jest.setTimeout(120_000);

let t: TestApp;
let currency: { _id: string; code: string; symbol: string };
beforeAll(async () => {
  t = await startTestApp();
  currency = await t.currency('RVW', 'R');
});
afterAll(() => t.close());

type Customer = Awaited<ReturnType<TestApp['customer']>>;
const good = { rating: 5, title: 'Lovely ring', body: 'It shines in every light, and the clasp is solid.' };

/** A customer whose order holding the product has the status (delivered: a verified buyer). */
async function buyer(productId: string, status: 'delivered' | 'shipped' = 'delivered', name?: string): Promise<Customer> {
  const c = await t.customer(name);
  await writeOrders(t, productId, [{ user: c, at: new Date().toISOString(), status, currency, lines: [{ title: 'Piece', unit: 1000 }] }]);
  return c;
}
const newProduct = async (title: string) => (await t.product({ title: `${title} ${Math.random().toString(36).slice(2, 8)}` }))._id as string;
const post = (productId: string, c: { token: string }, body: unknown) => t.call('POST', `/api/product/${productId}/reviews`, { token: c.token, body });
const moderate = (id: string, body: unknown) => t.call('PATCH', `/api/reviews/${id}`, { token: t.adminToken, body });

/** The kept rating against a direct recount of the approved reviews. */
async function ratingsMatchRecount() {
  const rows = await t.ctx.db.query<{ product_id: string; kept_count: number; kept_total: number; kept_h: number[]; count: number; total: number; h: number[] }>(
    `SELECT p.id AS product_id, coalesce(pr.count, 0) AS kept_count, coalesce(pr.total, 0) AS kept_total, coalesce(pr.histogram, '{0,0,0,0,0}') AS kept_h,
            (SELECT count(*)::int FROM reviews r WHERE r.product_id = p.id AND r.status = 'approved') AS count,
            (SELECT coalesce(sum(rating), 0)::int FROM reviews r WHERE r.product_id = p.id AND r.status = 'approved') AS total,
            ARRAY(SELECT (SELECT count(*)::int FROM reviews r WHERE r.product_id = p.id AND r.status = 'approved' AND r.rating = s) FROM generate_series(1, 5) s) AS h
       FROM products p LEFT JOIN product_ratings pr ON pr.product_id = p.id`,
  );
  for (const r of rows) expect({ id: r.product_id, count: r.kept_count, total: r.kept_total, h: r.kept_h }).toEqual({ id: r.product_id, count: r.count, total: r.total, h: r.h });
}

test('a verified buyer writes a review; it is public once approved, with the average on the product answers', async () => {
  const productId = await newProduct('Aurora ring');
  const ada = await buyer(productId, 'delivered', 'Ada Lovelace');
  const written = await post(productId, ada, { ...good, title: '  Lovely ring  ' });
  expect(written.status).toBe(201);
  expect(written.body).toMatchObject({ rating: 5, title: 'Lovely ring', status: 'pending', author: 'Ada L.', reply: null });

  // Pending: nothing public yet.
  const before = await t.call('GET', `/api/product/${productId}/reviews`);
  expect(before.body).toMatchObject({ items: [], itemCount: 0, average: 0, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });

  expect((await moderate(written.body._id, { status: 'approved', reply: 'Thank you, Ada!' })).status).toBe(200);
  const after = await t.call('GET', `/api/product/${productId}/reviews`);
  expect(after.body).toMatchObject({ itemCount: 1, average: 5, count: 1, histogram: { 5: 1 } });
  expect(after.body.items[0]).toMatchObject({ author: 'Ada L.', verifiedBuyer: true, reply: 'Thank you, Ada!', title: 'Lovely ring' });
  expect(after.body.items[0]).not.toHaveProperty('reason');
  expect(after.body.items[0]).not.toHaveProperty('customer');

  const product = await t.call('GET', `/api/product/${productId}`);
  const slug = product.body.slug;
  expect((await t.call('GET', `/api/product/slugSearch/${slug}`)).body.rating).toEqual({ average: 5, count: 1 });
  const listed = await t.call('POST', '/api/product/filter?limit=100', { body: {} });
  expect(listed.body.items.find((p: { _id: string }) => p._id === productId).rating).toEqual({ average: 5, count: 1 });

  // A second buyer's 2 stars: 3.5; the page and the lists follow at once.
  const bob = await buyer(productId);
  const second = await post(productId, bob, { ...good, rating: 2 });
  await moderate(second.body._id, { status: 'approved' });
  expect((await t.call('GET', `/api/product/slugSearch/${slug}`)).body.rating).toEqual({ average: 3.5, count: 2 });
  const sorted = await t.call('GET', `/api/product/${productId}/reviews?sort=lowest`);
  expect(sorted.body.items.map((r: { rating: number }) => r.rating)).toEqual([2, 5]);

  // Rejected: out of the average; the reason stays in the back office.
  await moderate(second.body._id, { status: 'rejected', reason: 'Off topic' });
  expect((await t.call('GET', `/api/product/slugSearch/${slug}`)).body.rating).toEqual({ average: 5, count: 1 });
  const queue = await t.call('GET', `/api/reviews?status=rejected&keyword=${encodeURIComponent(product.body.title)}`, { token: t.adminToken });
  expect(queue.body.items).toEqual([expect.objectContaining({ _id: second.body._id, reason: 'Off topic', status: 'rejected' })]);
  const audit = await t.ctx.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'review' AND entity_id = $1`, [second.body._id]);
  expect(audit).toHaveLength(2);

  // An edit goes back to moderation: out of the average until approved again.
  const edited = await t.call('PUT', `/api/reviews/${written.body._id}`, { token: ada.token, body: { ...good, rating: 4 } });
  expect(edited.body).toMatchObject({ status: 'pending', rating: 4 });
  expect((await t.call('GET', `/api/product/slugSearch/${slug}`)).body.rating).toEqual({ average: 0, count: 0 });
  await moderate(written.body._id, { status: 'approved' });
  expect((await t.call('GET', `/api/product/slugSearch/${slug}`)).body.rating).toEqual({ average: 4, count: 1 });

  // Deleted by its author: gone from the page and the average.
  expect((await t.call('DELETE', `/api/reviews/${written.body._id}`, { token: ada.token })).status).toBe(204);
  expect((await t.call('GET', `/api/product/${productId}/reviews`)).body).toMatchObject({ itemCount: 0, count: 0 });
  expect((await t.call('GET', `/api/product/slugSearch/${slug}`)).body.rating).toEqual({ average: 0, count: 0 });
  await ratingsMatchRecount();
});

test('bad input, a non-buyer, a second review, and bad helpful votes are each a clear 4xx that stores nothing', async () => {
  const productId = await newProduct('Vega pendant');
  const buyerOf = await buyer(productId);
  const notDelivered = await buyer(productId, 'shipped');
  const stranger = await t.customer();
  const first = await post(productId, buyerOf, good);
  await moderate(first.body._id, { status: 'approved' });
  const voter = await buyer(productId);

  const before = await t.fingerprint();
  const refused: Array<[Promise<{ status: number; body: { message: string } }>, number, string?]> = [
    [post(productId, buyerOf, { ...good, rating: 0 }), 400, REVIEW_ERRORS.rating],
    [post(productId, buyerOf, { ...good, rating: 6 }), 400, REVIEW_ERRORS.rating],
    [post(productId, buyerOf, { ...good, rating: 3.5 }), 400, REVIEW_ERRORS.rating],
    [post(productId, buyerOf, { ...good, rating: 'five' }), 400],
    [post(productId, buyerOf, { ...good, title: '   ' }), 400, REVIEW_ERRORS.title],
    [post(productId, buyerOf, { ...good, title: 'x'.repeat(REVIEW_LIMITS.title + 1) }), 400, REVIEW_ERRORS.titleLong],
    [post(productId, buyerOf, { ...good, body: 'too short' }), 400, REVIEW_ERRORS.bodyShort],
    [post(productId, buyerOf, { ...good, body: 'x'.repeat(REVIEW_LIMITS.body + 1) }), 400, REVIEW_ERRORS.bodyLong],
    [post(productId, buyerOf, { rating: 5 }), 400],
    [post(productId, buyerOf, good), 409, REVIEW_ERRORS.already],
    [post(productId, stranger, good), 403, REVIEW_ERRORS.notBuyer],
    [post(productId, notDelivered, good), 403, REVIEW_ERRORS.notBuyer],
    [t.call('POST', `/api/product/${productId}/reviews`, { body: good }), 401],
    [post('00000000-0000-4000-8000-000000000000', buyerOf, good), 404],
    [post('not-an-id', buyerOf, good), 400],
    [t.call('POST', `/api/product/${productId}/reviews`, { token: t.adminToken, body: good }), 403, REVIEW_ERRORS.notBuyer],
    [t.call('PUT', `/api/reviews/${first.body._id}`, { token: stranger.token, body: good }), 404],
    [t.call('DELETE', `/api/reviews/${first.body._id}`, { token: stranger.token }), 404],
    [t.call('POST', `/api/reviews/${first.body._id}/helpful`, { token: buyerOf.token }), 403, REVIEW_ERRORS.ownHelpful],
    [t.call('PATCH', `/api/reviews/${first.body._id}`, { token: stranger.token, body: { status: 'rejected' } }), 403],
    [moderate(first.body._id, { status: 'gone' }), 400],
    [moderate(first.body._id, {}), 400],
    [t.call('GET', `/api/reviews`, { token: stranger.token }), 403],
    [t.call('GET', `/api/product/${productId}/reviews?sort=random`), 400],
    [t.call('GET', `/api/product/${productId}/reviews?limit=1000`), 400],
  ];
  for (const [call, status, text] of refused) {
    const res = await call;
    expect(res.status).toBe(status);
    if (text) expect(res.body.message).toBe(text);
  }
  expect(await t.fingerprint()).toBe(before);

  // Helpful: once per customer.
  expect((await t.call('POST', `/api/reviews/${first.body._id}/helpful`, { token: voter.token })).status).toBe(204);
  const twice = await t.call('POST', `/api/reviews/${first.body._id}/helpful`, { token: voter.token });
  expect(twice).toMatchObject({ status: 409, body: { message: REVIEW_ERRORS.twiceHelpful } });
  expect((await t.call('GET', `/api/product/${productId}/reviews?sort=helpful`)).body.items[0].helpful).toBe(1);
});

test('HTML in a review is kept as text, never markup', async () => {
  const productId = await newProduct('Lyra earrings');
  const c = await buyer(productId);
  const body = '<script>alert(1)</script> <b>bold</b> and long enough to count';
  const res = await post(productId, c, { ...good, title: '<img src=x onerror=alert(1)>', body });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ title: '<img src=x onerror=alert(1)>', body });
});

test('writing is limited per account', async () => {
  const productId = await newProduct('Orion cuff');
  const c = await buyer(productId);
  const first = await post(productId, c, good);
  let last = first;
  for (let i = 0; i < REVIEW_WRITES_PER_ACCOUNT; i++) last = await t.call('PUT', `/api/reviews/${first.body._id}`, { token: c.token, body: good });
  expect(last.status).toBe(429);
  expect(last.headers.get('retry-after')).toBeTruthy();
});

test('a deleted product takes its reviews with it; a deleted customer leaves their approved review readable', async () => {
  const productId = await newProduct('Nova chain');
  const c = await buyer(productId, 'delivered', 'Grace Hopper');
  const r = await post(productId, c, good);
  await moderate(r.body._id, { status: 'approved' });
  await t.ctx.db.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [c.id]);
  const page = await t.call('GET', `/api/product/${productId}/reviews`);
  expect(page.body.items[0]).toMatchObject({ author: 'Grace H.' });
  await t.ctx.db.query(`DELETE FROM users WHERE id = $1`, [c.id]);
  expect((await t.call('GET', `/api/reviews?keyword=Nova`, { token: t.adminToken })).body.items[0]).toMatchObject({ customer: null, author: 'Grace H.' });

  expect((await t.call('DELETE', `/api/product/${productId}`, { token: t.adminToken })).status).toBeLessThan(300);
  expect((await t.call('GET', `/api/product/${productId}/reviews`)).status).toBe(404);
  expect(await t.ctx.db.one(`SELECT 1 FROM reviews WHERE product_id = $1`, [productId])).toBeUndefined();
  await ratingsMatchRecount();
});

test('the average is exact under 30 concurrent moderations, edits and deletes (property: the kept totals equal a recount)', async () => {
  const products = [await newProduct('Prop A'), await newProduct('Prop B')];
  const reviews: Array<{ id: string; token: string }> = [];
  for (let i = 0; i < 12; i++) {
    const productId = products[i % 2];
    const c = await buyer(productId);
    const res = await post(productId, c, { ...good, rating: 1 + (i % 5) });
    reviews.push({ id: res.body._id, token: c.token });
  }
  const action = fc.oneof(
    fc.record({ kind: fc.constant('moderate' as const), i: fc.nat(11), status: fc.constantFrom('approved', 'rejected', 'pending') }),
    fc.record({ kind: fc.constant('edit' as const), i: fc.nat(11), rating: fc.integer({ min: 1, max: 5 }) }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 30, maxLength: 30 }), async (actions) => {
      await Promise.all(
        actions.map((a) =>
          a.kind === 'moderate'
            ? moderate(reviews[a.i].id, { status: a.status })
            : t.ctx.db.query(`UPDATE reviews SET rating = $2, status = 'approved' WHERE id = $1`, [reviews[a.i].id, a.rating]),
        ),
      );
      await ratingsMatchRecount();
    }),
    { numRuns: 8 },
  );
  // Deletes at once with approvals.
  await Promise.all(reviews.slice(0, 6).flatMap((r) => [moderate(r.id, { status: 'approved' }), t.call('DELETE', `/api/reviews/${r.id}`, { token: r.token })]));
  await ratingsMatchRecount();
});

test('a delivered order asks for reviews REVIEW_REQUEST_DAYS later, once; the customer can turn it off (profile or one-click link)', async () => {
  const productId = await newProduct('Sirius bangle');
  const c = await t.customer('Mary Shelley');
  const [order] = await writeOrders(t, productId, [{ user: c, at: new Date().toISOString(), status: 'shipped', currency, lines: [{ title: 'Sirius bangle', unit: 1000 }] }]);
  expect((await t.call('PATCH', `/api/order/${order.id}`, { token: t.adminToken, body: { status: 'delivered' } })).status).toBe(200);
  const mail = await t.ctx.db.one<{ days: number; message: { unsubscribeToken: string; products: unknown[] } }>(
    `SELECT round(extract(epoch FROM next_attempt_at - now()) / 86400)::int AS days, message FROM mail_outbox WHERE idempotency_key = $1`,
    [`review-request:${order.id}`],
  );
  expect(mail).toMatchObject({ days: 7, message: { products: [expect.objectContaining({ title: 'Sirius bangle' })] } });
  // Delivered again later: still one request.
  await t.call('PATCH', `/api/order/${order.id}`, { token: t.adminToken, body: { status: 'shipped' } });
  await t.call('PATCH', `/api/order/${order.id}`, { token: t.adminToken, body: { status: 'delivered' } });
  expect((await t.ctx.db.query(`SELECT 1 FROM mail_outbox WHERE kind = 'review-request' AND message ->> 'userId' = $1`, [c.id])).length).toBe(1);

  // The e-mail's one-click link turns requests off and withdraws the one waiting.
  expect((await t.call('GET', `/api/reviews/requests/off?token=forged`)).status).toBe(400);
  const off = await t.call('GET', `/api/reviews/requests/off?token=${encodeURIComponent(mail!.message.unsubscribeToken)}`);
  expect(off.status).toBe(200);
  expect(off.body).toContain('no more review requests');
  expect((await t.call('GET', '/api/reviews/requests', { token: c.token })).body).toEqual({ on: false });
  expect(await t.ctx.db.one(`SELECT 1 FROM mail_outbox WHERE kind = 'review-request' AND message ->> 'userId' = $1`, [c.id])).toBeUndefined();

  // Off: no request for the next delivery; on again from the profile: the next one asks.
  const [next] = await writeOrders(t, productId, [{ user: c, at: new Date().toISOString(), status: 'shipped', currency, lines: [{ title: 'Sirius bangle', unit: 1000 }] }]);
  await t.call('PATCH', `/api/order/${next.id}`, { token: t.adminToken, body: { status: 'delivered' } });
  expect(await t.ctx.db.one(`SELECT 1 FROM mail_outbox WHERE idempotency_key = $1`, [`review-request:${next.id}`])).toBeUndefined();
  expect((await t.call('PUT', '/api/reviews/requests', { token: c.token, body: { on: true } })).body).toEqual({ on: true });
  const [third] = await writeOrders(t, productId, [{ user: c, at: new Date().toISOString(), status: 'shipped', currency, lines: [{ title: 'Sirius bangle', unit: 1000 }] }]);
  await t.call('PATCH', `/api/order/${third.id}`, { token: t.adminToken, body: { status: 'delivered' } });
  expect(await t.ctx.db.one(`SELECT 1 FROM mail_outbox WHERE idempotency_key = $1`, [`review-request:${third.id}`])).toBeTruthy();
});

test("the buyer's own review and whether they may write one", async () => {
  const productId = await newProduct('Altair ring');
  const c = await buyer(productId);
  const stranger = await t.customer();
  expect((await t.call('GET', `/api/product/${productId}/reviews/mine`, { token: stranger.token })).body).toEqual({ review: null, canReview: false });
  expect((await t.call('GET', `/api/product/${productId}/reviews/mine`, { token: c.token })).body).toEqual({ review: null, canReview: true });
  await post(productId, c, good);
  const mine = await t.call('GET', `/api/product/${productId}/reviews/mine`, { token: c.token });
  expect(mine.body).toMatchObject({ canReview: false, review: { status: 'pending', title: good.title } });
  const queue = await t.call('GET', '/api/reviews', { token: t.adminToken });
  expect(queue.body.items[0].status).toBe('pending');
  expect(queue.body.counts.pending).toBeGreaterThan(0);
});

test('the shop list sorts by rating and keeps to 4 stars and up, as the cards show the average', async () => {
  const rate = async (title: string, stars: number[]) => {
    const productId = await newProduct(title);
    for (const rating of stars) {
      const r = await post(productId, await buyer(productId), { ...good, rating });
      await moderate(r.body._id, { status: 'approved' });
    }
    return productId;
  };
  const high = await rate('Rated high', [5, 4]); // 4.5
  const shownFour = await rate('Rated shown four', [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3]); // 3.95: shown 4.0
  const low = await rate('Rated low', [3]);
  const unrated = await newProduct('Unrated');

  const sorted = (await t.call('POST', '/api/product/filter?limit=100', { body: { sortBy: '-rating' } })).body.items as Array<{ _id: string; rating: { average: number } }>;
  const averages = sorted.map((p) => p.rating.average);
  expect(averages).toEqual([...averages].sort((a, b) => b - a));
  expect(sorted.findIndex((p) => p._id === high)).toBeLessThan(sorted.findIndex((p) => p._id === low));
  expect(sorted.findIndex((p) => p._id === low)).toBeLessThan(sorted.findIndex((p) => p._id === unrated));

  const fourUp = await t.call('POST', '/api/product/filter?limit=100', { body: { minRating: 4 } });
  const ids = fourUp.body.items.map((p: { _id: string }) => p._id);
  expect(ids).toEqual(expect.arrayContaining([high, shownFour]));
  expect(ids).not.toContain(low);
  expect(ids).not.toContain(unrated);
  expect(fourUp.body.items.every((p: { rating: { average: number } }) => p.rating.average >= 4)).toBe(true);
  expect(fourUp.body.itemCount).toBe(ids.length);
  // With a price range too (the count that reads prices only must still see the rating).
  const ranged = await t.call('POST', '/api/product/filter?limit=100', { body: { minRating: 4, basePrice: { gte: 0, lte: 1e6 } } });
  expect(ranged.status).toBe(200);
  expect(ranged.body.items.every((p: { rating: { average: number } }) => p.rating.average >= 4)).toBe(true);
  expect((await t.call('POST', '/api/product/filter', { body: { minRating: 6 } })).status).toBe(400);
});

test('each order of the list, page by page, is the approved reviews sorted as asked (one statement, against a direct sort)', async () => {
  const productId = await newProduct('Vega pendant');
  // Written straight into the table (authors gone: user_id NULL), with ties on rating and helpful so the later keys decide.
  await t.ctx.db.query(
    `INSERT INTO reviews (product_id, author_name, rating, title, body, status, helpful, created_at)
     SELECT $1, 'Ann B.', 1 + i % 5, 'Review ' || i, 'Words enough for a review, number ' || i, CASE WHEN i % 4 = 0 THEN 'pending' ELSE 'approved' END,
            i % 3, timestamptz '2026-01-01' + (i % 7) * interval '1 day' + i * interval '1 microsecond'
       FROM generate_series(1, 29) i`,
    [productId],
  );
  const rows = await t.ctx.db.query<{ id: string; rating: number; helpful: number; created_at: Date }>(
    `SELECT id, rating, helpful, created_at FROM reviews WHERE product_id = $1 AND status = 'approved'`,
    [productId],
  );
  // Newest first as the database orders it (created_at to the microsecond, then id); the other keys sorted here.
  const byTime = (await t.ctx.db.query<{ id: string }>(`SELECT id FROM reviews WHERE product_id = $1 AND status = 'approved' ORDER BY created_at DESC, id`, [productId])).map((r) => r.id);
  const rank = new Map(byTime.map((id, i) => [id, i]));
  const time = (a: (typeof rows)[number], b: (typeof rows)[number]) => rank.get(a.id)! - rank.get(b.id)!;
  const expected = {
    newest: [...rows].sort(time),
    highest: [...rows].sort((a, b) => b.rating - a.rating || time(a, b)),
    lowest: [...rows].sort((a, b) => a.rating - b.rating || time(a, b)),
    helpful: [...rows].sort((a, b) => b.helpful - a.helpful || time(a, b)),
  };
  for (const [sort, order] of Object.entries(expected)) {
    for (const page of [1, 2, 3]) {
      const got = await t.call('GET', `/api/product/${productId}/reviews?sort=${sort}&page=${page}&limit=10`);
      expect(got.status).toBe(200);
      expect({ sort, page, ids: got.body.items.map((r: { _id: string }) => r._id) }).toEqual({ sort, page, ids: order.slice((page - 1) * 10, page * 10).map((r) => r.id) });
      expect(got.body).toMatchObject({ itemCount: rows.length, count: rows.length, page, limit: 10 });
    }
  }
  const first = (await t.call('GET', `/api/product/${productId}/reviews?sort=newest&limit=1`)).body.items[0];
  const kept = rows.find((r) => r.id === first._id)!;
  expect(first).toMatchObject({ productId, helpful: kept.helpful, rating: kept.rating, createdAt: kept.created_at.toISOString(), verifiedBuyer: true });
  // A draft has no list.
  await t.ctx.db.query(`UPDATE products SET published = false WHERE id = $1`, [productId]);
  expect((await t.call('GET', `/api/product/${productId}/reviews`)).status).toBe(404);
});
