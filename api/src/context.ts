import type { CatalogCache } from './catalog/cache.js';
import type { CatalogFacets } from './catalog/facets.js';
import type { ProductPages } from './catalog/productPages.js';
import type { Db } from './db/client.js';
import type { Auth } from './lib/auth.js';
import type { AuthLimits } from './lib/ratelimit.js';
import type { PaymentRefunder, PaymentVerifier } from './payments/index.js';

/** What every domain module receives: the database, auth helpers and settings. */
export interface Ctx {
  db: Db;
  auth: Auth;
  uploadsDir: string;
  paypalClientId: string | null;
  limits: AuthLimits;
  payments: PaymentVerifier;
  refundPayment: PaymentRefunder;
  /** Whole catalogue answers (products, currencies), dropped when the catalogue changes. */
  catalogCache: CatalogCache;
  /** Every product page kept in catalogCache ahead of the visitors. */
  productPages: ProductPages;
  /** Filtered searches without a keyword, from memory. */
  catalogFacets: CatalogFacets;
}
