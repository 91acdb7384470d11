import type { CatalogVersion } from './catalogVersion.js';
import { CatalogFollower } from './followCatalog.js';
import type { CountedDb } from './ownWrites.js';
import { facetLists } from './queries.js';

/** A search without a keyword (the storefront asks the memory before its SQL, storefront/service.ts). */
export interface FacetQuery {
  currencyId: string | null;
  /** Option ids grouped by filter: any of a group, every group. */
  optionGroups: string[][];
  /** Minor units. */
  gte?: number;
  lte?: number;
}
export interface FacetSearch extends FacetQuery {
  sortBy: string;
  offset: number;
  limit: number;
}

/** A keyword search of common words (storefront/service.ts): its groups of lexemes (keywordReach), its sort and page. */
export interface WordSearch {
  groups: string[][];
  sortBy: string;
  offset: number;
  limit: number;
}

/** Answers a search without a keyword from memory, or null (a sort it does not know, or not ready for the current catalogue: ask the database). */
export interface FacetSearcher {
  search(f: FacetSearch): Promise<{ ids: string[]; total: number } | null>;
}


/**
 * A currency's prices: each product's amount (NaN: none) and what it sells for now, its sales taken
 * off (issue 38: paid), and the products cheapest to pay first (ties newest first; unpriced, the cheapest of all, first).
 */
interface Prices {
  amounts: Float64Array;
  paid: Float64Array;
  order: Int32Array;
}

const yieldToVisitors = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The catalogue's prices and filter options by product number (0 = the newest, as the shop orders
 * ties): a search with a price range and options is counted and paged in memory, with the database's
 * own rules (a product without a price in the currency counts as 0 in a range and sorts as the
 * cheapest; ties go newest first).
 */
export class FacetIndex {
  private readonly wordCount: number;

  constructor(
    /** Product ids by number, 16 bytes each. */
    private readonly ids: Buffer,
    private readonly prices: Map<string, Prices>,
    /** Per filter option, a bit per product. */
    private readonly options: Map<string, Uint32Array>,
    /** Per common lexeme (queries.ts WORD_SHARE) and tier ('title:ring', 'label:ring', 'all:ring'), a bit per product. */
    private readonly words: Map<string, Uint32Array> = new Map(),
    /** When the first running sale ends (epoch ms): from then the order of prices paid is the database's to give. */
    private readonly salesChangeAt: number = Number.POSITIVE_INFINITY,
  ) {
    this.wordCount = (this.total + 31) >>> 5;
  }

  get total() {
    return this.ids.length / 16;
  }

  /** From facetLists; yields between lists, so a million products do not hold the visitors up. */
  static async fromLists(rows: Array<{ kind: string; id: string | null; list: string }>): Promise<FacetIndex> {
    const ids = Buffer.from(rows.find((r) => r.kind === 'ids')?.list ?? '', 'hex');
    const total = ids.length / 16;
    const prices = new Map<string, Prices>();
    const options = new Map<string, Uint32Array>();
    const words = new Map<string, Uint32Array>();
    let salesChangeAt = Number.POSITIVE_INFINITY;
    for (const r of rows) {
      if (r.kind === 'price' && r.id) {
        // "number:amount:paid", in order of the price paid.
        const amounts = new Float64Array(total).fill(NaN);
        const paid = new Float64Array(total).fill(NaN);
        const pairs = r.list.split(',');
        const order = new Int32Array(total);
        const numbers = new Int32Array(pairs.length);
        let unpriced = 0;
        for (let k = 0; k < pairs.length; k++) {
          const [n, amount, sold] = pairs[k].split(':');
          numbers[k] = Number(n);
          amounts[numbers[k]] = Number(amount);
          paid[numbers[k]] = Number(sold);
        }
        for (let i = 0; i < total; i++) if (Number.isNaN(amounts[i])) order[unpriced++] = i;
        order.set(numbers, unpriced);
        prices.set(r.id, { amounts, paid, order });
      } else if (r.kind === 'salesChangeAt' && r.list) {
        salesChangeAt = Number(r.list);
      } else if (r.kind === 'option' && r.id) {
        const bits = new Uint32Array((total + 31) >>> 5);
        for (const n of r.list.split(',')) bits[Number(n) >>> 5] |= 1 << (Number(n) & 31);
        options.set(r.id, bits);
      } else if (r.kind === 'word' && r.id) {
        const bits = new Uint32Array((total + 31) >>> 5);
        for (const pair of r.list.split(',')) {
          const colon = pair.indexOf(':');
          bits[Number(pair.slice(0, colon))] = Number(pair.slice(colon + 1));
        }
        words.set(r.id, bits);
      }
      await yieldToVisitors();
    }
    return new FacetIndex(ids, prices, options, words, salesChangeAt);
  }

  /**
   * A keyword search of common words (groups of lexemes: every group, any lexeme of one, as
   * to_tsquery matches them) from the word lists: relevance (the products whose title holds it, then
   * whose title or tags do, then the rest; newest first within each, as storefront/queries.ts orders
   * them) or newest first, its page and its count; for another sort its count alone (ids null). Null
   * when a lexeme has no list (a rare one: the database answers).
   */
  searchWords(f: WordSearch): { ids: string[] | null; total: number } | null {
    if (!f.groups.length || f.groups.some((g) => !g.length || g.some((lexeme) => !this.words.has(`all:${lexeme}`)))) return null;
    const all = this.matching(f.groups, 'all');
    if (f.sortBy !== 'relevance' && f.sortBy !== '-createdAt') return { ids: null, total: popcount(all) };
    const tiers = f.sortBy === 'relevance' ? [this.matching(f.groups, 'title'), this.matching(f.groups, 'label'), all] : [all];
    const page: number[] = [];
    let skipped = 0;
    for (const [t, tier] of tiers.entries()) {
      const above = t > 0 ? tiers[t - 1] : null;
      for (let w = 0; w < this.wordCount && page.length < f.limit; w++) {
        for (let word = above ? tier[w] & ~above[w] : tier[w]; word && page.length < f.limit; word &= word - 1) {
          if (skipped < f.offset) skipped++;
          else page.push((w << 5) + 31 - Math.clz32(word & -word));
        }
      }
    }
    return { ids: page.map((i) => this.idOf(i)), total: popcount(all) };
  }

  /** The products whose tier's column holds every group of lexemes (any of a group); a lexeme without a list there is held by none. */
  private matching(groups: string[][], tier: 'title' | 'label' | 'all'): Uint32Array {
    const all = new Uint32Array(this.wordCount).fill(0xffffffff);
    const any = new Uint32Array(this.wordCount);
    for (const group of groups) {
      any.fill(0);
      for (const lexeme of group) {
        const bits = this.words.get(`${tier}:${lexeme}`);
        if (bits) for (let w = 0; w < this.wordCount; w++) any[w] |= bits[w];
      }
      for (let w = 0; w < this.wordCount; w++) all[w] &= any[w];
    }
    return all;
  }

  /** The number of matches, as the database would count them. */
  count(f: FacetQuery): number {
    return this.countOf(f, this.withOptions(f.optionGroups));
  }

  private countOf(f: FacetQuery, candidates: Uint32Array | null): number {
    if (f.gte === undefined && f.lte === undefined) return candidates ? popcount(candidates) : this.total;
    const inRange = this.matcher(f, null);
    let n = 0;
    if (!candidates) {
      for (let i = 0; i < this.total; i++) if (inRange(i)) n++;
      return n;
    }
    for (let w = 0; w < this.wordCount; w++) {
      for (let word = candidates[w]; word; word &= word - 1) if (inRange((w << 5) + 31 - Math.clz32(word & -word))) n++;
    }
    return n;
  }

  /** The page and the count, or null for a sort this does not know (by title: the database's collation). */
  search(f: FacetSearch): { ids: string[]; total: number } | null {
    if (f.sortBy !== '-createdAt' && f.sortBy !== 'basePrice' && f.sortBy !== '-basePrice') return null;
    // A sale has ended since the index was built: the prices paid have moved (the database knows them).
    if (f.sortBy !== '-createdAt' && Date.now() > this.salesChangeAt) return null;
    const candidates = this.withOptions(f.optionGroups);
    const matches = this.matcher(f, candidates);
    const page: number[] = [];
    let skipped = 0;
    /** Takes i if it matches; answers false once the page is full. */
    const take = (i: number) => {
      if (!matches(i)) return true;
      if (skipped < f.offset) skipped++;
      else page.push(i);
      return page.length < f.limit;
    };
    if (f.sortBy === '-createdAt') {
      for (let i = 0; i < this.total && take(i); i++);
    } else {
      const { paid, order } = this.pricesOf(f.currencyId);
      const key = (p: number) => (Number.isNaN(paid[order[p]]) ? -1 : paid[order[p]]); // unpriced: the cheapest
      if (f.sortBy === 'basePrice') {
        for (let p = 0; p < order.length && take(order[p]); p++);
      } else {
        // Dearest first, ties still newest first: each run of one price is walked forwards.
        let end = order.length - 1;
        while (end >= 0) {
          let start = end;
          while (start > 0 && key(start - 1) === key(end)) start--;
          let full = false;
          for (let p = start; p <= end && !full; p++) full = !take(order[p]);
          if (full) break;
          end = start - 1;
        }
      }
    }
    return { ids: page.map((i) => this.idOf(i)), total: this.countOf(f, candidates) };
  }

  private idOf(i: number): string {
    const h = this.ids.toString('hex', i * 16, i * 16 + 16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  private pricesOf(currencyId: string | null): Prices {
    const known = currencyId ? this.prices.get(currencyId) : undefined;
    if (known) return known;
    // No price in this currency at all: every product unpriced, in number order.
    const order = new Int32Array(this.total);
    for (let i = 0; i < this.total; i++) order[i] = i;
    return { amounts: new Float64Array(this.total).fill(NaN), paid: new Float64Array(this.total).fill(NaN), order };
  }

  /** Whether product i is a match: among the candidates (all without options) and in the range, where no price counts as 0. */
  private matcher(f: FacetQuery, candidates: Uint32Array | null): (i: number) => boolean {
    const inOptions = candidates ? (i: number) => (candidates[i >>> 5] & (1 << (i & 31))) !== 0 : () => true;
    if (f.gte === undefined && f.lte === undefined) return inOptions;
    const amounts = f.currencyId ? this.prices.get(f.currencyId)?.amounts : undefined;
    const lo = f.gte ?? -Infinity;
    const hi = f.lte ?? Infinity;
    const unpricedIn = 0 >= lo && 0 <= hi;
    return (i) => {
      if (!inOptions(i)) return false;
      const a = amounts ? amounts[i] : NaN;
      return Number.isNaN(a) ? unpricedIn : a >= lo && a <= hi; // NaN: no price
    };
  }

  /** Products with an option of every group, as bits; null when there is no group (every product). */
  private withOptions(groups: string[][]): Uint32Array | null {
    if (!groups.length) return null;
    let all: Uint32Array | null = null;
    for (const group of groups) {
      const any = new Uint32Array(this.wordCount);
      for (const id of group) {
        const bits = this.options.get(id);
        if (bits) for (let w = 0; w < this.wordCount; w++) any[w] |= bits[w];
      }
      if (all) for (let w = 0; w < this.wordCount; w++) all[w] &= any[w];
      else all = any;
    }
    return all;
  }
}

function popcount(bits: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let v = bits[w];
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}

/**
 * Searches without a keyword (a price range, filter options; newest first or by price) answered
 * from memory, page and count: at 1,000,000 products the database needs 0.4 s or more to count the
 * matches of a new range with two options (hash joins over hundreds of thousands of index entries)
 * and 20-180 ms for its first page (a walk of the price index with two lookups per product, on
 * pages no one read lately), this a few ms. Rebuilt from
 * one statement at start and after each catalogue change; until it is built for the current version
 * the database answers, so an answer is never from a catalogue that has changed. Memory: 16 bytes
 * per product (its id), 12 per product and currency, a bit per product and filter option (1M
 * products, 4 currencies: ~68 MB).
 */
export class CatalogFacets extends CatalogFollower implements FacetSearcher {
  private built: { version: number; index: FacetIndex } | null = null;

  constructor(
    private readonly db: Pick<CountedDb, 'readOnly'>,
    version: Pick<CatalogVersion, 'current' | 'onChange'>,
    delayMs = 1_000,
  ) {
    super(version, delayMs);
  }

  /** True from a catalogue change (or start) until the index of the current version is built. */
  get building() {
    return this.busy;
  }

  async search(f: FacetSearch): Promise<{ ids: string[]; total: number } | null> {
    const built = this.built;
    if (!built || (await this.version.current()) !== built.version) return null;
    return built.index.search(f);
  }

  /** A keyword search of common words from the word lists (FacetIndex.searchWords), or null: not ready for the current catalogue, or not one it answers. */
  async searchWords(f: WordSearch): Promise<{ ids: string[] | null; total: number } | null> {
    const built = this.built;
    if (!built || (await this.version.current()) !== built.version) return null;
    return built.index.searchWords(f);
  }

  protected async run(version: number, outdated: () => Promise<boolean>) {
    const rows = await facetLists(this.db);
    if (await outdated()) return;
    const index = await FacetIndex.fromLists(rows);
    if (await outdated()) return;
    this.built = { version, index };
  }
}
