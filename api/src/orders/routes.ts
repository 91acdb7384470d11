import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import { badRequest } from '../lib/errors.js';
import * as S from './service.js';
import { datedFilename, sendCsv } from '../lib/csv.js';
import { listOrderPage, ORDER_EXPORT_HEADER, orderExportPages, wantsPage } from './list.js';
import { endpoints as E } from '@shop/contract';
import { requestLocale } from '../lib/locale.js';
import { cartCaller, guestOrderInput, orderLinkOf } from '../guests/service.js';

export default async function orderRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  const kept = ctx.catalog.parts;
  // Not compressed: the order (~1.3 KB) would shrink by ~800 bytes once per checkout, for 0.1-0.5 ms of the
  // request thread's CPU (6.8 % of it under the checkout bench, measured): the thread checkouts wait on.
  route(
    app,
    auth,
    E.placeOrder,
    async (req, reply) => {
      const b = req.body;
      if (!b.addressId && !b.shippingAddress) throw badRequest('Send shippingAddress or addressId');
      await ctx.couponTries(req.user!.id, req.ip, b.couponCode);
      // The address's fields are checked by the service when used (SPEC §5): the schema takes any scalar.
      const input = {
        ...b,
        addressId: b.addressId ?? undefined,
        shippingAddress: (b.shippingAddress ?? undefined) as S.PlaceOrderInput['shippingAddress'],
        locale: requestLocale(req),
        // Issue 40: a guest's order asks for an e-mail (its confirmation and private link go there).
        guest: guestOrderInput(req.user!, b, orderLinkOf(ctx)),
      };
      return reply.code(201).send(await S.placeOrder(db, { verify: ctx.payments, refund: ctx.refundPayment, invoices: ctx.invoiceNumbers, kept }, req.user!, input, req.log));
    },
    { compress: false, onRequest: cartCaller(ctx) },
  );
  route(app, auth, E.previewOrder, async (req) => {
    await ctx.couponTries(req.user!.id, req.ip, req.body.couponCode);
    const { shippingMethodId, country, region, addressId } = req.body;
    return S.previewOrder(db, req.user!.id, req.body.selectedCurr, req.body.couponCode, undefined, { shippingMethodId, country, region, addressId }, requestLocale(req), kept);
  }, { onRequest: cartCaller(ctx) });
  route(app, auth, E.orders, (req) => (wantsPage(req.query) ? listOrderPage(db, req.user!, req.query) : S.listOrders(db, req.user!, req.query.status)));
  // Before /order/:id in intent; Fastify's router prefers the static path whatever the order.
  route(app, auth, E.exportOrders, (req, reply) => sendCsv(reply, datedFilename('orders'), ORDER_EXPORT_HEADER, orderExportPages(db, req.user!, req.query)));
  route(app, auth, E.order, async (req) => [await S.getOrder(db, req.user!, req.params.id)]);
  route(app, auth, E.changeOrderStatus, (req) => S.changeOrderStatus(db, ctx.refundPayment, req.user!, req.params.id, req.body, req.log, { secrets: ctx.mailSecrets, days: ctx.reviewRequestDays }));
  route(app, auth, E.deleteOrder, async (req) => {
    await S.deleteOrder(db, req.params.id, req.user!.id, ctx.mailSecrets);
    return { message: 'Order deleted' };
  });
}
