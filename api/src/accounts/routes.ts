import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';
import { endpoints as E } from '@shop/contract';
import { route } from '../lib/endpoints.js';
import { accountAddressKey, addressKey, throttledLogin } from '../lib/ratelimit.js';
import type { HttpError } from '../lib/errors.js';
import * as S from './service.js';
import * as TwoFactor from './twoFactor.js';
import * as Sessions from './sessions.js';
import { deviceCookie, deviceIdOf, newDeviceId, type SignInPlace } from './device.js';
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
  /** Issue 42: where a sign-in comes from; a device without the device cookie gets one. */
  const placeOf = (req: FastifyRequest, reply: FastifyReply): SignInPlace => {
    let deviceId = deviceIdOf(req.headers.cookie);
    if (!deviceId) {
      deviceId = newDeviceId();
      reply.header('set-cookie', deviceCookie(deviceId, req.protocol === 'https'));
    }
    return { userAgent: String(req.headers['user-agent'] ?? ''), ip: req.ip, deviceId };
  };
  const signInContext = (req: FastifyRequest, reply: FastifyReply): S.SignInContext => ({
    place: placeOf(req, reply),
    publicUrl: ctx.shop.publicUrl,
    seal: ctx.mailSecrets.seal,
    twoFactorRequired: ctx.auth.twoFactorRequired,
  });
  /** A wrong password or code of a signed-in account counts as a failed login of the account from this address. */
  const ownerLimit = (req: FastifyRequest): S.PasswordLimit => {
    const key = accountAddressKey(`acct:${req.user!.id}`, req.ip);
    return {
      check: () => ctx.limits.failuresPerAccountAddress.check(key),
      failed: () => Promise.all([ctx.limits.failuresPerAccountAddress.count(key), ctx.limits.failuresPerAccount.count(`acct:${req.user!.id}`)]),
      passed: () => ctx.limits.failuresPerAccountAddress.reset(key),
    };
  };
  const register = async (req: FastifyRequest<{ Body: S.RegisterInput }>, reply: FastifyReply) => {
    try {
      return await S.register(ctx.db, ctx.auth, req.body, requestLocale(req), placeOf(req, reply));
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
  route(app, auth, E.register, async (req, reply) => reply.code(201).send(await register(req, reply)), { preHandler: limitRegistrations });
  route(app, auth, E.login, (req, reply) => {
    const { uid, password, rememberMe } = req.body;
    return throttledLogin(
      ctx.limits,
      req.ip,
      uid,
      (admit) => S.login(db, auth, uid, password, rememberMe, admit, requestLocale(req), signInContext(req, reply)),
      // The account's owner is told, once a window; a mail that cannot be written does not change the answer.
      (accountId, window) => S.warnOfGuessing(db, accountId, window.ttlMs).catch((error) => req.log.error({ error }, 'the sign-in attempts e-mail could not be written')),
    );
  });
  // Issue 42: the code step, under the login limits (its failures count as failed logins of the challenge's account).
  route(app, auth, E.loginTwoFactor, (req, reply) =>
    throttledLogin(
      ctx.limits,
      req.ip,
      `challenge:${req.body.challenge.slice(0, 16)}`,
      async (admit) => {
        await admit(await TwoFactor.challengeAccount(db, req.body.challenge));
        return TwoFactor.signInWithCode(db, auth, ctx.totpSecrets, req.body, signInContext(req, reply));
      },
      (accountId, window) => S.warnOfGuessing(db, accountId, window.ttlMs).catch((error) => req.log.error({ error }, 'the sign-in attempts e-mail could not be written')),
    ),
  );
  route(app, auth, E.twoFactorSetup, (req) => TwoFactor.setup(db, ctx.totpSecrets, req.user!, ctx.shop.name));
  route(app, auth, E.twoFactorConfirm, (req) => TwoFactor.confirm(db, auth, ctx.totpSecrets, req.user!, req.body.code, ownerLimit(req)));
  route(app, auth, E.twoFactorDisable, (req) => TwoFactor.disable(db, auth, ctx.totpSecrets, req.user!, req.body, ownerLimit(req)));
  route(app, auth, E.twoFactorRecoveryCodes, (req) => TwoFactor.regenerate(db, auth, ctx.totpSecrets, req.user!, req.body, ownerLimit(req)));
  route(app, auth, E.mySessions, (req) => Sessions.listSessions(db, req.user!));
  route(app, auth, E.endMySession, async (req, reply) => {
    await Sessions.endSession(db, req.user!, req.params.id);
    return reply.code(204).send();
  });
  route(app, auth, E.endOtherSessions, (req) => Sessions.endOtherSessions(db, req.user!));
  route(app, auth, E.endSessionByLink, async (req, reply) => {
    await Sessions.endSessionByLink(db, ctx.mailSecrets, req.query.token);
    const done = 'That session has ended. If it was not you, choose a new password now.';
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${ctx.shop.name}</title></head><body><main><h1>${ctx.shop.name}</h1><p>${done}</p><p><a href="${ctx.shop.publicUrl}/forgot-password">Choose a new password</a></p></main></body></html>`;
    return reply.type('text/html; charset=utf-8').send(page);
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
  route(app, auth, E.myProfile, (req) => S.myProfile(db, req.user!.id, auth.twoFactorRequired));
  route(app, auth, E.updateMyProfile, (req) => S.updateProfile(db, req.user!.id, req.body, auth.twoFactorRequired));
  // A wrong current password counts as a failed login of the account from this address (a stolen token cannot guess it).
  route(app, auth, E.changeMyPassword, (req) => S.changePassword(db, auth, req.user!, req.body, ownerLimit(req)));
  route(app, auth, E.myDiscounts, async (req) => ({ discounts: await S.myDiscounts(db, req.user!.id) }));
  route(app, auth, E.myAddresses, (req) => S.listAddresses(db, req.user!.id));
  route(app, auth, E.addAddress, async (req, reply) => reply.code(201).send(await S.addAddress(db, req.user!.id, req.user!.fullName, req.body)));
  route(app, auth, E.updateAddress, (req) => S.updateAddress(db, req.user!.id, req.user!.fullName, req.params.id, req.body));
  route(app, auth, E.deleteAddress, async (req) => {
    await S.deleteAddress(db, req.user!.id, req.params.id);
    return { message: 'Address deleted' };
  });
}
