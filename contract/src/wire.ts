// The shapes of SPEC §3 as the API sends them and every front end reads them: one definition for the
// server (api/src) and the browser. Money amounts are numbers with 2 decimals; every price list holds one
// entry per currency that has an amount, keyed by the currency's _id (a missing one: not available).
import type { Static } from '@sinclair/typebox';
import type { ProductFilterBody as ProductFilterBodySchema, SORT_BY_VALUES, STOCK_FILTER_VALUES } from './api/search';
// The answers' shapes are the endpoint map's schemas (api/shapes.ts): their types are taken from there.
import { ORDER_STATUS_VALUES } from './api/values';
import type * as W from './api/shapes';
import type { Permission } from './staff';

export type Role = 'admin' | 'customer';

export type Price = Static<typeof W.Price>;

export type Currency = Static<typeof W.Currency>;

export type DiscountType = 'fixed' | 'percentage';

export type Discount = Static<typeof W.Discount>;

export type VariantOption = Static<typeof W.VariantOption>;

export type Variant = Static<typeof W.Variant>;

export type FilterOption = Static<typeof W.FilterOption>;

export type Filter = Static<typeof W.Filter>;

/** A combination's quantity, as the product answer sends it: option ids in the product's variant order (issue 17). */
export type StockLevel = Static<typeof W.StockLevel>;

export type Product = Static<typeof W.Product>;

/** A product's approved reviews: their average, rounded to one decimal (0 when count is 0), and how many. */
export type ProductRating = Static<typeof W.ProductRating>;

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
export type SortBy = (typeof SORT_BY_VALUES)[number];
/** The orders the back office's product list offers (the storefront's relevance and rating are the shop's). */
export type AdminProductSort = Exclude<SortBy, '-createdAt' | 'relevance' | '-rating'>;

/** POST /product/filter's stock filter (issue 17): in = can be bought; low = can be bought, a combination at or below the threshold; out = cannot be bought. */
export type StockFilter = (typeof STOCK_FILTER_VALUES)[number];

/** POST /product/filter's body (the map's; api/search.ts). */
export type ProductFilterBody = NonNullable<Static<typeof ProductFilterBodySchema>>;

/** GET /product/suggest?q= (issue 20): from this many characters of the keyword; a shorter one is answered empty. */
export const SUGGEST_MIN_CHARS = 2;
/** The most products (and, apart, filter options) a suggestion lists. */
export const SUGGEST_LIMIT = 6;
/** "You may also like" on a product page (issue 38): at most this many related pieces. */
export const RELATED_LIMIT = 8;

/** A product as the header's search suggests it: its price per currency and discounts as lists carry them, and its main photo. */
export type SuggestedProduct = Static<typeof W.SuggestedProduct>;

/** A filter option whose name matches the keyword ('Material: Rose Gold'); choosing it lists the shop filtered by it. */
export type SuggestedOption = Static<typeof W.SuggestedOption>;

/** GET /product/suggest?q=: the best matches in relevance order (the shop's search rules), up to SUGGEST_LIMIT of each. */
export type SuggestAnswer = Static<typeof W.SuggestAnswer>;

export type SelectedOption = Static<typeof W.SelectedOption>;

export type CartItem = Static<typeof W.CartItem>;

export type WishlistItem = Static<typeof W.WishlistItem>;

export type Address = Static<typeof W.Address>;

export type OrderStatus = (typeof ORDER_STATUS_VALUES)[number];
export const ORDER_STATUSES: OrderStatus[] = [...ORDER_STATUS_VALUES];
/** An order's status as the lists show it ('pending' reads 'Pending'). */
export const orderStatusLabel = (status: string): string => status.charAt(0).toUpperCase() + status.slice(1);
/** The statuses an admin may set (a customer may only cancel their own pending order). */
export const ADMIN_ORDER_STATUSES: readonly OrderStatus[] = ['processing', 'shipped', 'delivered', 'rejected'];
/** Statuses whose order keeps its pieces taken from stock (SPEC: cancelled and rejected give them back). */
export const STOCK_HOLDING_STATUSES: readonly OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered'];
/** Before shipping, a cancel or reject gives the pieces back; once shipped or delivered they are gone. */
export const STOCK_RETURNING_STATUSES: readonly OrderStatus[] = ['pending', 'processing'];
/** Orders that count nowhere: no revenue, no order of a customer (a coupon's "first order"), no piece sold. */
export const NOT_COUNTED_STATUSES: readonly OrderStatus[] = ['cancelled', 'rejected'];

export const PAYMENT_CASH = 'Cash On Delivery';
export const PAYMENT_WALLET = 'PayPal';
/** Issue 40: a card paid through Stripe (POST /order/card/intent, then /order/card/complete). */
export const PAYMENT_CARD = 'Card';

export type OrderItem = Static<typeof W.OrderItem>;

/** A wallet payment given back when its order was cancelled or rejected. */
export type OrderRefund = Static<typeof W.OrderRefund>;

/** The coupon an order or a preview carries (issue 22): its code as the shop wrote it, and what it took off in the order's currency. */
export type AppliedCoupon = Static<typeof W.AppliedCoupon>;

export type Order = Static<typeof W.Order>;

export type OrderPreview = Static<typeof W.OrderPreview>;

/** POST /order/preview */
export interface OrderPreviewBody {
  selectedCurr: string;
  couponCode?: string;
  /** Issue 39: the method chosen, and where the order ships (a country's ISO code and region, or a saved address). */
  shippingMethodId?: string | null;
  country?: string;
  region?: string;
  addressId?: string | null;
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
  /** Issue 39: the shipping method chosen (GET /shipping/methods). */
  shippingMethodId?: string | null;
}

export type ReportPeriod = 'today' | 'weekly' | 'monthly' | 'yearly';
export type OrderReport = Partial<Record<OrderStatus, number>>;

export interface SummaryReport {
  order: number;
  product: number;
  filter: number;
  user: number;
}

export type User = Static<typeof W.User>;

/** GET and PUT /user/me (issue 18): the caller's own account, as the profile page edits it. */
export type Profile = Pick<User, '_id' | 'fullName' | 'email' | 'contact' | 'role' | 'isSuperAdmin'> & {
  /** Issue 42: what the role lets a staff member do (a customer: none), whether two-factor sign-in is on, unused recovery codes. */
  permissions: Permission[];
  twoFactor: boolean;
  twoFactorRequired: boolean;
  recoveryCodesLeft: number;
};

/** Issue 42: one signed-in session (Profile, Sessions); a role; a staff member. */
export type SignInSession = Static<typeof W.SignInSession>;
export type StaffRole = Static<typeof W.StaffRole>;
export type StaffMember = Static<typeof W.StaffMember>;

export type UserDetails = Static<typeof W.UserDetails>;

export interface LoginAnswer {
  token: string;
  fullName: string;
  isSuperAdmin: boolean;
  role: Role;
  _id?: string;
  permissions: Permission[];
  /** ADMIN_2FA_REQUIRED (issue 42): this staff member must set up two-factor sign-in first. */
  twoFactorSetupRequired?: boolean;
}

/** Issue 42: POST /user/login's answer for an account with two-factor sign-in. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  challenge: string;
}

export interface RegisterAnswer {
  token: string;
  name: string;
  isSuperAdmin: boolean;
  role: Role;
  permissions: Permission[];
}

export interface ApiError {
  message: string;
}

// Issue 39: shipping and tax.
/** One rate of an order's tax summary (contract tax.ts). */
export type TaxLine = Static<typeof W.TaxLine>;
export type ShippingRateType = Static<typeof W.ShippingRateType>;
export type ShippingBand = Static<typeof W.ShippingBand>;
export type ShippingRate = Static<typeof W.ShippingRate>;
export type ShippingMethod = Static<typeof W.ShippingMethod>;
export type ShippingZone = Static<typeof W.ShippingZone>;
/** A method a buyer may choose (GET /shipping/methods). */
export type ShippingOption = Static<typeof W.ShippingOption>;
export type TaxClass = Static<typeof W.TaxClass>;
export type TaxRate = Static<typeof W.TaxRate>;
