import { randomBytes } from 'node:crypto';
import type { ReviewPage, ReviewSort } from '@shop/contract';
import type { CatalogAnswer, CountedDb } from '../catalog/index.js';
import { CatalogCache, cacheBudgetBytes } from '../catalog/memory/cache.js';
import { keepBody, keptFor, type KeptBody } from '../lib/compression.js';
import * as Q from './queries.js';

/**
 * The product page's review list kept in memory (issue 41: one round trip to PostgreSQL per list made
 * it 0.06 × hello, bench/README.md 2026-11-29). The first KEPT_PAGES pages of each product's list, per
 * order and page size, are kept as JSON gzipped once, as the catalogue's answers are (the same bytes as
 * the route's own serializer sends: keptLists.test.ts), the most reviewed products' first pages put
 * there ahead of the visitors (fill). Every write that changes a product's list or rating, by any
 * process, is NOTIFYed by the database (migration 047) with the product's id; the key holds the
 * product's stamp, which each notification moves, so a list read before a change is never asked for
 * again (as StockStamps does for quantities). Nothing is served from memory:
 * - while the listener is not connected (changes could be missed; on reconnecting every list goes);
 * - after a write by this process (CountedDb.writes moved) until a marker sent after it has come back
 *   on the channel: notifications arrive in commit order, so this process's own change has been
 *   heard by then (its next read sees its write, whatever the notification's delay).
 */
export interface ReviewLists {
  /**
   * GET /product/:id/reviews: a kept page as bytes, or the value load made (a miss, a page past the
   * kept ones, the listener down).
   */
  page(productId: string, sort: ReviewSort, page: number, limit: number, load: () => Promise<unknown>): Promise<CatalogAnswer>;
  /**
   * The product's first page (FIRST_PAGE: its newest approved reviews) as a value, from memory as page()
   * answers it, with the stamp it was kept under: the same stamp, the same list (a product page's
   * structured data is made again when it moves: reviews/forWeb.ts). stamp null: read from the database
   * (memory could not answer), not to be kept.
   */
  newest(productId: string, load: () => Promise<ReviewPage>): Promise<{ stamp: string | null; page: ReviewPage }>;
  /**
   * Fills memory ahead of the visitors (as the catalogue's product pages are): each product's first page
   * as the product page first asks for it (FIRST_PAGE), the most reviewed products first, FILL_BATCH at
   * a time through load (by product id; one missing: not kept), until FILL_SHARE of the budget is used.
   * Answers how many products were kept.
   */
  fill(load: (productIds: string[], first: typeof FIRST_PAGE) => Promise<Map<string, unknown>>): Promise<number>;
  status(): ReviewListsStatus;
  close(): Promise<void>;
}

export interface ReviewListsStatus {
  listening: boolean;
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  /** Markers sent after this process's writes (see above). */
  markers: number;
  /** Whether the fill ahead (fill) is running, and the products it has kept so far. */
  filling: boolean;
  filled: number;
}

/** A kept first page parsed once (newest): its bytes stay the entry's, so it goes with them. */
const parsedPages = new WeakMap<KeptBody, ReviewPage>();

/** Pages kept per product, order and page size: the product page opens on the first. */
export const KEPT_PAGES = 3;
/**
 * The kept lists' memory: this share of CATALOG_CACHE_MB, beside the catalogue's (48 MB of 384: ~30,000
 * first pages of a shop whose reviews are mostly one to three per product, ~20,000 of 10 reviews).
 */
export const LISTS_SHARE = 1 / 8;
/** The share of that filled ahead (fill): the rest is for the other orders and pages visitors ask for. */
export const FILL_SHARE = 3 / 4;
/** The product page's first request for its list (the contract's defaults of productReviews). */
export const FIRST_PAGE = { sort: 'newest', page: 1, limit: 10 } as const;
/** Products whose ids are read at once for the fill. */
const FILL_BATCH = 200;
/** How long a read waits for its marker before it asks the database instead. */
const MARKER_WAIT_MS = 2_000;

class KeptLists implements ReviewLists {
  private listening = false;
  /** Moves with every '*' and every (re)connection: the cache's version, so every kept list goes. */
  private epoch = 0;
  private generation = 0;
  /** A product's stamp: the generation at its last notified change. */
  private readonly stamps = new Map<string, number>();
  private readonly cache: CatalogCache;
  /** CountedDb.writes that a heard marker covers (-1: none yet). */
  private settledAt = -1;
  private settling?: { from: number; done: Promise<boolean> };
  private readonly waiting = new Map<string, (heard: boolean) => void>();
  private readonly tag = randomBytes(6).toString('hex');
  private sent = 0;
  private stop?: () => Promise<void>;
  private filling = false;
  private filled = 0;

  constructor(
    private readonly db: CountedDb,
    maxBytes: number,
  ) {
    this.cache = new CatalogCache({ current: async () => this.epoch }, Infinity, maxBytes);
  }

  async start() {
    this.stop = await this.db.subscribe(
      Q.LIST_CHANNEL,
      (payload) => this.heard(payload),
      (listening) => {
        this.listening = listening;
        this.everything();
        if (!listening) for (const done of [...this.waiting.values()]) done(false);
      },
    );
  }

  private closed = false;

  async close() {
    this.closed = true;
    await this.stop?.();
  }

  async fill(load: (productIds: string[], first: typeof FIRST_PAGE) => Promise<Map<string, unknown>>): Promise<number> {
    this.filling = true;
    try {
      return await this.fillAhead(load);
    } finally {
      this.filling = false;
    }
  }

  private async fillAhead(load: (productIds: string[], first: typeof FIRST_PAGE) => Promise<Map<string, unknown>>): Promise<number> {
    const full = () => this.closed || !this.listening || this.cache.size.bytes >= this.cache.maxBytes * FILL_SHARE;
    const { sort, page, limit } = FIRST_PAGE;
    let filled = 0;
    for (let batch = 0; !full(); batch++) {
      const ids = await Q.mostReviewed(this.db, FILL_BATCH, FILL_BATCH * batch);
      // The stamps before the read: a change heard after it may be missing from what was read (the
      // product is left out); one heard before it is in it.
      const epoch = this.epoch;
      const stamps = ids.map((id) => this.stamps.get(id) ?? 0);
      const pages = await load(ids, FIRST_PAGE);
      if (this.epoch !== epoch || !this.listening) continue;
      for (const [i, id] of ids.entries()) {
        const value = pages.get(id);
        if (value === undefined || (this.stamps.get(id) ?? 0) !== stamps[i]) continue;
        await this.cache.remember(this.keyOf(id, stamps[i], sort, page, limit), async () => keepBody(Buffer.from(JSON.stringify(value))), Infinity);
        filled++;
        this.filled++;
      }
      if (ids.length < FILL_BATCH) break;
    }
    return filled;
  }

  private keyOf(productId: string, stamp: number, sort: ReviewSort, page: number, limit: number) {
    return ['reviews', productId, stamp, sort, page, limit];
  }

  private heard(payload: string) {
    if (payload.startsWith('marker:')) return this.waiting.get(payload)?.(true);
    if (payload === '*') return this.everything();
    this.generation++;
    for (const id of payload.split(',')) if (id) this.stamps.set(id, this.generation);
  }

  private everything() {
    this.epoch++;
    this.stamps.clear();
  }

  async page(productId: string, sort: ReviewSort, page: number, limit: number, load: () => Promise<unknown>): Promise<CatalogAnswer> {
    const kept = await this.entry(productId, sort, page, limit, load);
    return kept ? { kept: kept.body } : { value: await load() };
  }

  async newest(productId: string, load: () => Promise<ReviewPage>): Promise<{ stamp: string | null; page: ReviewPage }> {
    const { sort, page, limit } = FIRST_PAGE;
    const kept = await this.entry(productId, sort, page, limit, load);
    if (!kept) return { stamp: null, page: await load() };
    let parsed = parsedPages.get(kept.body);
    if (!parsed) {
      parsed = JSON.parse(keptFor(kept.body, undefined).body.toString('utf8')) as ReviewPage;
      parsedPages.set(kept.body, parsed);
    }
    return { stamp: kept.stamp, page: parsed };
  }

  /** The kept bytes of a page and the stamp they were kept under (read before the entry: a change heard meanwhile moves it), or null when memory cannot answer. */
  private async entry(productId: string, sort: ReviewSort, page: number, limit: number, load: () => Promise<unknown>): Promise<{ body: KeptBody; stamp: string } | null> {
    if (page > KEPT_PAGES || !(await this.settled()) || !this.listening) return null;
    const [epoch, stamp] = [this.epoch, this.stamps.get(productId) ?? 0];
    // The read that makes the entry sends its bytes too (the same as the route's serializer: keptLists.test.ts), serialized once.
    const body = await this.cache.remember(this.keyOf(productId, stamp, sort, page, limit), async () => keepBody(Buffer.from(JSON.stringify(await load()))), Infinity);
    return { body, stamp: `${epoch}:${stamp}` };
  }

  /** Whether every write of this process so far has been heard (a marker sent after it came back). */
  private async settled(): Promise<boolean> {
    const writes = this.db.writes;
    if (writes === this.settledAt) return true;
    if (!this.settling || this.settling.from < writes) {
      const settling = { from: writes, done: this.sendMarker(writes) };
      this.settling = settling;
      void settling.done.finally(() => {
        if (this.settling === settling) this.settling = undefined;
      });
    }
    return this.settling.done;
  }

  private async sendMarker(from: number): Promise<boolean> {
    const marker = `marker:${this.tag}:${++this.sent}`;
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), MARKER_WAIT_MS).unref();
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(marker);
        resolve(ok);
      };
      this.waiting.set(marker, done);
    });
    try {
      await Q.sendListMarker(this.db, marker);
    } catch {
      this.waiting.get(marker)?.(false);
    }
    if (!(await heard)) return false;
    // The marker is a write too (CountedDb counts pg_notify): it is the one write past `from` it covers.
    this.settledAt = Math.max(this.settledAt, from + 1);
    return true;
  }

  status(): ReviewListsStatus {
    return { listening: this.listening, ...this.cache.size, maxBytes: this.cache.maxBytes, hits: this.cache.hits, misses: this.cache.misses, markers: this.sent, filling: this.filling, filled: this.filled };
  }
}

/** Starts following the review lists' changes (LISTEN) on db, the one every module writes through. catalogCacheBytes: CATALOG_CACHE_MB's. */
export async function startReviewLists(db: CountedDb, catalogCacheBytes = cacheBudgetBytes()): Promise<ReviewLists> {
  const lists = new KeptLists(db, Math.max(1, Math.floor(catalogCacheBytes * LISTS_SHARE)));
  await lists.start();
  return lists;
}
