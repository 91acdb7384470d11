import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { bearer, id, idParam, message, pageQuery } from '../lib/schemas.js';
import * as S from './service.js';

type Page = { keyword?: string; limit: number; page: number };
const tags = ['users'];
const discountBody = { type: 'object', required: ['discountId'], properties: { discountId: id } } as const;

export default async function userRoutes(app: FastifyInstance, ctx: Ctx) {
  const admin = { onRequest: ctx.auth.admin };
  const superAdmin = { onRequest: ctx.auth.superAdmin };
  const list = (deleted: boolean) => async (req: { query: Page }) => {
    const { keyword, limit, page } = req.query;
    return S.searchUsers(ctx.db, deleted, keyword, limit, page);
  };
  app.post<{ Querystring: Page }>('/user', { ...admin, schema: { tags, security: bearer, summary: 'Search users by name/email', querystring: pageQuery(5) } }, list(false));
  app.post<{ Querystring: Page }>('/user/deleted', { ...admin, schema: { tags, security: bearer, summary: 'Deleted users', querystring: pageQuery(5) } }, list(true));
  app.get<{ Params: { id: string } }>('/user/:id', { ...admin, schema: { tags, security: bearer, params: idParam() } }, (req) =>
    S.userDetails(ctx.db, req.params.id),
  );
  app.delete<{ Params: { id: string } }>(
    '/user/:id',
    { ...superAdmin, schema: { tags, security: bearer, params: idParam(), response: { 200: message } } },
    async (req) => {
      await S.deleteUser(ctx.db, req.params.id, req.user!.id);
      return { message: 'User deleted' };
    },
  );
  app.post<{ Params: { id: string } }>(
    '/user/:id/restore',
    { ...superAdmin, schema: { tags, security: bearer, summary: 'Restore a deleted user (super admin): the account can log in again', params: idParam() } },
    (req) => S.restoreUser(ctx.db, req.params.id, req.user?.id ?? null),
  );
  app.put<{ Params: { id: string }; Body: { newRole: 'admin' | 'customer' } }>(
    '/user/:id/change-role',
    {
      ...superAdmin,
      schema: { tags, security: bearer, params: idParam(), body: { type: 'object', required: ['newRole'], properties: { newRole: { type: 'string', enum: ['admin', 'customer'] } } } },
    },
    (req) => S.changeRole(ctx.db, req.params.id, req.body.newRole, req.user!.id),
  );
  app.patch<{ Params: { id: string }; Body: { discountId: string } }>(
    '/user/:id/addDiscountToUser',
    { ...admin, schema: { tags, security: bearer, params: idParam(), body: discountBody } },
    (req) => S.addDiscountToUser(ctx.db, req.params.id, req.body.discountId, req.user!.id),
  );
  app.patch<{ Params: { id: string }; Body: { discountId: string } }>(
    '/user/:id/removeDiscount',
    { ...admin, schema: { tags, security: bearer, params: idParam(), body: discountBody } },
    (req) => S.removeDiscountFromUser(ctx.db, req.params.id, req.body.discountId, req.user!.id),
  );
}
