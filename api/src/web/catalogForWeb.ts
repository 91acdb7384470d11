import type { FirstViewData, LeadImageOf } from '@shop/contract';

/**
 * What the web layer reads of the catalogue: its one interface to it, handed in when the app is wired
 * (app.ts), so web/ imports nothing of catalog/. Each read is an optimisation of the page (a preload
 * hint, a first view): a failed one leaves that out, never the page.
 */
export interface CatalogForWeb {
  /**
   * A page's lead photo (an uploads path) for its preload hint, or null: the first photo among the
   * contract's NEWEST_PRODUCTS newest (the home's hero, the shop's first card), or the product's first.
   */
  leadImage(of: LeadImageOf, slug: string): Promise<string | null>;
  /** The reads a remote's first-view renderer may make. */
  firstView: FirstViewData;
}
