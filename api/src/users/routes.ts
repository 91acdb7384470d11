import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

export default async function userRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  route(app, auth, E.searchUsers, (req) => S.searchUsers(db, false, req.query.keyword, req.query.limit, req.query.page));
  route(app, auth, E.deletedUsers, (req) => S.searchUsers(db, true, req.query.keyword, req.query.limit, req.query.page));
  route(app, auth, E.user, (req) => S.userDetails(db, req.params.id));
  route(app, auth, E.deleteUser, async (req) => {
    await S.deleteUser(db, req.params.id, req.user!.id);
    return { message: 'User deleted' };
  });
  route(app, auth, E.restoreUser, (req) => S.restoreUser(db, req.params.id, req.user?.id ?? null));
  route(app, auth, E.changeRole, (req) => S.changeRole(db, req.params.id, req.body.newRole, req.user!.id));
  route(app, auth, E.addDiscountToUser, (req) => S.addDiscountToUser(db, req.params.id, req.body.discountId, req.user!.id));
  route(app, auth, E.removeDiscountFromUser, (req) => S.removeDiscountFromUser(db, req.params.id, req.body.discountId, req.user!.id));
}
