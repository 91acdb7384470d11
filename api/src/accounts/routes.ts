import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';
import { addressBody, bearer, idParam, nonBlank } from '../lib/schemas.js';
import { addressKey, throttledLogin } from '../lib/ratelimit.js';
import * as S from './service.js';

const registerBody = {
  type: 'object',
  required: ['fullName', 'email', 'contact', 'password'],
  properties: {
    fullName: nonBlank(100),
    email: { type: 'string', format: 'email', maxLength: 200 },
    contact: { type: 'string', pattern: '^\\s*\\+?[0-9 ()-]{5,20}\\s*$' },
    password: { type: 'string', minLength: 8, maxLength: 200 },
    confirmPassword: { type: 'string', maxLength: 200 },
  },
} as const;
const loginBody = {
  type: 'object',
  required: ['uid', 'password'],
  properties: { uid: nonBlank(200), password: { type: 'string', minLength: 1, maxLength: 200 }, rememberMe: { type: 'boolean' } },
} as const;
const authAnswer = (nameKey: 'name' | 'fullName') => ({
  type: 'object',
  properties: { token: { type: 'string' }, [nameKey]: { type: 'string' }, isSuperAdmin: { type: 'boolean' }, role: { type: 'string' }, _id: { type: 'string' } },
});
const tags = ['accounts'];

export default async function accountRoutes(app: FastifyInstance, ctx: Ctx) {
  /** Registrations per IP and per email (logins are limited by their failures: throttledLogin). */
  const limitRegistrations = async (req: FastifyRequest<{ Body: S.RegisterInput }>) => {
    ctx.limits.registrations.hit(addressKey(req.ip));
    ctx.limits.registrations.hit(`acct:${req.body.email.trim().toLowerCase()}`);
  };

  app.post<{ Body: S.RegisterInput }>(
    '/user/register',
    { preHandler: limitRegistrations, schema: { tags, body: registerBody, response: { 201: authAnswer('name'), 200: authAnswer('name') } } },
    async (req, reply) => reply.code(201).send(await S.register(ctx.db, ctx.auth, req.body)),
  );
  app.post<{ Body: { uid: string; password: string; rememberMe?: boolean } }>(
    '/user/login',
    { schema: { tags, body: loginBody, response: { 200: authAnswer('fullName') } } },
    (req) => {
      const { uid, password, rememberMe } = req.body;
      return throttledLogin(ctx.limits, req.ip, uid, (admit) => S.login(ctx.db, ctx.auth, uid, password, rememberMe, admit));
    },
  );
  app.post(
    '/user/getUserDiscounts',
    { onRequest: ctx.auth.user, schema: { tags, security: bearer, summary: "The caller's discounts" } },
    async (req) => ({ discounts: await S.myDiscounts(ctx.db, req.user!.id) }),
  );
  app.get('/user/addresses', { onRequest: ctx.auth.user, schema: { tags, security: bearer } }, (req) => S.listAddresses(ctx.db, req.user!.id));
  app.post<{ Body: S.AddressInput }>('/user/addresses', { onRequest: ctx.auth.user, schema: { tags, security: bearer, body: addressBody } }, async (req, reply) =>
    reply.code(201).send(await S.addAddress(ctx.db, req.user!.id, req.user!.fullName, req.body)),
  );
  app.put<{ Params: { id: string }; Body: S.AddressInput }>(
    '/user/address/:id',
    { onRequest: ctx.auth.user, schema: { tags, security: bearer, params: idParam(), body: addressBody } },
    (req) => S.updateAddress(ctx.db, req.user!.id, req.user!.fullName, req.params.id, req.body),
  );
  app.delete<{ Params: { id: string } }>(
    '/user/address/:id',
    { onRequest: ctx.auth.user, schema: { tags, security: bearer, params: idParam() } },
    async (req) => {
      await S.deleteAddress(ctx.db, req.user!.id, req.params.id);
      return { message: 'Address deleted' };
    },
  );
}
