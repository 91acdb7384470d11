// The endpoint map's plain values (lists, limits, patterns): apart from its TypeBox schemas, so the
// browser's bundles take them without TypeBox and the map (contract/src/browser.ts). The map's files
// re-export each from here, where it has always been read.

/** The remotes the shop routes to, by federation name, in the route table's order (shell first pages: the catalogue's). */
export const RELEASED_REMOTES = ['catalog', 'account', 'checkout', 'admin'] as const;
/** A release's version: its package version, '+', a hash of its files (`1.4.0+a1b2c3d4e5`). */
export const RELEASE_VERSION_PATTERN = '^\\d{1,9}\\.\\d{1,9}\\.\\d{1,9}(-[0-9A-Za-z.-]{1,40})?\\+[0-9a-f]{7,40}$';
/** What the shell reports of a remote's release. */
export const RELEASE_EVENT_KINDS = ['load-failed', 'error'] as const;

export const REVIEW_SORTS = ['newest', 'highest', 'lowest', 'helpful'] as const;
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** Bounds of a review, after trimming. */
export const REVIEW_LIMITS = { title: 120, bodyMin: 20, body: 2000, reason: 500, reply: 2000 } as const;

export const SORT_BY_VALUES = ['-createdAt', 'title', '-title', 'basePrice', '-basePrice', 'stock', '-stock', 'relevance', '-rating'] as const;
export const STOCK_FILTER_VALUES = ['in', 'low', 'out'] as const;
export const PRODUCT_STATUS_VALUES = ['all', 'published', 'draft'] as const;
export const HOME_SECTIONS = ['featured', 'onSale', 'bestSeller'] as const;

export const ORDER_STATUS_VALUES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'rejected'] as const;

export const REPORT_PERIODS = ['today', 'weekly', 'monthly', 'yearly'] as const;

/** The most pieces of one line a cart takes. */
export const CART_MAX_QUANTITY = 1000;
/** The most countries a zone, bands a rate, zones and methods the shop take (bounds of the work, not of a real shop). */
export const SHIPPING_LIMITS = { countriesPerZone: 249, bandsPerRate: 50, ratesPerMethod: 50 } as const;

// Issue 40, guests: what the browser and the API agree on for an anonymous cart.
/** A cart or order link token: 32 random bytes, base64url (43 characters). */
export const GUEST_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';
/** The header a guest's cart calls carry instead of a session. */
export const CART_TOKEN_HEADER = 'x-cart-token';
/** Lines an anonymous cart holds at most. */
export const GUEST_CART_MAX_LINES = 50;
/** Days a browser keeps its cart token (and the server its cart). */
export const GUEST_CART_DAYS = 30;
