// The shapes of SPEC §3 as the API sends them and every front end reads them: one definition for the
// server (api/src) and the browser. Money amounts are numbers with 2 decimals; every price list holds one
// entry per currency that has an amount, keyed by the currency's _id (a missing one: not available).

import type { Locale, Translations } from './locales';
export type Role = 'admin' | 'customer';

export interface Price {
  currType: string;
  amount: number;
}

export interface Currency {
  _id: string;
  name: string;
  code: string;
  symbol: string;
}

export type DiscountType = 'fixed' | 'percentage';

export interface Discount {
  _id: string;
  title: string;
  discountType: DiscountType;
  /** ISO date-time; the discount applies only until then. */
  timeLimit: string;
  /** One per currency, 0 where it takes nothing off (for a percentage: the percent). */
  value: Price[];
  /** Its name in other languages (issue 37): sent by the back office's discount reads; a product's discounts carry the shopper's in title. */
  translations?: Translations<'name'>;
}

export interface VariantOption {
  _id: string;
  name: string;
  isActive: boolean;
  inStock: boolean;
  incRate: Price[];
  /** Photos of the piece with this option, chosen among the product's imageUrls (issue 22); empty or absent: the product's apply (contract photosOf). The API always sends it. */
  imageUrls?: string[];
  /** Its names in other languages (issue 37): sent with a product by id and with filters (the back office edits them); the asked locale's is in name already. */
  translations?: Translations<'name'>;
}

export interface Variant {
  _id: string;
  type: string;
  /** Its names in other languages (issue 37): sent with a product by id and with filters (the back office edits them); the asked locale's is in type already. */
  translations?: Translations<'name'>;
  options: VariantOption[];
}

export interface FilterOption {
  _id: string;
  name: string;
  /** Its names in other languages (issue 37): sent with a product by id and with filters (the back office edits them); the asked locale's is in name already. */
  translations?: Translations<'name'>;
}

export interface Filter {
  _id: string;
  name: string;
  filterOptions: FilterOption[];
  /** Its names in other languages (issue 37): sent with a product by id and with filters (the back office edits them); the asked locale's is in name already. */
  translations?: Translations<'name'>;
  /** The language of its names (issue 37: ?locale= or Accept-Language, English when the shop does not have it). */
  locale?: Locale;
}

/** A combination's quantity, as the product answer sends it: option ids in the product's variant order (issue 17). */
export interface StockLevel {
  options: string[];
  quantity: number;
}

export interface Product {
  _id: string;
  slug: string;
  title: string;
  description: string;
  features: string[];
  imageUrls: string[];
  basePrice: Price[];
  tags: string[];
  isNew: boolean;
  discounts: Discount[];
  filterOptions: string[];
  variants: Variant[];
  createdAt?: string;
  /** Off: unlimited, only the options' inStock/isActive flags count (issue 17). */
  trackInventory: boolean;
  /** Whether at least one combination can be bought now (lists carry this instead of the quantities). */
  available: boolean;
  /** One entry per combination (option ids in variant order); sent with a single product (product page, admin), not in lists. */
  stock?: StockLevel[];
  /** 'Only N left' from this quantity down (the shop's setting); sent with stock. */
  lowStockThreshold?: number;
  /**
   * False: a draft (issue 19), seen only in the back office, invisible to the storefront everywhere.
   * The API sends it with every product; absent (an older answer, a test's fixture) reads as published.
   */
  published?: boolean;
  /** Its approved reviews' average (one decimal; 0 without any) and count (issue 41); absent on a cart's or wishlist's copy. */
  rating?: ProductRating;
  /** The language of its texts (issue 37): the asked one (?locale= or Accept-Language), English when the shop does not have it; each text falls back to English where it has no translation. */
  locale?: Locale;
  /** Its title and description in other languages: sent with a product by id (the back office edits them), not in lists. */
  translations?: Translations<'title' | 'description'>;
}

/** A product's approved reviews: their average, rounded to one decimal (0 when count is 0), and how many. */
export interface ProductRating {
  average: number;
  count: number;
}

export interface Paginated<T> {
  items: T[];
  itemCount: number;
  page: number;
  limit: number;
}

export type HomeSection = 'featured' | 'onSale' | 'bestSeller';

export interface HomeSectionAnswer {
  type: HomeSection;
  products: Product[];
}

/**
 * 'stock' / '-stock': a tracked product's pieces in all (the admin's list). 'relevance' (issue 20):
 * how well a product matches the keyword, newest first among equals; the default with a keyword (no
 * sortBy or ''), newest first without one.
 */
export type SortBy = '-createdAt' | 'title' | '-title' | 'basePrice' | '-basePrice' | 'stock' | '-stock' | 'relevance' | '-rating';

export interface ProductFilterBody {
  sortBy?: SortBy;
  selectedCurr?: string;
  filterOptions?: string[];
  basePrice?: { gte?: number; lte?: number };
  /** Only pieces rated this many stars and up, as their cards show the average (issue 41). */
  minRating?: number;
  /** Only pieces that can be bought now. */
  available?: boolean;
  /** Only pieces a running discount takes something off in the selected currency (the card's Sale badge). */
  onSale?: boolean;
  /** Live quantities on every item (the admin's list; not kept by the server). */
  withStock?: boolean;
  /** in: can be bought; low: can be bought, a combination at or below the threshold; out: cannot be bought. */
  stock?: 'in' | 'low' | 'out';
  /** Admins only (issue 19, productAdmin.ts ProductStatusFilter): drafts too, or drafts only; absent: the storefront's published products. */
  status?: 'all' | 'published' | 'draft';
}

/** GET /product/suggest?q= (issue 20): from this many characters of the keyword; a shorter one is answered empty. */
export const SUGGEST_MIN_CHARS = 2;
/** The most products (and, apart, filter options) a suggestion lists. */
export const SUGGEST_LIMIT = 6;

/** A product as the header's search suggests it: its price per currency and discounts as lists carry them, and its main photo. */
export interface SuggestedProduct extends Pick<Product, '_id' | 'slug' | 'title' | 'basePrice' | 'discounts' | 'available'> {
  /** The product's first photo, or null. */
  imageUrl: string | null;
}

/** A filter option whose name matches the keyword ('Material: Rose Gold'); choosing it lists the shop filtered by it. */
export interface SuggestedOption {
  filter: string;
  filterId: string;
  option: string;
  optionId: string;
}

/** GET /product/suggest?q=: the best matches in relevance order (the shop's search rules), up to SUGGEST_LIMIT of each. */
export interface SuggestAnswer {
  products: SuggestedProduct[];
  options: SuggestedOption[];
}

export interface SelectedOption {
  variantType: string;
  selectedOption: { _id: string; name: string };
}

export interface CartItem {
  _id: string;
  product: {
    _id: string;
    title: string;
    slug: string;
    imageUrls: string[];
    discounts: Discount[];
  };
  options: SelectedOption[];
  quantity: number;
  /** Unit price (base plus option increases) per currency. */
  unitPrice: Price[];
  /** unitPrice times quantity, per currency. */
  totalPrice: Price[];
  /** How many of this line's combination can be bought now: null unlimited, 0 unavailable (issue 17). */
  availableQuantity: number | null;
}

export interface WishlistItem {
  _id: string;
  slug: string;
  title: string;
  imageUrls: string[];
  basePrice: Price[];
  /** The product's discounts: the wishlist shows the sale price as the product page does (issue 22). */
  discounts: Discount[];
  /** What the wishlist's 'Add to cart' reads: the options to default to and what is left of each combination. */
  variants: Variant[];
  trackInventory: boolean;
  available: boolean;
  stock: StockLevel[];
}

export interface Address {
  _id: string;
  fullName: string;
  line1: string;
  line2?: string;
  city: string;
  state?: string;
  postalCode: string;
  country: string;
}

export type OrderStatus = 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'rejected';
export const ORDER_STATUSES: OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'rejected'];

export const PAYMENT_CASH = 'Cash On Delivery';
export const PAYMENT_WALLET = 'PayPal';

export interface OrderItem {
  _id: string;
  product: { _id?: string; title: string; slug: string; imageUrls: string[] };
  options: Array<{ variantType?: string; selectedOption: { name: string } }>;
  quantity: number;
  totalPrice: Price[];
}

/** A wallet payment given back when its order was cancelled or rejected. */
export interface OrderRefund {
  status: 'refunded' | 'pending' | 'failed';
  reference: string | null;
  at: string;
}

/** The coupon an order or a preview carries (issue 22): its code as the shop wrote it, and what it took off in the order's currency. */
export interface AppliedCoupon {
  code: string;
  amount: number;
}

export interface Order {
  _id: string;
  /** 'AJ-100042': unique and increasing (issue 17). */
  orderNumber: string;
  status: OrderStatus;
  orderDate: string;
  paymentMethod: string;
  currency: { symbol: string; currType: string; code?: string };
  shippingAddress: Omit<Address, '_id'>;
  items: OrderItem[];
  subTotalPrice: number;
  totalDiscount: number;
  /** Included in totalDiscount and totalPrice. */
  coupon: AppliedCoupon | null;
  totalPrice: number;
  user?: { _id: string; fullName: string; email: string };
  refund: OrderRefund | null;
}

export interface OrderPreview {
  subTotalPrice: number;
  productDiscount: number;
  userDiscount: number;
  totalDiscount: number;
  coupon: AppliedCoupon | null;
  totalPrice: number;
  currency: { symbol: string; currType: string; code: string };
}

/** POST /order/preview */
export interface OrderPreviewBody {
  selectedCurr: string;
  couponCode?: string;
}

export interface CreateOrderBody {
  paymentMethod: string;
  selectedCurr: string;
  shippingAddress?: Omit<Address, '_id' | 'fullName'> & { fullName?: string };
  addressId?: string;
  /** The wallet provider's order id, captured and verified by the server. */
  paypalOrderId?: string;
  /** A coupon code (issue 22); one that does not apply refuses the order (409) and writes nothing. */
  couponCode?: string;
}

export type ReportPeriod = 'today' | 'weekly' | 'monthly' | 'yearly';
export type OrderReport = Partial<Record<OrderStatus, number>>;

export interface SummaryReport {
  order: number;
  product: number;
  filter: number;
  user: number;
}

export interface User {
  _id: string;
  fullName: string;
  email: string;
  contact: string;
  role: Role;
  isSuperAdmin: boolean;
  discounts: string[];
  deletedAt?: string | null;
}

/** GET and PUT /user/me (issue 18): the caller's own account, as the profile page edits it. */
export type Profile = Pick<User, '_id' | 'fullName' | 'email' | 'contact' | 'role' | 'isSuperAdmin'>;

export interface UserDetails {
  user: User;
  cart: CartItem[];
  wishlist: WishlistItem[];
}

export interface LoginAnswer {
  token: string;
  fullName: string;
  isSuperAdmin: boolean;
  role: Role;
}

export interface RegisterAnswer {
  token: string;
  name: string;
  isSuperAdmin: boolean;
  role: Role;
}

export interface ApiError {
  message: string;
}
