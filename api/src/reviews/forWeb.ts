import type { Locale } from '@shop/contract';
import type { Catalog, PageProduct } from '../catalog/index.js';
import type { Queryable } from '../db/client.js';
import { FIRST_PAGE, type ReviewLists } from './keptLists.js';
import { productReviews } from './service.js';

/** A product page's page object with its reviews, per the review list's stamp they were read under. */
const withReviews = new WeakMap<PageProduct, { stamp: string; page: PageProduct }>();

/**
 * The catalogue as the web layer reads it, with a rated product's newest approved reviews in its page's
 * structured data (issue 41, JSON-LD): its review list's first page as the product page's list shows it,
 * from the kept lists (keptLists.ts: one query per product filled ahead or first asked, none per page
 * made). They are joined to the catalogue's page object per request, not kept inside it: the catalogue
 * version and the list's changes arrive on different connections, and a page object made between the
 * two would keep a rejected review until the next catalogue change. The same page object and the same
 * list stamp give the same object, so its head (web/headCache.ts) is made once.
 */
export function withReviewsInPages(catalog: Catalog, lists: ReviewLists, q: Queryable): Catalog {
  const { sort, page: first, limit } = FIRST_PAGE;
  const pageProduct = async (slug: string, locale?: Locale) => {
    const page = await catalog.pageProduct(slug, locale);
    if (!page?.product.rating?.count) return page;
    const id = page.product._id;
    // Structured data is an extra: a failed read leaves it out, never the page.
    const read = await lists.newest(id, () => productReviews(q, id, sort, first, limit)).catch(() => null);
    if (!read) return page;
    const { stamp, page: list } = read;
    const made = stamp === null ? undefined : withReviews.get(page);
    if (made?.stamp === stamp) return made.page;
    const rated = { ...page, reviews: list.items };
    if (stamp !== null) withReviews.set(page, { stamp, page: rated });
    return rated;
  };
  return { ...catalog, pageProduct };
}
