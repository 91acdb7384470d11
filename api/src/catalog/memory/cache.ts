import { keepBody, type KeptBody } from '../../lib/compression.js';
import type { CatalogVersion } from './catalogVersion.js';

/** What a value that is not an answer's bytes (a count, a page of cards) is counted as. */
const OTHER_VALUE_BYTES = 4_096;
/** What an entry costs beside its body: its key, the entry, its promise, the Buffer object (measured: 100,000 product pages took 51 MB of heap beside their 80 MB of gzip). */
export const ENTRY_BYTES = 500;
const isKeptBody = (value: unknown): value is KeptBody => !!value && typeof value === 'object' && Buffer.isBuffer((value as KeptBody).body);
const valueBytes = (value: unknown): number => (isKeptBody(value) ? value.body.length + ENTRY_BYTES : OTHER_VALUE_BYTES);
/** A key's own memory (V8 keeps a string one byte a character unless it holds a character beyond Latin-1): a visitor chooses it (a keyword, 200 option ids), so it is counted like the value. */
export const keyBytes = (k: string): number => (/[\u0100-\uffff]/.test(k) ? 2 : 1) * k.length;

/**
 * CATALOG_CACHE_MB: the catalogue cache's memory budget per API process. 384 MB: every product page of a
 * 100,000-product shop in both languages (~1.3 KB each, ~260 MB, within the pages' 80 %), and the lists
 * beside them. It was 192 for one language; at 192 only half the pages of such a shop fitted once the
 * French ones came (issue 37), and a product page read from the database costs ~8 × one kept (bench/README.md).
 */
export const cacheBudgetBytes = (env: NodeJS.ProcessEnv = process.env) => Math.max(1, Number(env.CATALOG_CACHE_MB) || 384) * 1024 * 1024;

/**
 * Answers that found nothing are kept apart, at most this many and FOUND_NOTHING_SHARE of the budget,
 * and go first when the budget is full: a flood of junk searches (each a new key, each an empty answer)
 * then recycles its own small pool instead of sending real pages out (issue 34 #10: 25,866 such entries, 63 MB, after a minute of junk).
 */
export const FOUND_NOTHING_MAX = 1_000;
const FOUND_NOTHING_SHARE = 1 / 64;
/** Bodies made from answers that found nothing (answer() knows before it serializes). */
const emptyBodies = new WeakSet<KeptBody>();

/** Whether a value found nothing: null, false, 0, an empty list, or an object whose lists are all empty (a search's page, a suggestion). */
export function foundNothing(value: unknown): boolean {
  if (isKeptBody(value)) return emptyBodies.has(value);
  if (value === null || value === undefined || value === false || value === 0) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value !== 'object') return false;
  const lists = Object.values(value).filter(Array.isArray);
  return lists.length > 0 && lists.every((list) => list.length === 0);
}

/** The cache key of a whole answer kept by {@link CatalogCache.answer}. */
export const answerKey = (key: unknown[]) => JSON.stringify(['answer', ...key]);

interface Entry {
  version: number;
  at: number;
  ttlMs: number;
  value: Promise<unknown>;
  bytes: number;
  /** Read since it was kept or last given a second chance (see evict). */
  used: boolean;
  /** Found nothing: counted in the small pool apart (see FOUND_NOTHING_MAX), not in the budget of the real answers. */
  empty: boolean;
}

/** An entry serves version while it was made under it and its ttl has not run out. */
const isFresh = (entry: Entry, version: number, now: number) => entry.version === version && now - entry.at < entry.ttlMs;

/**
 * Whole catalogue answers (shop list, product page, home sections, highest price), kept while the
 * catalogue version is the one they were made under. Answers that depend on the time as well (a
 * list of products on sale: discounts end) are kept for at most ttlMs; a product page does not (it
 * lists its discounts, running or not, and the shop applies the running ones), so it is kept until
 * the catalogue changes. A read costs no query (see CatalogVersion) instead of the ~9 queries of a
 * product list, and the JSON is serialized and compressed once per entry instead of once per request.
 * Parts of answers can be kept the same way (remember: a search's count, shared by its pages).
 * Least recently used entries (near enough: see evict) go first beyond maxBytes, a budget in bytes (answers are counted as
 * the gzip they are kept as, ~0.8 KB for a product page, plus ENTRY_BYTES) or maxEntries.
 */
export class CatalogCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  /** The answers that found nothing, oldest first, and their bytes. */
  private emptyKeys = new Set<string>();
  private emptyBytes = 0;
  /** The part of bytes that is keys: the memory test checks the count is honest. */
  keptKeyBytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly catalogVersion: Pick<CatalogVersion, 'current'>,
    private readonly ttlMs = 30_000,
    readonly maxBytes = cacheBudgetBytes(),
    private readonly maxEntries = 1_000_000,
  ) {}

  /** The entries kept now, and the bytes counted for them (each once its value is known). */
  get size() {
    return { entries: this.entries.size, bytes: this.bytes + this.emptyBytes };
  }

  /** The entries kept apart because they found nothing, and their bytes. */
  get foundNothingSize() {
    return { entries: this.emptyKeys.size, bytes: this.emptyBytes };
  }

  /** The value kept for key, or load's (kept unless it fails: errors, 404s too, are not kept). ttlMs: Infinity for answers that do not change with time. */
  async remember<T>(key: unknown[], load: () => Promise<T>, ttlMs = this.ttlMs): Promise<T> {
    return this.rememberAt(JSON.stringify(key), load, ttlMs);
  }

  private async rememberAt<T>(k: string, load: () => Promise<T>, ttlMs: number): Promise<T> {
    const version = await this.catalogVersion.current();
    const now = Date.now();
    const hit = this.entries.get(k);
    if (hit && isFresh(hit, version, now)) {
      this.hits++;
      // Marked, not moved: moving an entry to the end of a Map of 100,000 on every read (delete and
      // set again) makes V8 rehash the whole table again and again, up to ~0.2 ms a read.
      hit.used = true;
      return hit.value as Promise<T>;
    }
    this.misses++;
    return this.put(k, version, load(), ttlMs) as Promise<T>;
  }

  /**
   * The value kept for key (see remember) under exactly version, or undefined: no version lookup and no
   * load, for a transaction that read the catalogue version in its own statement (an order: its reads
   * cannot wait for the pool, which may be the transaction's own single connection).
   */
  keptAt<T>(key: unknown[], version: number): Promise<T> | undefined {
    return this.keptAtKey(JSON.stringify(key), version);
  }

  /** keptAt for a whole answer (see answer). */
  answerAt(key: unknown[], version: number): Promise<KeptBody> | undefined {
    return this.keptAtKey(answerKey(key), version);
  }

  private keptAtKey<T>(k: string, version: number): Promise<T> | undefined {
    const hit = this.entries.get(k);
    if (!hit || !isFresh(hit, version, Date.now())) return undefined;
    this.hits++;
    hit.used = true;
    return hit.value as Promise<T>;
  }

  /** Keeps a value a transaction read at version (see keptAt) unless one of that version or a later one is kept. */
  keepAt(key: unknown[], version: number, value: unknown) {
    const k = JSON.stringify(key);
    const kept = this.entries.get(k);
    if (kept && (kept.version > version || isFresh(kept, version, Date.now()))) return;
    this.put(k, version, Promise.resolve(value), this.ttlMs);
  }

  /** Whether an answer (see answerKey) made under version is kept. */
  has(k: string, version: number): boolean {
    const entry = this.entries.get(k);
    return !!entry && isFresh(entry, version, Date.now());
  }

  /**
   * Keeps a value made elsewhere (memory/productPages.ts: product pages read in bulk) under the
   * catalogue version it was read at; the caller checks that version was current when it read.
   */
  keep(k: string, version: number, value: unknown, ttlMs = Infinity) {
    this.put(k, version, Promise.resolve(value), ttlMs);
  }

  /**
   * Carries the answers kept under version `from` over to `to`, for keys whose answers the versions
   * between did not change (memory/productPages.ts knows which from migration 007's records); the
   * others are left to go stale. Answers the number carried.
   */
  carry(keys: Iterable<string>, from: number, to: number): number {
    let carried = 0;
    for (const k of keys) {
      const entry = this.entries.get(k);
      if (entry && entry.version === from) {
        entry.version = to;
        carried++;
      }
    }
    return carried;
  }

  private put(k: string, version: number, value: Promise<unknown>, ttlMs: number): Promise<unknown> {
    if (this.entries.has(k)) this.drop(k);
    // The key is counted at once, the value once it is known (in flight, it is a promise).
    // The key is counted at once, the value once it is known (in flight, it is a promise); nothing is
    // sent out before then, as the answer may prove to have found nothing and go to the pool apart.
    const entry: Entry = { version, at: Date.now(), ttlMs, value, bytes: keyBytes(k), used: false, empty: false };
    this.entries.set(k, entry);
    this.bytes += entry.bytes;
    this.keptKeyBytes += entry.bytes;
    value.then(
      (resolved) => {
        if (this.entries.get(k) !== entry) return;
        const bytes = keyBytes(k) + valueBytes(resolved);
        this.bytes -= entry.bytes;
        entry.bytes = bytes;
        if (foundNothing(resolved)) {
          entry.empty = true;
          this.emptyKeys.add(k);
          this.emptyBytes += bytes;
          this.evictFoundNothing();
        } else this.bytes += bytes;
        this.evict();
      },
      () => this.entries.get(k) === entry && this.drop(k),
    );
    return value;
  }

  private drop(k: string) {
    const entry = this.entries.get(k);
    if (!entry) return;
    this.entries.delete(k);
    if (entry.empty) {
      this.emptyKeys.delete(k);
      this.emptyBytes -= entry.bytes;
    } else this.bytes -= entry.bytes;
    this.keptKeyBytes -= keyBytes(k);
  }

  /** The pool of answers that found nothing, bounded on its own: the oldest go first, one read since gets a second chance. */
  private evictFoundNothing() {
    const maxBytes = this.maxBytes * FOUND_NOTHING_SHARE;
    while (this.emptyKeys.size > FOUND_NOTHING_MAX || (this.emptyKeys.size > 1 && this.emptyBytes > maxBytes)) {
      const k: string = this.emptyKeys.values().next().value!;
      const oldest = this.entries.get(k)!;
      this.emptyKeys.delete(k);
      if (oldest.used) {
        oldest.used = false;
        this.emptyKeys.add(k);
      } else this.drop(k);
    }
  }

  /**
   * Beyond the whole budget (the pool included): answers that found nothing go first, then the oldest,
   * but an entry read since it was kept (or since its last chance) gets a second chance at the recent
   * end (the clock algorithm: least recently used, near enough, with no work on a read); at least the
   * newest entry stays.
   */
  private evict() {
    while (this.entries.size > 1 && (this.bytes + this.emptyBytes > this.maxBytes || this.entries.size > this.maxEntries)) {
      // Answers that found nothing go before any real one.
      const empty = this.emptyKeys.values().next().value;
      if (empty !== undefined) {
        this.drop(empty);
        continue;
      }
      const [k, oldest] = this.entries.entries().next().value!;
      if (oldest.used) {
        oldest.used = false;
        this.entries.delete(k);
        this.entries.set(k, oldest);
      } else this.drop(k);
    }
  }

  /**
   * The whole answer for key (made by load on a miss), serialized and compressed once and kept as
   * bytes (keptAnswer.ts sends them as they are). lasting: the answer does not change with time, only
   * with the catalogue (a product).
   */
  answer(key: unknown[], load: () => Promise<unknown>, lasting = false): Promise<KeptBody> {
    return this.rememberAt<KeptBody>(
      answerKey(key),
      async () => {
        const value = await load();
        const kept = keepBody(Buffer.from(JSON.stringify(value)));
        if (foundNothing(value)) emptyBodies.add(kept);
        return kept;
      },
      lasting ? Infinity : this.ttlMs,
    );
  }
}
