// What the API answers, as schemas (issue 35; they replace api/src/docs/answers.ts). The API
// serializes its answers with them (a field not named here is not sent), its tests check every answer
// against them, and wire.ts's types are their Static<>. Every field the API sends is named.
import { Type } from '@sinclair/typebox';
import { AnswerId, DateTime, Nullable, Paginated, Strings } from './schema';
import { HOME_SECTIONS, literals } from './search';
import { PERMISSIONS } from '../staff';
import { LOCALE_CODES, type Locale, TRANSLATED_LOCALES, type TranslatedField, type Translations as TranslationsOf } from '../locales';

const string = Type.String();
const number = Type.Number();
const integer = Type.Integer();
const boolean = Type.Boolean();

export const Role = literals(['admin', 'customer']);
/** Issue 42: what a staff member's role lets them do (contract staff.ts). */
export const PermissionName = literals(PERMISSIONS);
export const Permissions = Type.Array(PermissionName);
/** One signed-in session of an account (Profile, Sessions). */
export const SignInSession = Type.Object({
  _id: AnswerId,
  device: Type.String({ description: "from its browser's user agent: 'Firefox on Windows'" }),
  network: Type.String({ description: "the address's network: 203.0.113.0/24, 2001:db8:1::/48" }),
  createdAt: Type.String({ format: 'date-time' }),
  lastSeenAt: Type.String({ format: 'date-time' }),
  current: Type.Boolean({ description: 'the session asking' }),
});
/** A role of the shop (GET /roles). key: a built-in role's (owner, manager…), null for one the shop made. */
export const StaffRole = Type.Object({
  _id: AnswerId,
  key: Nullable(Type.String()),
  name: Type.String(),
  permissions: Permissions,
  members: Type.Integer(),
});
/** A staff member (GET /staff). invited: has not chosen a password yet. */
export const StaffMember = Type.Object({
  _id: AnswerId,
  fullName: Type.String(),
  email: Type.String(),
  roleId: Nullable(Type.String()),
  roleName: Type.String(),
  permissions: Permissions,
  isSuperAdmin: Type.Boolean(),
  twoFactor: Type.Boolean(),
  suspended: Type.Boolean(),
  invited: Type.Boolean(),
  lastSeenAt: Nullable(Type.String({ format: 'date-time' })),
});
export const DiscountType = literals(['fixed', 'percentage']);
import { ORDER_STATUS_VALUES } from './values';

export { ORDER_STATUS_VALUES };
export const OrderStatus = literals(ORDER_STATUS_VALUES);

export const Price = Type.Object({ currType: Type.String({ description: 'a currency _id' }), amount: number });
export const Prices = Type.Array(Price);
/** pricesIncludeTax (issue 39; the API always sends it): the currency's prices (and shipping rates) are entered with tax included (EUR, GBP, INR), or tax is added at checkout (USD). */
export const Currency = Type.Object({ _id: AnswerId, name: string, code: string, symbol: string, pricesIncludeTax: Type.Optional(boolean) });
/** Issue 37: a record's texts in other languages, {locale: {field: text}}; a field left out falls back to English. */
export const Translations = <const F extends TranslatedField>(...fields: F[]) =>
  Type.Unsafe<TranslationsOf<F>>(
    Type.Object(Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, Type.Optional(Type.Object(Object.fromEntries(fields.map((f) => [f, Type.Optional(string)]))))])), {
      description: 'per locale (not the default), the translated fields; a field left out falls back to English',
    }),
  );
/** The language of an answer's texts (issue 37): ?locale= or Accept-Language, English when the shop does not have it. */
export const LocaleCode = literals<Locale>(LOCALE_CODES);
const nameTranslations = Type.Optional(Translations('name'));
export const Discount = Type.Object({ _id: AnswerId, title: string, discountType: DiscountType, timeLimit: DateTime, value: Prices, translations: nameTranslations });
/** weight (issue 39): grams the choice adds to the product's (as incRate adds to its price). */
export const VariantOption = Type.Object({ _id: AnswerId, name: string, isActive: boolean, inStock: boolean, incRate: Prices, weight: Type.Optional(integer), imageUrls: Type.Optional(Strings), translations: nameTranslations });
export const Variant = Type.Object({ _id: AnswerId, type: string, translations: nameTranslations, options: Type.Array(VariantOption) });
export const FilterOption = Type.Object({ _id: AnswerId, name: string, translations: nameTranslations });
export const Filter = Type.Object({ _id: AnswerId, name: string, filterOptions: Type.Array(FilterOption), translations: nameTranslations, locale: Type.Optional(LocaleCode) });
/** A product's approved reviews: their average, rounded to one decimal (0 without any), and how many (issue 41). */
export const ProductRating = Type.Object({ average: number, count: integer });
export const StockLevel = Type.Object({ options: Strings, quantity: integer });

/** A product; a single product carries its stock and the low-stock threshold, a list's items do not. */
export const Product = Type.Object({
  _id: AnswerId,
  slug: string,
  title: string,
  description: string,
  features: Strings,
  imageUrls: Strings,
  basePrice: Prices,
  tags: Strings,
  isNew: boolean,
  discounts: Type.Array(Discount),
  filterOptions: Type.Array(Type.String(), { description: 'filter option ids' }),
  variants: Type.Array(Variant),
  createdAt: Type.Optional(DateTime),
  trackInventory: boolean,
  available: boolean,
  stock: Type.Optional(Type.Array(StockLevel)),
  lowStockThreshold: Type.Optional(integer),
  published: Type.Optional(Type.Boolean({ description: 'false: a draft (issue 19), seen only in the back office' })),
  rating: Type.Optional(ProductRating),
  locale: Type.Optional(LocaleCode),
  translations: Type.Optional(Translations('title', 'description')),
  /** Issue 39: the parcel weight of one piece in grams (options may add to it), and its tax class (null: the default class). */
  weight: Type.Optional(integer),
  taxClassId: Type.Optional(Nullable(string)),
});
/** A page of the catalogue's search, in its locale (issue 37). */
export const ProductPage = Type.Object({ ...Paginated(Product).properties, locale: Type.Optional(LocaleCode) });
export const HomeSectionAnswer = Type.Object({ type: literals(HOME_SECTIONS), products: Type.Array(Product), locale: Type.Optional(LocaleCode) });

export const SuggestedProduct = Type.Object({
  _id: AnswerId,
  slug: string,
  title: string,
  basePrice: Prices,
  discounts: Type.Array(Discount),
  available: boolean,
  imageUrl: Nullable(string),
});
export const SuggestedOption = Type.Object({ filter: string, filterId: string, option: string, optionId: string });
export const SuggestAnswer = Type.Object({ products: Type.Array(SuggestedProduct), options: Type.Array(SuggestedOption) });

export const SelectedOption = Type.Object({ variantType: string, selectedOption: Type.Object({ _id: AnswerId, name: string }) });
export const CartItem = Type.Object({
  _id: AnswerId,
  product: Type.Object({ _id: AnswerId, title: string, slug: string, imageUrls: Strings, discounts: Type.Array(Discount) }),
  options: Type.Array(SelectedOption),
  quantity: integer,
  unitPrice: Prices,
  totalPrice: Prices,
  availableQuantity: Nullable(integer, { description: 'null: unlimited; 0: not available now' }),
});
export const Cart = Type.Object({ items: Type.Array(CartItem) });

export const WishlistItem = Type.Object({
  _id: AnswerId,
  slug: string,
  title: string,
  imageUrls: Strings,
  basePrice: Prices,
  discounts: Type.Array(Discount),
  variants: Type.Array(Variant),
  trackInventory: boolean,
  available: boolean,
  stock: Type.Array(StockLevel),
});
export const Wishlist = Type.Object({ items: Type.Array(WishlistItem) });

const postal = {
  line1: string,
  line2: Type.Optional(Nullable(string)),
  city: string,
  state: Type.Optional(Nullable(string)),
  postalCode: string,
  country: string,
};
/** countryCode (issue 39): the ISO 3166-1 code beside the country's name (contract countries.ts); absent on an address written before, whose country text is read (countryCodeOf). */
export const Address = Type.Object({ _id: AnswerId, fullName: string, ...postal, countryCode: Type.Optional(Nullable(string)) });
export const ShippingAddress = Type.Object({ fullName: string, ...postal, countryCode: Type.Optional(Nullable(string)) });

export const AppliedCoupon = Type.Object({ code: string, amount: number });
export const OrderCurrency = Type.Object({ symbol: string, currType: string, code: Type.Optional(string) });
export const OrderRefund = Type.Object({ status: literals(['refunded', 'pending', 'failed']), reference: Nullable(string), at: DateTime });
const nullableObject = <T extends ReturnType<typeof Type.Object>>(schema: T) => Nullable(schema);
export const Person = Type.Object({ _id: AnswerId, fullName: string, email: string });

export const OrderItem = Type.Object({
  _id: AnswerId,
  product: Type.Object({ _id: Type.Optional(AnswerId), title: string, slug: string, imageUrls: Strings }),
  options: Type.Array(Type.Object({ variantType: Type.Optional(string), selectedOption: Type.Object({ _id: Type.Optional(AnswerId), name: string }) })),
  quantity: integer,
  unitPrice: Type.Optional(Prices),
  totalPrice: Prices,
  discount: Type.Optional(Type.Number({ description: "the product discounts' share of this line" })),
  /** Issue 39: the line's tax class and rate (percent) when the order was placed, and its share of the order's tax (contract tax.ts). */
  taxClassName: Type.Optional(Nullable(string)),
  taxRate: Type.Optional(Nullable(number)),
  taxAmount: Type.Optional(number),
});
/** Issue 39: one rate of an order's tax summary: rate (percent), base (the amount taxed, before tax) and the tax, rounded once (contract tax.ts). */
export const TaxLine = Type.Object({ rate: number, base: number, amount: number });
/** The shipping method an order or a preview goes by (its name as when ordered). */
export const OrderShippingMethod = Type.Object({ _id: Nullable(string), name: string });
/**
 * Issue 39: shipping and tax of a preview and an order. shippingPrice as the currency's prices are
 * written (tax included where pricesIncludeTax); taxTotal: the sum of taxLines (inside the total when
 * pricesIncludeTax, added to it otherwise). totalPrice = goods after discounts + shippingPrice (+ taxTotal when prices exclude tax).
 */
const shippingAndTax = {
  shippingMethod: nullableObject(OrderShippingMethod),
  shippingCountry: Nullable(string, { description: 'ISO 3166-1 code the order ships to (null: shipping not set up when ordered)' }),
  shippingPrice: number,
  taxTotal: number,
  taxLines: Type.Array(TaxLine),
  pricesIncludeTax: boolean,
};
/** Issue 38 (16): how a shipped order travels; trackingUrl for a known carrier (contract shipping.ts). */
export const OrderShipment = Type.Object({ carrier: Nullable(string), trackingNumber: Nullable(string), trackingUrl: Nullable(string) });
export const Order = Type.Object({
  _id: AnswerId,
  orderNumber: string,
  status: OrderStatus,
  orderDate: DateTime,
  paymentMethod: string,
  currency: OrderCurrency,
  shippingAddress: ShippingAddress,
  items: Type.Array(OrderItem),
  subTotalPrice: number,
  productDiscount: Type.Optional(number),
  userDiscount: Type.Optional(number),
  totalDiscount: number,
  coupon: nullableObject(AppliedCoupon),
  totalPrice: number,
  /** The buyer; phone (issue 38): the account's number, for the back office's order details. */
  user: Type.Optional(Type.Object({ ...Person.properties, phone: Type.Optional(string) })),
  refund: nullableObject(OrderRefund),
  shipment: Type.Optional(nullableObject(OrderShipment)),
  /** Issue 39: the invoice's number once placed (INV-2026-000123; null on an order placed before invoices). */
  invoiceNumber: Nullable(string),
  /** Issue 39: the credit note's number once cancelled or rejected (CN-2026-000007), else null. */
  creditNoteNumber: Nullable(string),
  /** Issue 40: placed by a guest (no account): the e-mail given at checkout is user.email. */
  guest: Type.Optional(Type.Boolean()),
  ...shippingAndTax,
});
/** A row of the admin's orders list (GET /order with paging parameters). */
export const OrderListItem = Type.Object({
  _id: AnswerId,
  orderNumber: string,
  customer: nullableObject(Person),
  shipTo: string,
  itemCount: integer,
  quantity: integer,
  totalPrice: number,
  currency: OrderCurrency,
  paymentMethod: string,
  status: OrderStatus,
  orderDate: DateTime,
  refund: nullableObject(OrderRefund),
  /** Issue 40: placed by a guest (the list marks it). */
  guest: Type.Optional(Type.Boolean()),
});
export const OrderPreview = Type.Object({
  subTotalPrice: number,
  productDiscount: number,
  userDiscount: number,
  couponDiscount: number,
  totalDiscount: number,
  coupon: nullableObject(AppliedCoupon),
  totalPrice: number,
  currency: Type.Object({ symbol: string, currType: string, code: string }),
  ...shippingAndTax,
});

export const Coupon = Type.Object({
  _id: AnswerId,
  code: string,
  discountType: DiscountType,
  value: Prices,
  minSubtotal: Prices,
  startsAt: Nullable(DateTime),
  endsAt: Nullable(DateTime),
  usageLimit: Nullable(integer),
  perCustomerLimit: Nullable(integer),
  firstOrderOnly: boolean,
  active: boolean,
  products: Type.Array(Type.String(), { description: 'product ids; empty: the whole cart' }),
  timesUsed: integer,
  createdAt: DateTime,
});
export const CouponRedemption = Type.Object({
  orderId: string,
  orderNumber: string,
  customer: nullableObject(Person),
  amount: number,
  currency: Type.Object({ symbol: string, code: string }),
  status: string,
  redeemedAt: DateTime,
  releasedAt: Nullable(DateTime),
});

export const AuditEntry = Type.Object({
  _id: AnswerId,
  at: DateTime,
  actor: nullableObject(Person),
  action: string,
  entity: string,
  entityId: string,
  before: Type.Unknown({ description: 'the values before the change (any JSON); null for a creation' }),
  after: Type.Unknown({ description: 'the values after the change (any JSON); null for a deletion' }),
  subject: Nullable(string, { description: "what it is about, by its name now (a title, a code, an order's number, an e-mail); null when gone" }),
});

export const StockReason = literals(['order', 'cancelled', 'rejected', 'deleted', 'reinstated', 'adjustment', 'import', 'held', 'released']);
export const StockMovement = Type.Object({
  _id: AnswerId,
  options: Strings,
  combination: string,
  delta: integer,
  reason: StockReason,
  orderId: Nullable(string),
  orderNumber: Nullable(string),
  admin: nullableObject(Type.Object({ _id: AnswerId, fullName: string })),
  createdAt: DateTime,
});
export const LowStockLine = Type.Object({ productId: string, title: string, slug: string, options: Strings, combination: string, quantity: integer });

export const ContactMessage = Type.Object({ _id: AnswerId, name: string, email: string, message: string, read: boolean, createdAt: DateTime });
export const MailStatus = literals(['pending', 'sending', 'sent', 'failed']);
const mailSummary = {
  _id: AnswerId,
  kind: string,
  to: string,
  replyTo: Nullable(string),
  subject: Nullable(string),
  status: MailStatus,
  attempts: integer,
  lastError: Nullable(string),
  createdAt: DateTime,
  sentAt: Nullable(DateTime),
};
export const OutboxMail = Type.Object(mailSummary);
export const OutboxMailDetails = Type.Object({ ...mailSummary, html: Nullable(string), text: Nullable(string) });

export const User = Type.Object({
  _id: AnswerId,
  fullName: string,
  email: string,
  contact: string,
  role: Role,
  isSuperAdmin: boolean,
  discounts: Type.Array(Type.String(), { description: 'discount ids' }),
  deletedAt: Type.Optional(Nullable(DateTime)),
  createdAt: Type.Optional(DateTime),
});
export const UserDetails = Type.Object({ user: User, cart: Type.Array(CartItem), wishlist: Type.Array(WishlistItem) });

// Issue 39: shipping zones and methods, tax classes and rates (the back office's), and what a buyer may choose.
export const ShippingRateType = literals(['flat', 'weight', 'value']);
/** upTo: grams (weight) or the currency's amount (value), included; null: no upper bound (a flat rate is one such band). */
export const ShippingBand = Type.Object({ upTo: Nullable(number), amount: number });
export const ShippingRate = Type.Object({ currType: string, bands: Type.Array(ShippingBand) });
export const ShippingMethod = Type.Object({
  _id: AnswerId,
  zoneId: string,
  name: string,
  estimate: string,
  type: ShippingRateType,
  rates: Type.Array(ShippingRate),
  freeOver: Prices,
});
export const ShippingZone = Type.Object({ _id: AnswerId, name: string, countries: Strings, methods: Type.Array(ShippingMethod) });
/** A method a buyer may choose for their cart: amount what it costs them (0 when free), free: free over its threshold. */
export const ShippingOption = Type.Object({ _id: AnswerId, name: string, estimate: string, amount: number, free: boolean });
/** isDefault: the class of a product without one (Standard); it cannot be deleted. */
export const TaxClass = Type.Object({ _id: AnswerId, name: string, isDefault: boolean });
export const TaxRate = Type.Object({ _id: AnswerId, classId: string, className: string, country: string, region: Nullable(string), percent: number });
