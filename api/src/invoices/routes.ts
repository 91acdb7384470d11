import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

// Issue 39: the store settings (the seller on every invoice) and an order's invoice and credit note PDFs.
export default async function invoiceRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  route(app, auth, E.storeSettings, () => S.getStoreSettings(db, ctx.guestCheckoutEnv));
  route(app, auth, E.updateStoreSettings, (req) => S.setStoreSettings(db, req.user!, req.body, ctx.guestCheckoutEnv));
  // Already compressed (its streams and the embedded font are deflated): sent as it is.
  for (const [e, kind] of [[E.invoicePdf, 'invoice'], [E.creditNotePdf, 'credit_note']] as const) {
    route(
      app,
      auth,
      e,
      async (req, reply) => {
        const { number, pdf } = await S.documentPdf(db, req.user!, req.params.id, kind);
        return reply.type('application/pdf').header('content-disposition', `attachment; filename="${number}.pdf"`).header('cache-control', 'private, no-store').send(pdf);
      },
      { compress: false },
    );
  }
}
