import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { endpoints as E } from '@shop/contract';
import { route } from '../lib/endpoints.js';
import { sendHttpErrors } from '../lib/schemas.js';
import { createWalletOrder, orderTotal, type PreviewTotal, type WalletServiceDeps } from './service.js';

export interface WalletDeps extends WalletServiceDeps {
  ctx: Ctx;
  /** Default: the orders domain's preview, i.e. exactly what POST /order will charge. */
  previewTotal?: PreviewTotal;
}

/** POST /wallet/paypal/order {selectedCurr, couponCode?} -> { id }: the provider order for the caller's cart total in USD, the coupon taken off. */
export async function walletRoutes(app: FastifyInstance, deps: WalletDeps): Promise<void> {
  sendHttpErrors(app);
  const previewTotal: PreviewTotal = deps.previewTotal ?? orderTotal(deps.ctx.db);
  route(app, deps.ctx.auth, E.walletOrder, async (req) => {
    await deps.ctx.couponTries(req.user!.id, req.ip, req.body.couponCode);
    const { shippingMethodId, country, region, addressId } = req.body;
    return createWalletOrder({ ...deps, previewTotal }, req.user!.id, req.body.selectedCurr, req.body.couponCode, { shippingMethodId, country, region, addressId });
  });
}
