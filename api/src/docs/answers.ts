// What the routes answer, for the OpenAPI document only (issue 23): the shapes of @shop/contract's wire
// types (wire.ts, coupons.ts, stock.ts, contact.ts) as JSON schemas, and the routes that answer them.
//
// Documentation only, on purpose: Fastify serializes a route's own response schema and drops every
// field the schema does not name, so one forgotten field there would silently break a client. These
// schemas never reach the serializer; docs/index.ts moves them into the document (swagger transform).
// docs.test.ts checks real answers against them with every field required and none left out.

type Schema = Record<string, unknown>;

const string = { type: 'string' } as const;
const number = { type: 'number' } as const;
const integer = { type: 'integer' } as const;
const boolean = { type: 'boolean' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const nullable = (s: { type: string } & Schema): Schema => ({ ...s, type: [s.type, 'null'] });
const list = (items: Schema): Schema => ({ type: 'array', items });
const strings = list(string);
/** An object whose fields are all sent, but those named optional. */
const obj = (properties: Record<string, Schema>, optional: string[] = []): Schema => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
});

export const messageAnswer = obj({ message: string });
const price = obj({ currType: { ...string, description: 'a currency _id' }, amount: number });
const prices = list(price);
/** Issue 37: a record's texts in other languages, {locale: {field: text}} (sent where the back office edits them). */
const translations = (...fields: string[]): Schema => ({
  type: 'object',
  description: 'per locale (not the default), the translated fields; a field left out falls back to English',
  additionalProperties: obj(Object.fromEntries(fields.map((f) => [f, string])), fields),
});
const discount = obj({ _id: string, title: string, discountType: { type: 'string', enum: ['fixed', 'percentage'] }, timeLimit: dateTime, value: prices, translations: translations('name') }, ['translations']);
const locale = { ...string, description: 'the language of its texts (issue 37): ?locale= or Accept-Language, English when the shop does not have it' };
const option = obj({ _id: string, name: string, isActive: boolean, inStock: boolean, incRate: prices, imageUrls: strings, translations: translations('name') }, ['translations']);
const variant = obj({ _id: string, type: string, options: list(option), translations: translations('name') }, ['translations']);
const stockLevel = obj({ options: strings, quantity: integer });
/** Product (wire.ts): a single product carries its stock and the low-stock threshold, a list's items do not. */
const product = obj(
  {
    _id: string,
    slug: string,
    title: string,
    description: string,
    features: strings,
    imageUrls: strings,
    basePrice: prices,
    tags: strings,
    isNew: boolean,
    discounts: list(discount),
    filterOptions: { ...strings, description: 'filter option ids' },
    variants: list(variant),
    createdAt: dateTime,
    trackInventory: boolean,
    available: boolean,
    stock: list(stockLevel),
    lowStockThreshold: integer,
    published: { ...boolean, description: 'false: a draft (issue 19), seen only in the back office' },
    rating: { ...obj({ average: number, count: integer }), description: "its approved reviews' average (one decimal, 0 without any) and count (issue 41)" },
    locale,
    translations: { ...translations('title', 'description'), description: 'sent with a product by id only' },
  },
  ['createdAt', 'stock', 'lowStockThreshold', 'translations'],
);
const page = (items: Schema): Schema => obj({ items: list(items), itemCount: integer, page: integer, limit: integer });
/** A page of the catalogue's search, in its locale (issue 37). */
const productPage: Schema = obj({ items: list(product), itemCount: integer, page: integer, limit: integer, locale });
const filter = obj(
  { _id: string, name: string, filterOptions: list(obj({ _id: string, name: string, translations: translations('name') }, ['translations'])), translations: translations('name'), locale },
  ['translations'],
);
const user = obj({
  _id: string,
  fullName: string,
  email: string,
  contact: string,
  role: { type: 'string', enum: ['admin', 'customer'] },
  isSuperAdmin: boolean,
  discounts: { ...strings, description: 'discount ids' },
  deletedAt: nullable(dateTime),
  createdAt: dateTime,
});
const postal = { line1: string, line2: nullable(string), city: string, state: nullable(string), postalCode: string, country: string };
const address = obj({ _id: string, fullName: string, ...postal }, ['line2', 'state']);
const cartItem = obj({
  _id: string,
  product: obj({ _id: string, title: string, slug: string, imageUrls: strings, discounts: list(discount) }),
  options: list(obj({ variantType: string, selectedOption: obj({ _id: string, name: string }) })),
  quantity: integer,
  unitPrice: prices,
  totalPrice: prices,
  availableQuantity: { ...nullable(integer), description: 'null: unlimited; 0: not available now' },
});
const cart = obj({ items: list(cartItem) });
const wishlistItem = obj({ _id: string, slug: string, title: string, imageUrls: strings, basePrice: prices, discounts: list(discount), variants: list(variant), trackInventory: boolean, available: boolean, stock: list(stockLevel) });
const wishlist = obj({ items: list(wishlistItem) });
const appliedCoupon = { ...obj({ code: string, amount: number }), type: ['object', 'null'] };
const orderCurrency = obj({ symbol: string, currType: string, code: string }, ['code']);
const order = obj(
  {
    _id: string,
    orderNumber: string,
    status: { type: 'string', enum: ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'rejected'] },
    orderDate: dateTime,
    paymentMethod: string,
    currency: orderCurrency,
    shippingAddress: obj({ fullName: string, ...postal }, ['line2', 'state']),
    items: list(
      obj(
        {
          _id: string,
          product: obj({ _id: string, title: string, slug: string, imageUrls: strings }, ['_id']),
          options: list(obj({ variantType: string, selectedOption: obj({ _id: string, name: string }, ['_id']) }, ['variantType'])),
          quantity: integer,
          unitPrice: prices,
          totalPrice: prices,
          discount: { ...number, description: "the product discounts' share of this line" },
        },
        ['unitPrice', 'discount'],
      ),
    ),
    subTotalPrice: number,
    productDiscount: number,
    userDiscount: number,
    totalDiscount: number,
    coupon: appliedCoupon,
    totalPrice: number,
    user: obj({ _id: string, fullName: string, email: string }),
    refund: { ...obj({ status: { type: 'string', enum: ['refunded', 'pending', 'failed'] }, reference: nullable(string), at: dateTime }), type: ['object', 'null'] },
  },
  ['productDiscount', 'userDiscount', 'user'],
);
/** A row of the admin's orders list (contract orderList.ts OrderListItem): GET /order with paging parameters. */
const orderListItem = obj({
  _id: string,
  orderNumber: string,
  customer: { ...obj({ _id: string, fullName: string, email: string }), type: ['object', 'null'] },
  shipTo: string,
  itemCount: integer,
  quantity: integer,
  totalPrice: number,
  currency: orderCurrency,
  paymentMethod: string,
  status: { type: 'string', enum: ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'rejected'] },
  orderDate: dateTime,
  refund: { ...obj({ status: { type: 'string', enum: ['refunded', 'pending', 'failed'] }, reference: nullable(string), at: dateTime }), type: ['object', 'null'] },
});
const preview = obj({
  subTotalPrice: number,
  productDiscount: number,
  userDiscount: number,
  couponDiscount: number,
  totalDiscount: number,
  coupon: appliedCoupon,
  totalPrice: number,
  currency: orderCurrency,
});
const coupon = obj({
  _id: string,
  code: string,
  discountType: { type: 'string', enum: ['fixed', 'percentage'] },
  value: prices,
  minSubtotal: prices,
  startsAt: nullable(dateTime),
  endsAt: nullable(dateTime),
  usageLimit: nullable(integer),
  perCustomerLimit: nullable(integer),
  firstOrderOnly: boolean,
  active: boolean,
  products: { ...strings, description: 'product ids; empty: the whole cart' },
  timesUsed: integer,
  createdAt: dateTime,
});
/** An audit log entry (contract audit.ts, issue 19): before and after are the row's values, any JSON. */
const auditEntry = obj({
  _id: string,
  at: dateTime,
  actor: { ...obj({ _id: string, fullName: string, email: string }), type: ['object', 'null'] },
  action: string,
  entity: string,
  entityId: string,
  before: { description: 'the values before the change (any JSON); null for a creation' },
  after: { description: 'the values after the change (any JSON); null for a deletion' },
});
const redemption = obj({
  orderId: string,
  orderNumber: string,
  customer: { ...obj({ _id: string, fullName: string, email: string }), type: ['object', 'null'] },
  amount: number,
  currency: obj({ symbol: string, code: string }),
  status: string,
  redeemedAt: dateTime,
  releasedAt: nullable(dateTime),
});
const movement = obj({
  _id: string,
  options: strings,
  combination: string,
  delta: integer,
  reason: { type: 'string', enum: ['order', 'cancelled', 'rejected', 'deleted', 'reinstated', 'adjustment', 'import'] },
  orderId: nullable(string),
  orderNumber: nullable(string),
  admin: { ...obj({ _id: string, fullName: string }), type: ['object', 'null'] },
  createdAt: dateTime,
});
const lowStockLine = obj({ productId: string, title: string, slug: string, options: strings, combination: string, quantity: integer });
const contactMessage = obj({ _id: string, name: string, email: string, message: string, read: boolean, createdAt: dateTime });
const mailSummary = {
  _id: string,
  kind: string,
  to: string,
  replyTo: nullable(string),
  subject: nullable(string),
  status: { type: 'string', enum: ['pending', 'sending', 'sent', 'failed'] },
  attempts: integer,
  lastError: nullable(string),
  createdAt: dateTime,
  sentAt: nullable(dateTime),
};
const mail = obj({ ...mailSummary, html: nullable(string), text: nullable(string) });
const userDetails = obj({ user, cart: list(cartItem), wishlist: list(wishlistItem) });

const suggestion = obj({
  products: list(obj({ _id: string, slug: string, title: string, basePrice: prices, discounts: list(discount), available: boolean, imageUrl: nullable(string) })),
  options: list(obj({ filter: string, filterId: string, option: string, optionId: string })),
});

const releasePage = obj({ path: string, module: string, guard: string, leadImage: { type: 'object' }, menu: { type: 'object' } }, ['leadImage', 'menu']);
const release = obj({ version: string, createdAt: dateTime, createdBy: string, pages: list(releasePage), shared: { type: 'object', additionalProperties: string }, integrity: string, status: { type: 'string', enum: ['stable', 'canary', 'past', 'new'] }, views: integer, errors: integer });
const remoteReleases = obj({ remote: string, stable: { anyOf: [release, { type: 'null' }] }, canary: { anyOf: [release, { type: 'null' }] }, percent: integer, history: list(release) });
const deployToken = obj({ _id: string, remote: string, createdAt: dateTime, createdBy: nullable(string), lastUsedAt: nullable(dateTime) });

const ok = (schema: Schema) => ({ 200: { ...schema, description: 'OK' } });
const created = (schema: Schema) => ({ 201: { ...schema, description: 'Created' } });

/**
 * Routes ('METHOD /api/pattern') whose own schema has no success answer, with what they answer by
 * status. A new route gets a complete response schema of its own, or a line here.
 */
export const DOCUMENTED_ANSWERS: Record<string, Record<number, Schema>> = {
  'POST /api/user/getUserDiscounts': ok(obj({ discounts: list(discount) })),
  'GET /api/user/addresses': ok(list(address)),
  'POST /api/user/addresses': created(address),
  'PUT /api/user/address/:id': ok(address),
  'DELETE /api/user/address/:id': ok(messageAnswer),
  'POST /api/user': ok(page(user)),
  'POST /api/user/deleted': ok(page(user)),
  'GET /api/user/:id': ok(userDetails),
  'PUT /api/user/:id/change-role': ok(user),
  'POST /api/user/:id/restore': ok(user),
  'PATCH /api/user/:id/addDiscountToUser': ok(user),
  'PATCH /api/user/:id/removeDiscount': ok(user),
  'POST /api/product/filter': ok(productPage),
  'GET /api/product/filter': ok(productPage),
  'GET /api/product/suggest': ok(suggestion),
  'GET /api/product/slugSearch/:slug': ok(product),
  'GET /api/product/:id': ok(product),
  'DELETE /api/product/:id': ok(messageAnswer),
  'POST /api/product': created(product),
  'PUT /api/product/:productId': ok(product),
  'POST /api/product/:productId/images': ok(product),
  'DELETE /api/product/:productId/images/:index': ok(product),
  'PUT /api/product/:productId/images/order': ok(product),
  'PUT /api/product/:productId/filterOptions': ok(product),
  'POST /api/product/:productId/variants': created(product),
  'PUT /api/product/:productId/variants/:variantId': ok(product),
  'DELETE /api/product/:productId/variants/:variantId': ok(product),
  'POST /api/product/variant-option/:variantId': created(product),
  'PUT /api/product/variant-option/:optionId': ok(product),
  'DELETE /api/product/variant-option/:optionId': ok(product),
  'PUT /api/product/:productId/stock': ok(product),
  'GET /api/product/:productId/stock/ledger': ok(page(movement)),
  'GET /api/stock/low': ok(list(lowStockLine)),
  'GET /api/mail': ok(page(obj(mailSummary))),
  'GET /api/mail/:id': ok(mail),
  'GET /api/contact': ok(page(contactMessage)),
  'PATCH /api/contact/:id': ok(contactMessage),
  'GET /api/filter': ok(list(filter)),
  'POST /api/filter': created(filter),
  'GET /api/filter/:id': ok(filter),
  'PATCH /api/filter/:id': ok(filter),
  'POST /api/filter/:id/filterOptions': created(filter),
  'PUT /api/filter/filterOptions/:id': ok(filter),
  'DELETE /api/filter/filterOptions/:id': ok(filter),
  'GET /api/discounts': ok(list(discount)),
  'POST /api/discounts': created(discount),
  'PUT /api/discounts/:id': ok(discount),
  'GET /api/coupons': ok(list(coupon)),
  'POST /api/coupons': created(coupon),
  'GET /api/coupons/:id': ok(coupon),
  'PUT /api/coupons/:id': ok(coupon),
  'GET /api/coupons/:id/redemptions': ok(page(redemption)),
  'GET /api/audit-log': ok(page(auditEntry)),
  'GET /api/releases': ok(list(remoteReleases)),
  'POST /api/releases/tokens': created(obj({ _id: string, token: string })),
  'GET /api/releases/tokens': ok(list(deployToken)),
  'GET /api/audit-log/actors': ok(list(obj({ _id: string, fullName: string, email: string }))),
  'GET /api/cart': ok(cart),
  'POST /api/cart': ok(cart),
  'PUT /api/cart/:id': ok(cart),
  'DELETE /api/cart/:id': ok(cart),
  'GET /api/wishlist': ok(wishlist),
  'POST /api/wishlist/:id': ok(wishlist),
  'DELETE /api/wishlist/:id': ok(wishlist),
  'POST /api/order': created(order),
  'GET /api/order': ok({ anyOf: [list(order), page(orderListItem)], description: 'without paging parameters every order (SPEC); with any of page, limit, keyword, from, to, sort a page of list rows' }),
  'POST /api/order/preview': ok(preview),
  'GET /api/order/:id': ok({ ...list(order), description: 'an array holding the order' }),
  'PATCH /api/order/:id': ok(order),
};
