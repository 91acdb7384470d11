import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import type { Releases } from '../releases/index.js';
import { ratesRoutes, type Rates } from '../rates/index.js';
import { walletRoutes, type PaypalClient } from '../wallet/index.js';
import { listCurrencies } from '../currencies/service.js';
import accountRoutes from '../accounts/routes.js';
import cartRoutes from '../cart/routes.js';
import storefrontRoutes from '../catalog/storefront/routes.js';
import productAdminRoutes from '../catalog/admin/routes.js';
import productPublishingRoutes from '../catalog/publishing/routes.js';
import configRoutes from '../config/routes.js';
import currencyRoutes from '../currencies/routes.js';
import discountRoutes from '../discounts/routes.js';
import couponRoutes from '../coupons/routes.js';
import filterRoutes from '../filters/routes.js';
import orderRoutes from '../orders/routes.js';
import exportRoutes from '../exports/routes.js';
import reportRoutes from '../reports/routes.js';
import userRoutes from '../users/routes.js';
import wishlistRoutes from '../wishlist/routes.js';
import stockRoutes from '../stock/routes.js';
import stockAlertRoutes from '../stockAlerts/routes.js';
import mailRoutes from '../mail/routes.js';
import contactRoutes from '../contact/routes.js';
import auditRoutes from '../audit/routes.js';
import reviewRoutes from '../reviews/routes.js';
import adminSearchRoutes from '../adminSearch/routes.js';
import localeRoutes from '../locales/routes.js';
import shippingRoutes from '../shipping/routes.js';
import taxRoutes from '../tax/routes.js';
import invoiceRoutes from '../invoices/routes.js';
import staffRoutes from '../staff/routes.js';
import contentRoutes from '../content/routes.js';
import cardRoutes from '../cards/routes.js';
import guestRoutes from '../guests/routes.js';

// Every domain's routes, under /api, each domain in a scope of its own. The endpoints themselves are
// declared once in the contract's endpoint map (@shop/contract, issue 35): a domain's routes.ts registers
// its part of it (lib/endpoints.ts), and docs/endpointMap.test.ts checks that the two agree.

/** The domains whose routes take the context alone, in the order they are registered. */
const DOMAIN_ROUTES = [
  configRoutes, accountRoutes, userRoutes, storefrontRoutes, productAdminRoutes, stockRoutes, mailRoutes, contactRoutes, filterRoutes,
  currencyRoutes, discountRoutes, couponRoutes, cartRoutes, wishlistRoutes, orderRoutes, exportRoutes, reportRoutes, auditRoutes,
  adminSearchRoutes, reviewRoutes, localeRoutes, shippingRoutes, taxRoutes, invoiceRoutes, stockAlertRoutes, staffRoutes, contentRoutes, cardRoutes, guestRoutes,
];

export async function registerApiRoutes(app: FastifyInstance, o: { ctx: Ctx; releases: Releases; rates: Rates; paypal: PaypalClient | null }) {
  const { ctx, rates, paypal } = o;
  await app.register(
    async (api) => {
      await api.register(async (scope) => o.releases.routes(scope, ctx));
      for (const routes of DOMAIN_ROUTES) await api.register(async (scope) => routes(scope, ctx));
      await api.register(async (scope) => productPublishingRoutes(scope, ctx));
      const shopCodes = async () => (await listCurrencies(ctx.db)).map((c) => c.code);
      await api.register(async (scope) => ratesRoutes(scope, { rates, shopCodes, optionalUser: ctx.auth.optional }));
      await api.register(async (scope) => walletRoutes(scope, { ctx, paypal, rates }));
    },
    { prefix: '/api' },
  );
}
