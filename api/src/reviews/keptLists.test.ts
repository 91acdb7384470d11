import { REVIEW_SORTS } from '@shop/contract';
import { startTestApp, within, type TestApp } from '../test/harness';
import { needs, POSTGRES_SERVER } from '../test/services';
import { writeOrders } from '../test/orderFixtures';
import * as S from './service';

// Issue 41: the product page's review lists kept in memory (keptLists.ts), on PGlite and (DATABASE_URL)
// PostgreSQL. Oracle: the list as the database has it now (the service's uncached read). A kept list
// must never be served after a write that changed it has answered; the kept bytes are the uncached ones.
jest.setTimeout(180_000);

type Customer = Awaited<ReturnType<TestApp['customer']>>;
const good = { rating: 4, title: 'Fine piece', body: 'It shines in every light, and the clasp is solid.' };

/** The reads a product page makes: every order, the first two pages of two, and the default page. */
const READS = [...REVIEW_SORTS.flatMap((sort) => [1, 2].map((page) => `sort=${sort}&page=${page}&limit=2`)), ''];

function helpers(t: TestApp, currency: { _id: string; code: string; symbol: string }) {
  const buyer = async (productId: string, name?: string): Promise<Customer> => {
    const c = await t.customer(name);
    await writeOrders(t, productId, [{ user: c, at: new Date().toISOString(), status: 'delivered', currency, lines: [{ title: 'Piece', unit: 1000 }] }]);
    return c;
  };
  const newProduct = async (title: string) => (await t.product({ title: `${title} ${Math.random().toString(36).slice(2, 8)}` }))._id as string;
  const post = (productId: string, c: { token: string }, body: unknown) => t.call('POST', `/api/product/${productId}/reviews`, { token: c.token, body });
  const moderate = (id: string, body: unknown) => t.call('PATCH', `/api/reviews/${id}`, { token: t.adminToken, body });
  /** An approved review by a new buyer. */
  const approved = async (productId: string, rating: number, name?: string) => {
    const c = await buyer(productId, name);
    const r = await post(productId, c, { ...good, rating });
    expect((await moderate(r.body._id, { status: 'approved' })).status).toBe(200);
    return { id: r.body._id as string, c };
  };
  return { buyer, newProduct, post, moderate, approved };
}

/** What the database says the list is now: the answer, or 404. */
async function truth(t: TestApp, productId: string, query: string) {
  const q = new URLSearchParams(query);
  try {
    const page = await S.productReviews(t.ctx.db, productId, (q.get('sort') ?? 'newest') as never, Number(q.get('page') ?? 1), Number(q.get('limit') ?? 10));
    return { status: 200, body: JSON.parse(JSON.stringify(page)) };
  } catch (err) {
    return { status: (err as { statusCode?: number }).statusCode ?? 500, body: undefined };
  }
}

/** Every read of the product page, read through `reader` (twice: the second from memory), equals the database's list. */
async function allFresh(reader: TestApp, oracle: TestApp, productId: string) {
  for (const query of READS) {
    const expected = await truth(oracle, productId, query);
    for (let i = 0; i < 2; i++) {
      const got = await reader.call('GET', `/api/product/${productId}/reviews?${query}`);
      expect({ query, status: got.status, body: got.status === 200 ? got.body : undefined }).toEqual({ query, ...expected });
    }
  }
}

describe('one app (this backend)', () => {
  let t: TestApp;
  let h: ReturnType<typeof helpers>;
  beforeAll(async () => {
    t = await startTestApp();
    h = helpers(t, await t.currency('RVK', 'K'));
  });
  afterAll(() => t.close());

  test('a kept list is sent byte for byte as the uncached one, in every order, gzipped or not', async () => {
    const productId = await h.newProduct('Byte ring');
    for (const rating of [5, 2, 4]) {
      const { id } = await h.approved(productId, rating, 'Émile Zoë');
      await h.moderate(id, { reply: 'Merci <b>beaucoup</b> & "à bientôt"' });
      const voter = await t.customer();
      await t.call('POST', `/api/reviews/${id}/helpful`, { token: voter.token });
    }
    const hits = t.ctx.reviewLists.status().hits;
    for (const query of READS) {
      for (const encoding of ['identity', 'gzip']) {
        const url = `${t.url}/api/product/${productId}/reviews?${query}`;
        // The first read makes the entry and answers as the route always did; the second sends the kept bytes.
        const [made, kept] = [await fetch(url, { headers: { 'accept-encoding': encoding } }), await fetch(url, { headers: { 'accept-encoding': encoding } })];
        const [a, b] = [await made.text(), await kept.text()];
        expect(made.status).toBe(200);
        expect(b).toBe(a);
        expect(kept.headers.get('content-type')).toBe(made.headers.get('content-type'));
      }
    }
    // Pages 1 and 2 of each order and the default page: each read again from memory.
    expect(t.ctx.reviewLists.status().hits - hits).toBeGreaterThanOrEqual(READS.length * 2 - 1);
    expect(t.ctx.reviewLists.status().entries).toBeGreaterThan(0);
  });

  test('never stale after each kind of write', async () => {
    const productId = await h.newProduct('Fresh pendant');
    const first = await h.approved(productId, 5, 'Ada Lovelace');
    const second = await h.approved(productId, 3, 'Grace Hopper');
    const fresh = () => allFresh(t, t, productId);
    await fresh();

    // A review written (pending: not shown), then approved.
    const carl = await h.buyer(productId, 'Carl Gauss');
    const written = await h.post(productId, carl, { ...good, rating: 1 });
    expect(written.status).toBe(201);
    await fresh();
    expect((await h.moderate(written.body._id, { status: 'approved' })).status).toBe(200);
    await fresh();
    // A reply, a helpful vote, a rejection and back.
    await h.moderate(first.id, { reply: 'Thank you!' });
    await fresh();
    expect((await t.call('POST', `/api/reviews/${second.id}/helpful`, { token: carl.token })).status).toBe(204);
    await fresh();
    await h.moderate(second.id, { status: 'rejected', reason: 'Off topic' });
    await fresh();
    await h.moderate(second.id, { status: 'approved' });
    await fresh();
    // The author's edit (back to moderation: out of the list), and delete.
    expect((await t.call('PUT', `/api/reviews/${written.body._id}`, { token: carl.token, body: { ...good, rating: 2 } })).status).toBe(200);
    await fresh();
    expect((await t.call('DELETE', `/api/reviews/${second.id}`, { token: second.c.token })).status).toBe(204);
    await fresh();
    // An author's account deleted (their review stays, authorless), and written to directly.
    await t.ctx.db.query(`DELETE FROM users WHERE id = $1`, [first.c.id]);
    await fresh();
    await t.ctx.db.query(`UPDATE reviews SET helpful = helpful + 7 WHERE id = $1`, [first.id]);
    await fresh();
    // The product unpublished (its list answers 404), published again, deleted.
    await t.ctx.db.query(`UPDATE products SET published = false WHERE id = $1`, [productId]);
    expect((await t.call('GET', `/api/product/${productId}/reviews`)).status).toBe(404);
    await fresh();
    await t.ctx.db.query(`UPDATE products SET published = true WHERE id = $1`, [productId]);
    await fresh();
    expect((await t.call('DELETE', `/api/product/${productId}`, { token: t.adminToken })).status).toBeLessThan(300);
    expect((await t.call('GET', `/api/product/${productId}/reviews`)).status).toBe(404);
    await fresh();
  });

  test('a product with no review yet: its empty list is kept, and its first approved review shows at once', async () => {
    const productId = await h.newProduct('Quiet bangle');
    await allFresh(t, t, productId);
    await h.approved(productId, 5);
    await allFresh(t, t, productId);
  });

  test('the most reviewed products are filled ahead: their first page is read from memory, and equals the database', async () => {
    const [big, small] = [await h.newProduct('Filled ring'), await h.newProduct('Filled stud')];
    for (const r of [5, 4, 3]) await h.approved(big, r);
    await h.approved(small, 2);
    const filledBefore = t.ctx.reviewLists.status().filled;
    const filling = t.ctx.reviewLists.fill((ids, first) => S.firstPages(t.ctx.db, ids, first.limit));
    // GET /api/health says so while it runs (the bench waits for it), and how many it kept.
    expect(t.ctx.reviewLists.status().filling).toBe(true);
    const filled = await filling;
    expect(filled).toBeGreaterThanOrEqual(2);
    expect((await t.call('GET', '/api/health')).body.reviewLists).toEqual({ filling: false, filled: filledBefore + filled });
    const before = t.ctx.reviewLists.status();
    for (const id of [big, small]) expect((await t.call('GET', `/api/product/${id}/reviews`)).body).toEqual((await truth(t, id, '')).body);
    const after = t.ctx.reviewLists.status();
    expect({ hits: after.hits - before.hits, misses: after.misses - before.misses }).toEqual({ hits: 2, misses: 0 });
  });

  test('under 30 concurrent votes and moderations, a read begun after a write answered shows that write', async () => {
    const productId = await h.newProduct('Busy ring');
    const target = await h.approved(productId, 4);
    const pending: string[] = [];
    for (let i = 0; i < 10; i++) {
      const c = await h.buyer(productId);
      pending.push((await h.post(productId, c, { ...good, rating: 1 + (i % 5) })).body._id);
    }
    const voters = await Promise.all(Array.from({ length: 20 }, () => t.customer()));
    let votes = 0;
    let approvals = 0;
    const seen: string[] = [];
    const read = async () => {
      const [v, a] = [votes, approvals];
      const res = await t.call('GET', `/api/product/${productId}/reviews?sort=newest&page=1&limit=50`);
      const shown = res.body.items.find((r: { _id: string }) => r._id === target.id)?.helpful ?? -1;
      if (shown < v || res.body.count < 1 + a) seen.push(`after ${v} votes and ${a} approvals: ${shown} helpful, ${res.body.count} reviews`);
    };
    const readers = async () => {
      for (let i = 0; i < 15; i++) await read();
    };
    await Promise.all([
      ...voters.map(async (c) => {
        expect((await t.call('POST', `/api/reviews/${target.id}/helpful`, { token: c.token })).status).toBe(204);
        votes++;
        await read();
      }),
      ...pending.map(async (id) => {
        expect((await h.moderate(id, { status: 'approved' })).status).toBe(200);
        approvals++;
        await read();
      }),
      readers(),
      readers(),
    ]);
    expect(seen).toEqual([]);
    await allFresh(t, t, productId);
  });
});

needs('postgres').describe('two API processes on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let h: ReturnType<typeof helpers>;
  beforeAll(async () => {
    // On PostgreSQL in the PGlite pass too: two processes need a server.
    a = await startTestApp({ postgresServer: POSTGRES_SERVER });
    b = await startTestApp({ databaseUrl: a.databaseUrl });
    h = helpers(a, await a.currency('RVT', 'T'));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** The list on b equals the database's, read on b right after the write on a answered (once b has heard: see keptLists.ts). */
  const seenOnB = async (productId: string) => {
    const query = 'sort=helpful&page=1&limit=10';
    const expected = await truth(a, productId, query);
    const read = async () => {
      const got = await b.call('GET', `/api/product/${productId}/reviews?${query}`);
      return got.status === expected.status && JSON.stringify(got.status === 200 ? got.body : undefined) === JSON.stringify(expected.body);
    };
    const next = await read();
    expect(await within(2_000, read)).toBe(true);
    return next;
  };

  test('a write on one is seen on the other within its notification (the next read, on a quiet host)', async () => {
    const productId = await h.newProduct('Twin ring');
    const first = await h.approved(productId, 5);
    await allFresh(b, a, productId);
    const nextReads: boolean[] = [];
    const voter = await a.customer();
    expect((await a.call('POST', `/api/reviews/${first.id}/helpful`, { token: voter.token })).status).toBe(204);
    nextReads.push(await seenOnB(productId));
    const second = await h.approved(productId, 2);
    nextReads.push(await seenOnB(productId));
    await h.moderate(second.id, { reply: 'Sorry to hear it' });
    nextReads.push(await seenOnB(productId));
    await h.moderate(first.id, { status: 'rejected', reason: 'Spam' });
    nextReads.push(await seenOnB(productId));
    expect((await a.call('DELETE', `/api/product/${productId}`, { token: a.adminToken })).status).toBeLessThan(300);
    nextReads.push(await seenOnB(productId));
    // Each write was seen on b within the bound (seenOnB). Seen by the very next read too, as here on a quiet
    // host, is not asserted: the other process hears PostgreSQL's notification on its own time, as it hears
    // the catalogue's (a loaded CI host may schedule it after the test's next request; a's own writes are
    // settled by the marker, tested above).
    expect(nextReads).toHaveLength(5);
    await allFresh(b, a, productId);
    expect(b.ctx.reviewLists.status().hits).toBeGreaterThan(0);
  });
});
