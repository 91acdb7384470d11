import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { addressBody, bearer, id, idParam, message } from '../lib/schemas.js';
import { badRequest } from '../lib/errors.js';
import * as S from './service.js';
import { csvAnswer, datedFilename, sendCsv } from '../lib/csv.js';
import { listOrderPage, ORDER_EXPORT_HEADER, orderExportPages, wantsPage } from './list.js';
import { COUPON_CODE_MAX, ORDER_LIST_MAX_LIMIT, ORDER_PAGING_PARAMS, ORDER_SORTS, type OrderListQuery, type OrderPreviewBody } from '@shop/contract';
import { requestLocale } from '../lib/locale.js';

// Any text up to the longest code: one that no coupon has is refused with the shopper's message, not a schema error.
const couponCode = { type: 'string', maxLength: COUPON_CODE_MAX + 20 } as const;
const createBody = {
  type: 'object',
  required: ['paymentMethod', 'selectedCurr'],
  properties: {
    paymentMethod: { type: 'string', minLength: 1, maxLength: 50 },
    selectedCurr: id,
    // Checked in the service when used (SPEC §5), so an unused half-filled form does not block addressId.
    shippingAddress: {
      type: ['object', 'null'],
      properties: Object.fromEntries(Object.keys(addressBody.properties).map((k) => [k, { type: ['string', 'integer', 'null'], maxLength: 200, minimum: 0, maximum: 999999999999 }])),
    },
    addressId: { anyOf: [id, { type: 'null' }] },
    paypalOrderId: { type: 'string', minLength: 1, maxLength: 100 },
    couponCode: couponCode,
  },
} as const;
/** GET /order's and its export's query (issue 19); only the list pages (page, limit). */
const DATE_OR_TIME = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2}))?$';
const orderListQuery = (paged: boolean) => ({
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['all', ...S.STATUSES], ...(paged ? { default: 'all' } : {}) },
    ...(paged ? { page: { type: 'integer', minimum: 1, maximum: 100000 }, limit: { type: 'integer', minimum: 1, maximum: ORDER_LIST_MAX_LIMIT } } : {}),
    keyword: { type: 'string', maxLength: 200 },
    from: { type: 'string', pattern: DATE_OR_TIME, description: 'a date (YYYY-MM-DD, from its start in UTC) or a date-time with a zone' },
    to: { type: 'string', pattern: DATE_OR_TIME, description: 'a date (YYYY-MM-DD, to its end in UTC) or a date-time with a zone; included' },
    sort: { type: 'string', enum: ORDER_SORTS, description: 'key:direction; default date:desc' },
  },
});
type CreateBody = Omit<S.PlaceOrderInput, 'addressId' | 'shippingAddress'> & { addressId?: string | null; shippingAddress?: S.PlaceOrderInput['shippingAddress'] | null; paymentMethod: string; paypalOrderId?: string };
const tags = ['orders'];

export default async function orderRoutes(app: FastifyInstance, ctx: Ctx) {
  const user = { onRequest: ctx.auth.user };
  app.post<{ Body: CreateBody }>('/order', { ...user, compress: false, schema: { tags, security: bearer, body: createBody, summary: 'Check out the cart' } }, async (req, reply) => {
    const b = req.body;
    if (!b.addressId && !b.shippingAddress) throw badRequest('Send shippingAddress or addressId');
    await ctx.couponTries(req.user!.id, req.ip, b.couponCode);
    const input = { ...b, addressId: b.addressId ?? undefined, shippingAddress: b.shippingAddress ?? undefined, locale: requestLocale(req) };
    return reply.code(201).send(await S.placeOrder(ctx.db, { verify: ctx.payments, refund: ctx.refundPayment }, req.user!, input, req.log));
  });
  app.post<{ Body: OrderPreviewBody }>(
    '/order/preview',
    {
      ...user,
      schema: { tags, security: bearer, summary: 'What POST /order would charge now', body: { type: 'object', required: ['selectedCurr'], properties: { selectedCurr: id, couponCode } } },
    },
    async (req) => {
      await ctx.couponTries(req.user!.id, req.ip, req.body.couponCode);
      return S.previewOrder(ctx.db, req.user!.id, req.body.selectedCurr, req.body.couponCode);
    },
  );
  app.get<{ Querystring: OrderListQuery & { status: string } }>(
    '/order',
    {
      ...user,
      schema: {
        tags,
        security: bearer,
        summary: 'Admins: all orders; customers: their own',
        description: `Without paging parameters, SPEC's answer: every order, an array. With any of ${ORDER_PAGING_PARAMS.join(', ')}: a page, { items, itemCount, page, limit }.`,
        querystring: orderListQuery(true),
      },
    },
    (req) => (wantsPage(req.query) ? listOrderPage(ctx.db, req.user!, req.query) : S.listOrders(ctx.db, req.user!, req.query.status)),
  );
  // Before /order/:id in intent; Fastify's router prefers the static path whatever the order.
  app.get<{ Querystring: OrderListQuery }>(
    '/order/export.csv',
    {
      onRequest: ctx.auth.admin,
      schema: {
        tags,
        security: bearer,
        summary: 'The filtered orders as CSV, one row per line item (streamed)',
        querystring: orderListQuery(false),
        response: csvAnswer('orders.csv: one row per line item, the order repeated on each (number, date, status, customer, payment, currency, totals, the line, the address)'),
      },
    },
    (req, reply) => sendCsv(reply, datedFilename('orders'), ORDER_EXPORT_HEADER, orderExportPages(ctx.db, req.user!, req.query)),
  );
  app.get<{ Params: { id: string } }>('/order/:id', { ...user, schema: { tags, security: bearer, params: idParam(), summary: 'An array holding the order' } }, async (req) => [
    await S.getOrder(ctx.db, req.user!, req.params.id),
  ]);
  app.patch<{ Params: { id: string }; Body: { status: S.Status } }>(
    '/order/:id',
    { ...user, schema: { tags, security: bearer, params: idParam(), body: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: [...S.STATUSES] } } } } },
    (req) => S.changeOrderStatus(ctx.db, ctx.refundPayment, req.user!, req.params.id, req.body.status, req.log, { secrets: ctx.mailSecrets, days: ctx.reviewRequestDays }),
  );
  app.delete<{ Params: { id: string } }>(
    '/order/:id',
    { onRequest: ctx.auth.admin, schema: { tags, security: bearer, params: idParam(), response: { 200: message } } },
    async (req) => {
      await S.deleteOrder(ctx.db, req.params.id, req.user!.id);
      return { message: 'Order deleted' };
    },
  );
}
