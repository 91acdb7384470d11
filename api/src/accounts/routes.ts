import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';
import { endpoints as E } from '@shop/contract';
import { route } from '../lib/endpoints.js';
import { accountAddressKey, addressKey, throttledLogin } from '../lib/ratelimit.js';
import type { HttpError } from '../lib/errors.js';
import * as S from './service.js';
import { requestLocale } from '../lib/locale.js';

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

  const { auth, db } = ctx;
  route(app, auth, E.register, async (req, reply) => reply.code(201).send(await register(req)), { preHandler: limitRegistrations });
  route(app, auth, E.login, (req) => {
    const { uid, password, rememberMe } = req.body;
    return throttledLogin(
      ctx.limits,
      req.ip,
      uid,
      (admit) => S.login(db, auth, uid, password, rememberMe, admit, requestLocale(req)),
      // The account's owner is told, once a window; a mail that cannot be written does not change the answer.
      (accountId, window) => S.warnOfGuessing(db, accountId, window.ttlMs).catch((error) => req.log.error({ error }, 'the sign-in attempts e-mail could not be written')),
    );
  });
  route(app, auth, E.logout, async (req, reply) => {
    await S.logout(db, req.user!);
    return reply.code(204).send();
  });
  route(app, auth, E.forgotPassword, async (req, reply) => {
    await limitResets(req, req.body.email);
    const work = S.requestPasswordReset(db, ctx.shop.publicUrl, ctx.mailSecrets.seal, req.body.email)
      .catch((error) => req.log.error({ error }, 'a password reset could not be prepared'))
      .finally(() => resetRequests.delete(work));
    resetRequests.add(work);
    return reply.code(202).send({ message: 'If an account exists for that address, we have sent a link to reset the password.' });
  });
  route(app, auth, E.resetPassword, async (req) => {
    await limitResets(req);
    return S.resetPassword(db, auth, req.body.token, req.body.password);
  });
  route(app, auth, E.myProfile, (req) => S.myProfile(db, req.user!.id));
  route(app, auth, E.updateMyProfile, (req) => S.updateProfile(db, req.user!.id, req.body));
  route(app, auth, E.changeMyPassword, (req) => {
    // A wrong current password counts as a failed login of the account from this address (a stolen token cannot guess it).
    const key = accountAddressKey(`acct:${req.user!.id}`, req.ip);
    return S.changePassword(db, auth, req.user!, req.body, {
      check: () => ctx.limits.failuresPerAccountAddress.check(key),
      failed: () => Promise.all([ctx.limits.failuresPerAccountAddress.count(key), ctx.limits.failuresPerAccount.count(`acct:${req.user!.id}`)]),
      passed: () => ctx.limits.failuresPerAccountAddress.reset(key),
    });
  });
  route(app, auth, E.myDiscounts, async (req) => ({ discounts: await S.myDiscounts(db, req.user!.id) }));
  route(app, auth, E.myAddresses, (req) => S.listAddresses(db, req.user!.id));
  route(app, auth, E.addAddress, async (req, reply) => reply.code(201).send(await S.addAddress(db, req.user!.id, req.user!.fullName, req.body)));
  route(app, auth, E.updateAddress, (req) => S.updateAddress(db, req.user!.id, req.user!.fullName, req.params.id, req.body));
  route(app, auth, E.deleteAddress, async (req) => {
    await S.deleteAddress(db, req.user!.id, req.params.id);
    return { message: 'Address deleted' };
  });
}
