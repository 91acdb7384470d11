import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { COUPON_CODE_MAX } from '@shop/contract';
import { bearer, id, sendHttpErrors } from '../lib/schemas.js';
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
  app.post<{ Body: { selectedCurr: string; couponCode?: string } }>(
    '/wallet/paypal/order',
    {
      onRequest: deps.ctx.auth.user,
      schema: {
        tags: ['wallet'],
        security: bearer,
        summary: 'Create the wallet provider order for the cart total (converted to USD)',
        body: { type: 'object', required: ['selectedCurr'], properties: { selectedCurr: id, couponCode: { type: 'string', maxLength: COUPON_CODE_MAX + 20 } } },
        response: { 200: { type: 'object', properties: { id: { type: 'string' } } } },
      },
    },
    async (req) => {
      await deps.ctx.couponTries(req.user!.id, req.ip, req.body.couponCode);
      return createWalletOrder({ ...deps, previewTotal }, req.user!.id, req.body.selectedCurr, req.body.couponCode);
    },
  );
}
