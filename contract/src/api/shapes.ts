// What the API answers, as schemas (issue 35; they replace api/src/docs/answers.ts). The API
// serializes its answers with them (a field not named here is not sent), its tests check every answer
// against them, and wire.ts's types are their Static<>. Every field the API sends is named.
import { Type } from '@sinclair/typebox';
import { AnswerId, DateTime, Nullable, Paginated, Strings } from './schema';
import { HOME_SECTIONS, literals } from './search';
import { LOCALE_CODES, type Locale, TRANSLATED_LOCALES, type TranslatedField, type Translations as TranslationsOf } from '../locales';

const string = Type.String();
const number = Type.Number();
const integer = Type.Integer();
const boolean = Type.Boolean();

export const Role = literals(['admin', 'customer']);
export const DiscountType = literals(['fixed', 'percentage']);
export const ORDER_STATUS_VALUES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'rejected'] as const;
export const OrderStatus = literals(ORDER_STATUS_VALUES);

export const Price = Type.Object({ currType: Type.String({ description: 'a currency _id' }), amount: number });
export const Prices = Type.Array(Price);
export const Currency = Type.Object({ _id: AnswerId, name: string, code: string, symbol: string });
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
export const VariantOption = Type.Object({ _id: AnswerId, name: string, isActive: boolean, inStock: boolean, incRate: Prices, imageUrls: Type.Optional(Strings), translations: nameTranslations });
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
export const Address = Type.Object({ _id: AnswerId, fullName: string, ...postal });
export const ShippingAddress = Type.Object({ fullName: string, ...postal });

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
});
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

export const StockReason = literals(['order', 'cancelled', 'rejected', 'deleted', 'reinstated', 'adjustment', 'import']);
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
