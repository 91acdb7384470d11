import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { bearer, idParam } from '../lib/schemas.js';
import * as S from './service.js';

const tags = ['wishlist'];

export default async function wishlistRoutes(app: FastifyInstance, ctx: Ctx) {
  const user = { onRequest: ctx.auth.user };
  app.get('/wishlist', { ...user, schema: { tags, security: bearer } }, async (req) => ({ items: await S.wishlistOf(ctx.db, req.user!.id) }));
  app.post<{ Params: { id: string } }>('/wishlist/:id', { ...user, schema: { tags, security: bearer, summary: 'Add a product (id = product id)', params: idParam() } }, async (req) => ({
    items: await S.addToWishlist(ctx.db, req.user!.id, req.params.id),
  }));
  app.delete<{ Params: { id: string } }>('/wishlist/:id', { ...user, schema: { tags, security: bearer, params: idParam() } }, async (req) => ({
    items: await S.removeFromWishlist(ctx.db, req.user!.id, req.params.id),
  }));
}
