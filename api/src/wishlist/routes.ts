import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

export default async function wishlistRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  route(app, auth, E.wishlist, async (req) => ({ items: await S.wishlistOf(db, req.user!.id) }));
  route(app, auth, E.addToWishlist, async (req) => ({ items: await S.addToWishlist(db, req.user!.id, req.params.id) }));
  route(app, auth, E.removeFromWishlist, async (req) => ({ items: await S.removeFromWishlist(db, req.user!.id, req.params.id) }));
}
