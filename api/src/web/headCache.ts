import type { ShopRoute } from '@shop/contract';
import { keepRecent } from '../lib/keepRecent.js';
import { type HeadContext, type PageFacts, pageHeadHtml } from './pageHead.js';

// A page's head is made once and kept (a product page's took ~25 µs to make, a tenth of the page's
// time): a product page's with its product, the catalogue's kept object (a new one after a change),
// until one of its discounts ends (its price may change then) or the default currency changes; any
// other page's by its status, path and query, per route table and address.

interface KeptHead {
  head: string | null;
  currency: HeadContext['currency'];
  publicUrl: string;
  /** The page's language (issue 37): the same product object is never the head of another language's page. */
  locale: PageFacts['locale'];
  /** The last moment it holds: the first end of a running discount still to come. */
  until: number;
}
const productHeads = new WeakMap<object, KeptHead>();

/** The moment the product's running discounts next change: the earliest end still to come, or never. */
function validUntil(discounts: Array<{ timeLimit: string }> | undefined, now: number): number {
  let until = Infinity;
  for (const d of discounts ?? []) {
    const end = Date.parse(d.timeLimit);
    if (end >= now && end < until) until = end;
  }
  return until;
}

const MAX_OTHER_HEADS = 200;
let otherHeads: { routes: ShopRoute[]; publicUrl: string; heads: Map<string, string | null> } | null = null;

/** pageHeadHtml, made once per product (and discount period) or per page and query. */
export function keptPageHead(facts: PageFacts, query: string, c: HeadContext): string | null {
  const now = c.now.getTime();
  if (facts.product) {
    const kept = productHeads.get(facts.product);
    if (kept && kept.currency === c.currency && kept.publicUrl === c.publicUrl && kept.locale === facts.locale && now <= kept.until) return kept.head;
    const head = pageHeadHtml(facts, query, c);
    productHeads.set(facts.product, { head, currency: c.currency, publicUrl: c.publicUrl, locale: facts.locale, until: validUntil(facts.product.product.discounts, now) });
    return head;
  }
  if (otherHeads?.routes !== c.routes || otherHeads.publicUrl !== c.publicUrl) otherHeads = { routes: c.routes, publicUrl: c.publicUrl, heads: new Map() };
  const key = `${facts.locale ?? ''} ${facts.status} ${facts.route?.path ?? ''}?${query}`;
  const { heads } = otherHeads;
  if (heads.has(key)) return heads.get(key)!;
  return keepRecent(heads, key, pageHeadHtml(facts, query, c), MAX_OTHER_HEADS);
}
