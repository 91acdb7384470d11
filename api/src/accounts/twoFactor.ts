// Two-factor sign-in (issue 42): set up from the profile (a secret for the authenticator app, confirmed
// by one of its codes, then 10 recovery codes shown once), the sign-in's code step, and turning it off
// or renewing the recovery codes with the password and a code. The secret is kept sealed with
// SECRETS_KEY (lib/secretBox.ts), the recovery codes as argon2 hashes.
import { randomInt } from 'node:crypto';
import { type LoginAnswer, RECOVERY_CODE_COUNT } from '@shop/contract';
import type { Db } from '../db/client.js';
import type { Auth, AuthUser } from '../lib/auth.js';
import { badRequest, conflict, fieldError, HttpError } from '../lib/errors.js';
import type { SecretBox } from '../lib/secretBox.js';
import * as Q from './queries.js';
import * as SQ from './securityQueries.js';
import { completeSignIn, hashToken, type PasswordLimit, type SignInContext } from './service.js';
import { matchingStep, newTotpSecret, otpauthUrl, qrSvgOf } from './totp.js';

export const WRONG_CODE = 'This code is not right. Check the time on your phone and try the newest code.';
export const CHALLENGE_ENDED = 'This sign-in has expired or was already used. Please sign in again with your password.';
export const RECOVERY_CODE_WRONG = 'This recovery code is not right, or it was already used.';
export const STAFF_MUST_KEEP_2FA = 'Two-factor sign-in is required for staff in this shop: it cannot be turned off.';

/** Crockford's base32 (no I, L, O, U): read aloud or typed without confusion. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new recovery code: 10 characters (50 bits), shown as xxxxx-xxxxx. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as typed, as it was hashed: upper case, no dash or space, O as 0 and I or L as 1. */
export const normalRecoveryCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');

/** New recovery codes for the account (the old ones stop working); answers them, to be shown once. */
async function renewRecoveryCodes(db: Db, auth: Auth, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => auth.hashPassword(normalRecoveryCode(c))));
  await db.tx((q) => SQ.replaceRecoveryCodes(q, userId, hashes));
  return codes;
}

/**
 * Which of the account's unused recovery codes this is (its id), or null. Every unused code's hash is
 * checked, and as many dummy ones as make RECOVERY_CODE_COUNT, whatever the code: a wrong code costs
 * what a right one does, and which one matched does not show.
 */
async function recoveryCodeOf(db: Db, auth: Auth, userId: string | null, typed: string): Promise<string | null> {
  const unused = userId ? await SQ.unusedRecoveryCodes(db, userId) : [];
  const code = normalRecoveryCode(typed);
  let found: string | null = null;
  for (let i = 0; i < Math.max(RECOVERY_CODE_COUNT, unused.length); i++) {
    const row = unused[i];
    const same = await auth.verifyPassword(row?.code_hash ?? null, code);
    if (same && row && found === null) found = row.id;
  }
  return found;
}

/** A dummy secret checked when there is no account's (an unknown challenge): the same work either way. */
const DUMMY_SECRET = newTotpSecret();

/** POST /user/me/2fa/setup: a new secret, pending until a code of it confirms it. */
export async function setup(db: Db, box: SecretBox, user: AuthUser, issuer: string) {
  if (user.twoFactor) throw conflict('Two-factor sign-in is already on. Turn it off first to set it up again.');
  const secret = newTotpSecret();
  await SQ.setPendingTotp(db, user.id, box.seal(secret));
  const url = otpauthUrl(secret, user.email, issuer);
  return { secret, otpauthUrl: url, qrSvg: await qrSvgOf(url) };
}

/** POST /user/me/2fa/confirm: a right code of the pending secret turns two-factor sign-in on; answers the recovery codes. */
export async function confirm(db: Db, auth: Auth, box: SecretBox, user: AuthUser, code: string, limit: PasswordLimit) {
  await limit.check();
  const row = await Q.findUser(db, user.id);
  if (!row || row.totp_enabled_at) throw conflict('Two-factor sign-in is already on.');
  if (!row.totp_pending) throw badRequest('Start the setup first: no secret is waiting for a code.');
  const step = matchingStep(box.open(row.totp_pending), code, Date.now(), -1);
  if (step === null) {
    await limit.failed();
    throw fieldError('code', WRONG_CODE);
  }
  await limit.passed();
  if (!(await SQ.enableTotp(db, user.id, step))) throw conflict('Two-factor sign-in is already on.');
  return { recoveryCodes: await renewRecoveryCodes(db, auth, user.id) };
}

/**
 * The password and a code (of the app, or a recovery code, which is then used up) prove the owner is
 * there: turning two-factor sign-in off, or new recovery codes. Failures count as failed logins of the
 * account from this address.
 */
async function proveOwner(db: Db, auth: Auth, box: SecretBox, user: AuthUser, password: string, code: string, limit: PasswordLimit) {
  await limit.check();
  const row = await Q.findUser(db, user.id);
  if (!row?.totp_enabled_at || !row.totp_secret) throw conflict('Two-factor sign-in is not on.');
  const passwordOk = await auth.verifyPassword(row.password_hash, password);
  const digits = /^\s*\d{6}\s*$/.test(code);
  const step = digits ? matchingStep(box.open(row.totp_secret), code, Date.now(), Number(row.totp_last_step)) : null;
  const recovery = digits ? null : await recoveryCodeOf(db, auth, user.id, code);
  if (!passwordOk) {
    await limit.failed();
    throw fieldError('password', 'Your password is not correct');
  }
  const used = step !== null ? await SQ.advanceTotpStep(db, user.id, step) : recovery ? await SQ.useRecoveryCode(db, recovery) : null;
  if (!used) {
    await limit.failed();
    throw fieldError('code', digits ? WRONG_CODE : RECOVERY_CODE_WRONG);
  }
  await limit.passed();
}

/** DELETE /user/me/2fa. Staff keep it while ADMIN_2FA_REQUIRED is on. */
export async function disable(db: Db, auth: Auth, box: SecretBox, user: AuthUser, input: { password: string; code: string }, limit: PasswordLimit) {
  if (user.role === 'admin' && auth.twoFactorRequired) throw conflict(STAFF_MUST_KEEP_2FA);
  await proveOwner(db, auth, box, user, input.password, input.code, limit);
  await db.tx((q) => SQ.disableTotp(q, user.id));
  return { message: 'Two-factor sign-in is off' };
}

/** POST /user/me/2fa/recovery-codes. */
export async function regenerate(db: Db, auth: Auth, box: SecretBox, user: AuthUser, input: { password: string; code: string }, limit: PasswordLimit) {
  await proveOwner(db, auth, box, user, input.password, input.code, limit);
  return { recoveryCodes: await renewRecoveryCodes(db, auth, user.id) };
}

/** The challenge's account, for the login limits (routes.ts): looked up before any code is checked. */
export async function challengeAccount(db: Db, challenge: string): Promise<string | null> {
  return (await SQ.findChallenge(db, hashToken(challenge)))?.user_id ?? null;
}

/**
 * POST /user/login/2fa: the challenge of a password that was right, and a code of the account's app
 * (±1 step, each step once) or one of its recovery codes (each once). Any failure (an unknown, used or
 * expired challenge; a wrong, replayed or another account's code) is a 401, counted with the login
 * limits by the route; the challenge holds until it is used by a right code or expires. The work is
 * the same whatever fails.
 */
export async function signInWithCode(
  db: Db,
  auth: Auth,
  box: SecretBox,
  input: { challenge: string; code?: string; recoveryCode?: string },
  sc: SignInContext,
): Promise<LoginAnswer> {
  const hasCode = input.code !== undefined;
  if (hasCode === (input.recoveryCode !== undefined)) throw fieldError(hasCode ? 'recoveryCode' : 'code', 'Send either the code of your app or a recovery code');
  const found = await SQ.findChallenge(db, hashToken(input.challenge));
  const usable = !!found?.usable && !!found.totp_secret;
  let secret = DUMMY_SECRET;
  if (usable) {
    try {
      secret = box.open(found.totp_secret!);
    } catch {
      /* sealed under another SECRETS_KEY: no code is right */
    }
  }
  const step = hasCode ? matchingStep(secret, input.code!, Date.now(), usable ? Number(found.totp_last_step) : Number.MAX_SAFE_INTEGER) : null;
  const recovery = hasCode ? null : await recoveryCodeOf(db, auth, usable ? found.user_id : null, input.recoveryCode!);
  if (!usable) throw new HttpError(401, CHALLENGE_ENDED);
  const wrong = hasCode ? WRONG_CODE : RECOVERY_CODE_WRONG;
  if (step === null && recovery === null) throw new HttpError(401, wrong);
  return db.tx(async (q) => {
    // Each in the one transaction: the step or the recovery code is used up, and the challenge, or nothing is.
    const used = step !== null ? await SQ.advanceTotpStep(q, found.user_id, step) : await SQ.useRecoveryCode(q, recovery!);
    if (!used) throw new HttpError(401, wrong);
    if (!(await SQ.claimChallenge(q, found.id))) throw new HttpError(401, CHALLENGE_ENDED);
    const user = (await Q.findUser(q, found.user_id))!;
    return completeSignIn(q, auth, user, found.remember, sc);
  });
}
