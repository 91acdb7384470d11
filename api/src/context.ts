import type { Catalog, CountedDb } from './catalog/index.js';
import type { Auth } from './lib/auth.js';
import type { AuthLimits, CountCodeTry } from './lib/ratelimit.js';
import type { Counters } from './limits/index.js';
import type { PaymentRefunder, PaymentVerifier } from './payments/index.js';
import type { ShopIdentity } from './mail/messages.js';
import type { MailSecrets } from './mail/secrets.js';
import type { PreviewSigner } from './catalog/storefront/preview.js';
import type { SecretBox } from './lib/secretBox.js';
import type { Rates } from './rates/index.js';
import type { FileStore } from './storage/index.js';
import type { CardPayments } from './cards/service.js';
import type { ReviewLists } from './reviews/keptLists.js';
import type { InvoiceNumbers } from './invoices/numbering.js';

/** What every domain module receives: the database, auth helpers and settings. */
export interface Ctx {
  /** The database, counting this process's writes for the catalogue's memory (catalog/memory/ownWrites.ts). */
  db: CountedDb;
  auth: Auth;
  /** Uploads and their copies: DATA_DIR/uploads, or a bucket (S3_BUCKET) every process shares (storage/). */
  files: FileStore;
  paypalClientId: string | null;
  limits: AuthLimits;
  /** Counts a coupon code tried by an account from an address (none: nothing); 429 past COUPON_TRY_LIMIT (lib/ratelimit.ts). */
  couponTries: CountCodeTry;
  /** Where every limit counts, shared by all API processes (limits/: PostgreSQL, Redis; memory on PGlite). */
  counters: Counters;
  /** Issue 40: card payments through Stripe (STRIPE_*); null: Card is not offered. */
  cards: CardPayments | null;
  payments: PaymentVerifier;
  refundPayment: PaymentRefunder;
  /** Issue 39: invoice numbers given in batches just after the orders commit (invoices/numbering.ts). */
  invoiceNumbers: InvoiceNumbers;
  /** The catalogue: the storefront's reads and the memory behind them (catalog/index.ts). */
  catalog: Catalog;
  /** Contact messages e-mailed in an hour, shop-wide; past it they are only stored (CONTACT_MAIL_PER_HOUR). */
  contactMailPerHour: number;
  /** Issue 40: GUEST_CHECKOUT=1 turns guest checkout on whatever the store settings say. */
  guestCheckoutEnv: boolean;
  /** REVIEWS_AUTO_APPROVE: a verified buyer's review (and its edits) is published at once, without moderation. */
  reviewsAutoApprove: boolean;
  /** The product pages' review lists kept in memory, following every review write (reviews/keptLists.ts). */
  reviewLists: ReviewLists;
  /** REVIEW_REQUEST_DAYS: how long after an order is delivered its review request e-mail goes. */
  reviewRequestDays: number;
  /** 'Only N left' from this quantity down; the dashboard's low stock (LOW_STOCK_THRESHOLD). */
  lowStockThreshold: number;
  /** Exchange rates (RATES_API_BASE), cached: a new currency's prices filled from another's (issue 19). */
  rates: Rates;
  /** The shop as its e-mail names it: its public URL (PUBLIC_URL) and its own inbox (SHOP_EMAIL). */
  shop: ShopIdentity;
  /** Seals an e-mail's secret part (a reset link's token) for the outbox (mail/secrets.ts). */
  mailSecrets: MailSecrets;
  /** Signs and checks a draft product's preview links (issue 38: catalog/storefront/preview.ts). */
  preview: PreviewSigner;
  /** Issue 42: seals each account's TOTP secret with SECRETS_KEY (lib/secretBox.ts). */
  totpSecrets: SecretBox;
}
