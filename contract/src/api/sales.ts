// Orders (checkout, the lists, the status), coupons and discounts, and the process's readiness.
import { type Static, Type } from '@sinclair/typebox';
import { COUPON_CODE_MAX, COUPON_CODE_PATTERN } from '../coupons';
import { COUNTRY_CODE_PATTERN } from '../countries';
import { CARRIER_MAX_LENGTH, TRACKING_NUMBER_MAX_LENGTH, TRACKING_NUMBER_PATTERN } from '../shipping';
import { ORDER_LIST_MAX_LIMIT, ORDER_PAGING_PARAMS, ORDER_SORTS } from '../orderList';
import { endpoint } from './endpoint';
import { literals } from './search';
import { Coupon, CouponRedemption, Discount, DiscountType, ORDER_STATUS_VALUES, Order, OrderListItem, OrderPreview, OrderStatus } from './shapes';
import { Csv, Id, IdParam, Message, NonBlank, Nullable, Paginated, PagingQuery, PriceListInput, TranslationsBody } from './schema';

/** Any text up to the longest code: one that no coupon has is refused with the shopper's message, not a schema error. */
const CouponCodeInput = Type.String({ maxLength: COUPON_CODE_MAX + 20 });
const addressField = Type.Unsafe<string | number | null>({ type: ['string', 'integer', 'null'], maxLength: 200, minimum: 0, maximum: 999999999999 });
export const CreateOrderBody = Type.Object({
  paymentMethod: Type.String({ minLength: 1, maxLength: 50 }),
  selectedCurr: Id,
  /** Checked in the service when used (SPEC §5), so an unused half-filled form does not block addressId. */
  shippingAddress: Type.Optional(
    Nullable(
      Type.Object({
        fullName: Type.Optional(addressField),
        line1: Type.Optional(addressField),
        line2: Type.Optional(addressField),
        city: Type.Optional(addressField),
        state: Type.Optional(addressField),
        postalCode: Type.Optional(addressField),
        country: Type.Optional(addressField),
        countryCode: Type.Optional(Nullable(Type.String({ pattern: COUNTRY_CODE_PATTERN }))),
      }),
    ),
  ),
  addressId: Type.Optional(Type.Union([Id, Type.Null()])),
  /** The wallet provider's order id, captured and verified by the server. */
  paypalOrderId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** A coupon code (issue 22); one that does not apply refuses the order (409) and writes nothing. */
  couponCode: Type.Optional(CouponCodeInput),
  /**
   * Issue 39: the shipping method chosen (GET /shipping/methods). Required once shipping is set up (a zone
   * exists): absent, the cheapest method for the address's country is taken; one that no longer applies is refused (400).
   */
  shippingMethodId: Type.Optional(Type.Union([Id, Type.Null()])),
  /** Issue 40: a guest's e-mail (X-Cart-Token, no session): required then, where the confirmation and the order link go. */
  email: Type.Optional(Type.String({ maxLength: 254 })),
});
/**
 * Issue 39: where the order ships decides its shipping and tax: country (ISO code) and region (a state),
 * or a saved address (addressId); shippingMethodId as POST /order takes it.
 */
export const OrderPreviewBody = Type.Object({
  selectedCurr: Id,
  couponCode: Type.Optional(CouponCodeInput),
  shippingMethodId: Type.Optional(Type.Union([Id, Type.Null()])),
  country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
  region: Type.Optional(Type.String({ maxLength: 100 })),
  addressId: Type.Optional(Type.Union([Id, Type.Null()])),
});

const DATE_OR_TIME = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2}))?$';
const listFilters = {
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  from: Type.Optional(Type.String({ pattern: DATE_OR_TIME, description: 'a date (YYYY-MM-DD, from its start in UTC) or a date-time with a zone' })),
  to: Type.Optional(Type.String({ pattern: DATE_OR_TIME, description: 'a date (YYYY-MM-DD, to its end in UTC) or a date-time with a zone; included' })),
  sort: Type.Optional(Type.Unsafe<(typeof ORDER_SORTS)[number]>({ type: 'string', enum: ORDER_SORTS, description: 'key:direction; default date:desc' })),
};
const StatusFilter = literals(['all', ...ORDER_STATUS_VALUES]);
/** GET /order's query (issue 19): without paging parameters every order, with any a page. */
export const OrderListQuery = Type.Object({
  status: Type.Unsafe<Static<typeof StatusFilter>>({ ...StatusFilter, default: 'all' }),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ORDER_LIST_MAX_LIMIT })),
  ...listFilters,
});
export const OrderExportQuery = Type.Object({ status: Type.Optional(StatusFilter), ...listFilters });

const CouponTime = Nullable(Type.String({ maxLength: 40, description: 'ISO date-time; null or absent: no bound' }));
/** An order's new status; a shipment's carrier and tracking number when it ships (issue 38). */
export const OrderStatusChange = Type.Object({
  status: OrderStatus,
  carrier: Type.Optional(Type.String({ maxLength: CARRIER_MAX_LENGTH })),
  trackingNumber: Type.Optional(Type.String({ maxLength: TRACKING_NUMBER_MAX_LENGTH, pattern: `${TRACKING_NUMBER_PATTERN}|^$` })),
});

const CouponLimit = Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000_000 }));
export const CouponBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: COUPON_CODE_MAX, pattern: COUPON_CODE_PATTERN }),
  discountType: DiscountType,
  value: Type.Array(PriceListInput.items, { maxItems: PriceListInput.maxItems, minItems: 1 }),
  minSubtotal: Type.Optional(PriceListInput),
  startsAt: Type.Optional(CouponTime),
  endsAt: Type.Optional(CouponTime),
  usageLimit: Type.Optional(CouponLimit),
  perCustomerLimit: Type.Optional(CouponLimit),
  firstOrderOnly: Type.Optional(Type.Boolean()),
  active: Type.Boolean(),
  products: Type.Optional(Type.Array(Id, { maxItems: 500 })),
});
export const DiscountBody = Type.Object({
  title: NonBlank(120),
  discountType: DiscountType,
  timeLimit: Type.String({ minLength: 10, maxLength: 40, description: 'ISO date-time' }),
  value: Type.Optional(PriceListInput),
  translations: TranslationsBody('name'),
});

const Readiness = Type.Object({
  status: literals(['ready', 'not ready']),
  checks: Type.Optional(
    Type.Object({ database: Type.Optional(Type.String()), migrations: Type.Optional(Type.String()), catalog: Type.Optional(Type.String()), shutdown: Type.Optional(Type.String()) }),
  ),
});

const orders = ['orders'];
const coupons = ['coupons'];
const discounts = ['discounts'];

export const salesEndpoints = {
  placeOrder: endpoint({ method: 'POST', path: '/order', access: 'customer', tags: orders, summary: 'Check out the cart', body: CreateOrderBody, answers: { 201: Order } }),
  previewOrder: endpoint({ method: 'POST', path: '/order/preview', access: 'customer', tags: orders, summary: 'What POST /order would charge now', body: OrderPreviewBody, answers: { 200: OrderPreview } }),
  orders: endpoint({
    method: 'GET',
    path: '/order',
    access: 'customer',
    permission: 'orders',
    tags: orders,
    summary: 'Admins: all orders; customers: their own',
    description: `Without paging parameters, SPEC's answer: every order, an array. With any of ${ORDER_PAGING_PARAMS.join(', ')}: a page, { items, itemCount, page, limit }.`,
    query: OrderListQuery,
    answers: { 200: Type.Union([Type.Array(Order), Paginated(OrderListItem)]) },
  }),
  exportOrders: endpoint({
    method: 'GET',
    path: '/order/export.csv',
    access: 'admin', permission: 'orders',
    tags: orders,
    summary: 'The filtered orders as CSV, one row per line item (streamed)',
    query: OrderExportQuery,
    answers: { 200: Csv('orders.csv: one row per line item, the order repeated on each (number, date, status, customer, payment, currency, totals with shipping and tax apart, the line with its tax, the address)') },
  }),
  order: endpoint({ method: 'GET', path: '/order/:id', access: 'customer', permission: 'orders', tags: orders, summary: 'An array holding the order', params: IdParam, answers: { 200: Type.Array(Order) } }),
  changeOrderStatus: endpoint({
    method: 'PATCH',
    path: '/order/:id',
    access: 'customer',
    permission: 'orders',
    tags: orders,
    description: 'carrier and trackingNumber (both optional, issue 38) go with status shipped only: the shopper’s e-mail and My orders show them, with a tracking link for a known carrier',
    params: IdParam,
    body: OrderStatusChange,
    answers: { 200: Order },
  }),
  deleteOrder: endpoint({ method: 'DELETE', path: '/order/:id', access: 'admin', permission: 'orders', tags: orders, params: IdParam, answers: { 200: Message } }),

  coupons: endpoint({ method: 'GET', path: '/coupons', access: 'admin', permission: 'marketing', tags: coupons, summary: 'Every coupon, newest first', answers: { 200: Type.Array(Coupon) } }),
  createCoupon: endpoint({ method: 'POST', path: '/coupons', access: 'admin', permission: 'marketing', tags: coupons, body: CouponBody, answers: { 201: Coupon } }),
  coupon: endpoint({ method: 'GET', path: '/coupons/:id', access: 'admin', permission: 'marketing', tags: coupons, params: IdParam, answers: { 200: Coupon } }),
  updateCoupon: endpoint({ method: 'PUT', path: '/coupons/:id', access: 'admin', permission: 'marketing', tags: coupons, params: IdParam, body: CouponBody, answers: { 200: Coupon } }),
  deleteCoupon: endpoint({ method: 'DELETE', path: '/coupons/:id', access: 'admin', permission: 'marketing', tags: coupons, summary: 'Past orders keep the code and the amount it took off', params: IdParam, answers: { 200: Message } }),
  couponRedemptions: endpoint({
    method: 'GET',
    path: '/coupons/:id/redemptions',
    access: 'admin', permission: 'marketing',
    tags: coupons,
    summary: 'The orders that used the code, newest first',
    params: IdParam,
    query: PagingQuery(20),
    answers: { 200: Paginated(CouponRedemption) },
  }),

  discounts: endpoint({ method: 'GET', path: '/discounts', access: 'admin', permission: 'marketing', tags: discounts, answers: { 200: Type.Array(Discount) } }),
  createDiscount: endpoint({ method: 'POST', path: '/discounts', access: 'admin', permission: 'marketing', tags: discounts, body: DiscountBody, answers: { 201: Discount } }),
  updateDiscount: endpoint({ method: 'PUT', path: '/discounts/:id', access: 'admin', permission: 'marketing', tags: discounts, params: IdParam, body: DiscountBody, answers: { 200: Discount } }),
  deleteDiscount: endpoint({ method: 'DELETE', path: '/discounts/:id', access: 'admin', permission: 'marketing', tags: discounts, params: IdParam, answers: { 200: Message } }),

  ready: endpoint({
    method: 'GET',
    path: '/ready',
    access: 'anyone',
    tags: ['config'],
    summary: 'Readiness: the database answers, migrations applied, the catalogue in memory (503 until then)',
    answers: { 200: Readiness, 503: Readiness },
  }),
};
