// The back office's product list (issue 19): drafts, bulk actions and the CSV import, as the API and
// mfe-admin agree on them.
import type { PRODUCT_STATUS_VALUES } from './api/search';

/**
 * POST /product/filter's `status` (admins only: anyone else asking gets 401/403): which products the
 * list holds. Without it the answer is the storefront's, published products only.
 */
export type ProductStatusFilter = (typeof PRODUCT_STATUS_VALUES)[number];

/** The list's words for a product's state. */
export const PRODUCT_STATUS_LABELS = { published: 'Published', draft: 'Draft' } as const;
export const productStatusLabel = (p: { published?: boolean }) => (p.published === false ? PRODUCT_STATUS_LABELS.draft : PRODUCT_STATUS_LABELS.published);

/** POST /product/bulk: one action on many products, in one transaction (all or nothing). */
export const PRODUCT_BULK_ACTIONS = ['delete', 'publish', 'unpublish', 'addDiscount', 'removeDiscount'] as const;
export type ProductBulkAction = (typeof PRODUCT_BULK_ACTIONS)[number];
/** The most products one bulk action takes. */
export const PRODUCT_BULK_MAX = 500;
export interface ProductBulkBody {
  ids: string[];
  action: ProductBulkAction;
  /** addDiscount / removeDiscount: the discount. */
  discountId?: string;
}
/** Its answer: how many products the action changed (a publish of a published product changes nothing). */
export interface ProductBulkAnswer {
  action: ProductBulkAction;
  count: number;
}

/**
 * POST /product/import[?dryRun=1], a CSV body (text/csv, UTF-8, RFC 4180 quoting), one product a line
 * after the header: title, description, tags (separated by |), price_<CODE> per currency (the shop's
 * codes, e.g. price_USD; empty: no price in it), images (| separated /uploads/… paths already
 * uploaded, or empty), published (true/false, yes/no, 1/0; empty: true). Columns in any order; title
 * is required, the others may be left out.
 */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 2000;
export const IMPORT_PRICE_PREFIX = 'price_';
export const IMPORT_COLUMNS = ['title', 'description', 'tags', 'images', 'published'] as const;
/** A bad line: its line number in the file (the header is line 1), the column, why. */
export interface ImportProblem {
  line: number;
  column: string;
  reason: string;
}
/** The answer of a dry run (nothing written) or of an import (every line written, or none: then 400 with the problems). */
export interface ImportReport {
  dryRun: boolean;
  /** Lines read (products in the file). */
  rows: number;
  /** Products written (0 on a dry run and whenever there is a problem). */
  created: number;
  problems: ImportProblem[];
}
