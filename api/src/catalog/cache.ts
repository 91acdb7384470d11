import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { encoded, pickEncoding, type Compressible } from '../lib/compression.js';

/**
 * The catalogue version (migration 003: bumped by triggers on every catalogue write, by any API
 * process) without a query per read: migration 004 NOTIFYs each new version and this process
 * LISTENs. It asks the database instead whenever the notifications could be incomplete or late:
 * - while the listener is not connected (starting, lost, reconnecting), and once after it
 *   (re)connects, since a write could have been missed in between;
 * - after a write by this process (Db.writes moved), whose notification may not have arrived yet,
 *   so the writer's own next read sees its write.
 */
export class CatalogVersion {
  private listening = false;
  private known = 0;
  /** Db.writes when known was last read from the database; -1: read it on the next call. */
  private checkedAt = -1;
  /** Bumped on every listener state change: a lookup that started before one is not trusted. */
  private epoch = 0;
  private stop?: () => Promise<void>;
  lookups = 0;

  constructor(private readonly db: Db) {}

  async start() {
    this.stop = await this.db.listen(
      'catalog_version',
      (payload) => (this.known = Math.max(this.known, Number(payload) || 0)),
      (listening) => {
        this.listening = listening;
        this.checkedAt = -1;
        this.epoch++;
      },
    );
  }

  async close() {
    await this.stop?.();
  }

  async current(): Promise<number> {
    const writes = this.db.writes;
    if (this.listening && this.checkedAt === writes) return this.known;
    const epoch = this.epoch;
    const listening = this.listening;
    this.lookups++;
    const version = (await this.db.one<{ version: number }>(`SELECT version FROM catalog_version`))?.version ?? 0;
    this.known = Math.max(this.known, version);
    if (listening && epoch === this.epoch) this.checkedAt = writes;
    return this.known;
  }
}

/** What a value that is not an answer's bytes (a count, a page of cards) is counted as. */
const OTHER_VALUE_BYTES = 4_096;
/** An answer's bytes, plus room for its compressed copies (brotli and gzip, each well under half) and the entry itself. */
const answerBytes = (value: unknown): number =>
  value && typeof value === 'object' && Buffer.isBuffer((value as Compressible).bytes) ? Math.ceil((value as Compressible).bytes.length * 1.5) + 512 : OTHER_VALUE_BYTES;

/** CATALOG_CACHE_MB: the catalogue cache's memory budget per API process (32 MB: ~9,000 product pages and the lists beside them). */
export const cacheBudgetBytes = (env: NodeJS.ProcessEnv = process.env) => Math.max(1, Number(env.CATALOG_CACHE_MB) || 32) * 1024 * 1024;

/**
 * Whole catalogue answers (shop list, product page, home sections, highest price), kept while the
 * catalogue version is the one they were made under, and for at most ttlMs, since discounts end
 * with time. A read costs no query (see CatalogVersion) instead of the ~9 queries of a product
 * list, and the JSON is serialized and compressed once per entry instead of once per request.
 * Parts of answers can be kept the same way (remember: a search's count, shared by its pages).
 * Least recently used entries go first beyond maxBytes (a budget in bytes rather than a count, so a
 * shop's many small product pages fit beside its larger lists: with product views skewed as they
 * are, the ~9,000 kept by default serve four views in five of a 100,000-product shop) or maxEntries.
 */
export class CatalogCache {
  private entries = new Map<string, { version: number; at: number; value: Promise<unknown>; bytes: number }>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly catalogVersion: Pick<CatalogVersion, 'current'>,
    private readonly ttlMs = 30_000,
    private readonly maxBytes = cacheBudgetBytes(),
    private readonly maxEntries = 100_000,
  ) {}

  /** The entries kept now, and the bytes counted for them (each once its value is known). */
  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** The value kept for key, or load's (kept unless it fails: errors, 404s too, are not kept). */
  async remember<T>(key: unknown[], load: () => Promise<T>): Promise<T> {
    const k = JSON.stringify(key);
    const version = await this.catalogVersion.current();
    const now = Date.now();
    const hit = this.entries.get(k);
    if (hit && hit.version === version && now - hit.at < this.ttlMs) {
      this.hits++;
      this.entries.delete(k); // most recently used last
      this.entries.set(k, hit);
      return hit.value as Promise<T>;
    }
    this.misses++;
    if (hit) this.drop(k);
    // Counted once its value is known (in flight, it is a promise).
    const entry = { version, at: now, value: load() as Promise<unknown>, bytes: 0 };
    this.entries.set(k, entry);
    entry.value.then(
      (value) => {
        if (this.entries.get(k) !== entry) return;
        const bytes = answerBytes(value);
        this.bytes += bytes - entry.bytes;
        entry.bytes = bytes;
        this.evict();
      },
      () => this.entries.get(k) === entry && this.drop(k),
    );
    if (this.entries.size > this.maxEntries) this.evict();
    return entry.value as Promise<T>;
  }

  private drop(k: string) {
    const entry = this.entries.get(k);
    if (!entry) return;
    this.entries.delete(k);
    this.bytes -= entry.bytes;
  }

  /** Least recently used first, keeping at least the newest entry. */
  private evict() {
    while (this.entries.size > 1 && (this.bytes > this.maxBytes || this.entries.size > this.maxEntries)) this.drop(this.entries.keys().next().value!);
  }

  /** Sends the cached answer for key (made by load on a miss), compressed as the client accepts. */
  async send(req: FastifyRequest, reply: FastifyReply, key: unknown[], load: () => Promise<unknown>) {
    const body = await this.remember<Compressible>(['answer', ...key], async () => ({ bytes: Buffer.from(JSON.stringify(await load())) }));
    reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
    const encoding = pickEncoding(req.headers['accept-encoding'], body.bytes.length);
    if (!encoding) return reply.send(body.bytes);
    return reply.header('Content-Encoding', encoding).send(encoded(body, encoding));
  }
}
