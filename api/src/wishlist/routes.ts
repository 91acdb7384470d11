import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import { requestLocale } from '../lib/locale.js';
import * as S from './service.js';

export default async function wishlistRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  // The list's titles in the page's language (issue 37), its changes' answers too.
  route(app, auth, E.wishlist, async (req, reply) => ({ items: await S.wishlistOf(db, req.user!.id, requestLocale(req, reply)) }));
  route(app, auth, E.addToWishlist, async (req, reply) => ({ items: await S.addToWishlist(db, req.user!.id, req.params.id, requestLocale(req, reply)) }));
  route(app, auth, E.removeFromWishlist, async (req, reply) => ({ items: await S.removeFromWishlist(db, req.user!.id, req.params.id, requestLocale(req, reply)) }));
}
