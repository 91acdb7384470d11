import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';
import { addressBody, bearer, idParam, message, nonBlank } from '../lib/schemas.js';
import { accountAddressKey, addressKey, throttledLogin } from '../lib/ratelimit.js';
import type { HttpError } from '../lib/errors.js';
import * as S from './service.js';
import { requestLocale } from '../lib/locale.js';

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
const profileBody = {
  type: 'object',
  required: ['fullName', 'contact'],
  properties: { fullName: registerBody.properties.fullName, contact: registerBody.properties.contact },
} as const;
const passwordBody = {
  type: 'object',
  required: ['currentPassword', 'newPassword'],
  properties: { currentPassword: { type: 'string', minLength: 1, maxLength: 200 }, newPassword: registerBody.properties.password },
} as const;
const forgotBody = { type: 'object', required: ['email'], properties: { email: registerBody.properties.email } } as const;
const resetBody = {
  type: 'object',
  required: ['token', 'password'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 }, password: registerBody.properties.password },
} as const;
const profileAnswer = {
  type: 'object',
  properties: { _id: { type: 'string' }, fullName: { type: 'string' }, email: { type: 'string' }, contact: { type: 'string' }, role: { type: 'string' }, isSuperAdmin: { type: 'boolean' } },
} as const;
const tags = ['accounts'];

/** Reset requests still being prepared after their answer, per app (tests wait for them: resetRequestsSettled). */
const pendingResetRequests = new WeakMap<Ctx, Set<Promise<void>>>();
export async function resetRequestsSettled(ctx: Ctx): Promise<void> {
  await Promise.allSettled([...(pendingResetRequests.get(ctx) ?? [])]);
}

export default async function accountRoutes(app: FastifyInstance, ctx: Ctx) {
  /**
   * Registrations per IP and per email (logins are limited by their failures: throttledLogin). A
   * taken e-mail or number (409) tells an account exists, as a wrong password does: it counts as a
   * failed login of the address, and an address over its failed logins may not register either
   * (issue 34 #8: finding accounts costs what guessing a password does).
   */
  const limitRegistrations = async (req: FastifyRequest<{ Body: S.RegisterInput }>) => {
    await ctx.limits.registrations.hit(addressKey(req.ip));
    await ctx.limits.registrations.hit(`acct:${req.body.email.trim().toLowerCase()}`);
    await ctx.limits.failuresPerIp.check(addressKey(req.ip));
  };
  const register = async (req: FastifyRequest<{ Body: S.RegisterInput }>) => {
    try {
      return await S.register(ctx.db, ctx.auth, req.body, requestLocale(req));
    } catch (err) {
      if ((err as HttpError).statusCode === 409) await ctx.limits.failuresPerIp.count(addressKey(req.ip));
      throw err;
    }
  };

  /** Reset e-mails and reset attempts: per IP, and (e-mails) per address. */
  const limitResets = async (req: FastifyRequest, email?: string) => {
    await ctx.limits.resetsPerIp.hit(addressKey(req.ip));
    if (email !== undefined) await ctx.limits.resetsPerAddress.hit(`email:${email.trim().toLowerCase()}`);
  };
  // A reset request is answered before it is looked at, so the answer and its time are the same for
  // every address; the work (a link and its e-mail, for an account) goes on after. Closing the app waits for it.
  const resetRequests = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...resetRequests]);
  });
  pendingResetRequests.set(ctx, resetRequests);

  app.post<{ Body: S.RegisterInput }>(
    '/user/register',
    { preHandler: limitRegistrations, schema: { tags, body: registerBody, response: { 201: authAnswer('name'), 200: authAnswer('name') } } },
    async (req, reply) => reply.code(201).send(await register(req)),
  );
  app.post<{ Body: { uid: string; password: string; rememberMe?: boolean } }>(
    '/user/login',
    { schema: { tags, body: loginBody, response: { 200: authAnswer('fullName') } } },
    (req) => {
      const { uid, password, rememberMe } = req.body;
      return throttledLogin(
        ctx.limits,
        req.ip,
        uid,
        (admit) => S.login(ctx.db, ctx.auth, uid, password, rememberMe, admit, requestLocale(req)),
        // The account's owner is told, once a window; a mail that cannot be written does not change the answer.
        (accountId, window) => S.warnOfGuessing(ctx.db, accountId, window.ttlMs).catch((error) => req.log.error({ error }, 'the sign-in attempts e-mail could not be written')),
      );
    },
  );
  app.post(
    '/user/logout',
    { onRequest: ctx.auth.user, schema: { tags, security: bearer, summary: 'Ends the session of the token sent', response: { 204: { type: 'null' } } } },
    async (req, reply) => {
      await S.logout(ctx.db, req.user!);
      return reply.code(204).send();
    },
  );
  app.post<{ Body: { email: string } }>(
    '/user/forgot-password',
    { schema: { tags, summary: 'E-mails a single-use reset link to an account with this address; the same 202 for any address', body: forgotBody, response: { 202: message } } },
    async (req, reply) => {
      await limitResets(req, req.body.email);
      const work = S.requestPasswordReset(ctx.db, ctx.shop.publicUrl, ctx.mailSecrets.seal, req.body.email)
        .catch((error) => req.log.error({ error }, 'a password reset could not be prepared'))
        .finally(() => resetRequests.delete(work));
      resetRequests.add(work);
      return reply.code(202).send({ message: 'If an account exists for that address, we have sent a link to reset the password.' });
    },
  );
  app.post<{ Body: { token: string; password: string } }>(
    '/user/reset-password',
    { schema: { tags, summary: 'Sets a new password with a reset link; every session of the account ends', body: resetBody, response: { 200: message } } },
    async (req) => {
      await limitResets(req);
      return S.resetPassword(ctx.db, ctx.auth, req.body.token, req.body.password);
    },
  );
  app.get('/user/me', { onRequest: ctx.auth.user, schema: { tags, security: bearer, summary: "The caller's profile", response: { 200: profileAnswer } } }, (req) =>
    S.myProfile(ctx.db, req.user!.id),
  );
  app.put<{ Body: { fullName: string; contact: string } }>(
    '/user/me',
    { onRequest: ctx.auth.user, schema: { tags, security: bearer, summary: 'Changes full name and contact', body: profileBody, response: { 200: profileAnswer } } },
    (req) => S.updateProfile(ctx.db, req.user!.id, req.body),
  );
  app.put<{ Body: { currentPassword: string; newPassword: string } }>(
    '/user/me/password',
    { onRequest: ctx.auth.user, schema: { tags, security: bearer, summary: 'Changes the password; every other session ends', body: passwordBody, response: { 200: message } } },
    (req) => {
      // A wrong current password counts as a failed login of the account from this address (a stolen token cannot guess it).
      const key = accountAddressKey(`acct:${req.user!.id}`, req.ip);
      return S.changePassword(ctx.db, ctx.auth, req.user!, req.body, {
        check: () => ctx.limits.failuresPerAccountAddress.check(key),
        failed: () => Promise.all([ctx.limits.failuresPerAccountAddress.count(key), ctx.limits.failuresPerAccount.count(`acct:${req.user!.id}`)]),
        passed: () => ctx.limits.failuresPerAccountAddress.reset(key),
      });
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
