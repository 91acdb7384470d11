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

/**
 * Whole catalogue answers (shop list, product page, home sections, highest price), kept while the
 * catalogue version is the one they were made under, and for at most ttlMs, since discounts end
 * with time. A read costs no query (see CatalogVersion) instead of the ~9 queries of a product
 * list, and the JSON is serialized and compressed once per entry instead of once per request.
 * Parts of answers can be kept the same way (remember: a search's count, shared by its pages).
 * Least recently used entries go first beyond maxEntries.
 */
export class CatalogCache {
  private entries = new Map<string, { version: number; at: number; value: Promise<unknown> }>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly catalogVersion: CatalogVersion,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 2_000,
  ) {}

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
    const entry = { version, at: now, value: load() };
    this.entries.set(k, entry);
    entry.value.catch(() => this.entries.get(k) === entry && this.entries.delete(k));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry.value as Promise<T>;
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
