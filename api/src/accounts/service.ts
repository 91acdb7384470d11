import { createHash, randomBytes } from 'node:crypto';
import {
  countryCodeOf,
  countryName,
  DEFAULT_LOCALE,
  isCountryCode,
  isPermission,
  type Locale,
  listFullMessage,
  type LoginAnswer,
  PASSWORD_WORDS,
  passwordProblem,
  type Permission,
  PER_USER_LISTS,
  type PerUserList,
  type Profile,
  type TwoFactorChallenge,
} from '@shop/contract';
import type { Db, Queryable } from '../db/client.js';
import { userDiscounts } from '../discounts/service.js';
import { tokenLifetimeMs, type Auth, type AuthUser } from '../lib/auth.js';
import { badRequest, conflict, fieldError, HttpError, notFound } from '../lib/errors.js';
import { SECRET_MARK, type SealedSecret } from '../mail/secrets.js';
import { enqueueMail } from '../mail/service.js';
import * as Q from './queries.js';
import * as SQ from './securityQueries.js';
import { deviceHashOf, deviceOf, networkOf, type SignInPlace } from './device.js';

export interface RegisterInput {
  fullName: string;
  email: string;
  contact: string;
  password: string;
}

/** locale: the language the customer registers in (issue 37), kept on the account for its e-mails. */
/** Issue 38: a new password passes the rule (contract password.ts), else a 400 naming its field. */
function checkNewPassword(field: string, password: string) {
  const problem = passwordProblem(password);
  if (problem) throw fieldError(field, PASSWORD_WORDS[problem]);
}

export async function register(db: Db, auth: Auth, input: RegisterInput, locale: Locale = DEFAULT_LOCALE, place?: SignInPlace) {
  const email = input.email.trim();
  const contact = input.contact.trim();
  checkNewPassword('password', input.password);
  if (await Q.findTaken(db, email, contact)) throw conflict('User already exists');
  const passwordHash = await auth.hashPassword(input.password);
  try {
    // The account, its first session and the welcome e-mail: all or nothing.
    return await db.tx(async (q) => {
      const user = (await Q.insertUser(q, { fullName: input.fullName.trim(), email, contact, passwordHash, locale }))!;
      const { token } = await startSession(q, auth, user.id, false, place);
      await enqueueMail(q, { to: user.email, key: `welcome:${user.id}`, message: { kind: 'welcome', fullName: user.full_name, locale } });
      return { token, name: user.full_name, isSuperAdmin: user.is_super_admin, role: user.role, _id: user.id, permissions: [] as Permission[] };
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict('User already exists');
    throw err;
  }
}

/**
 * Opens a session (it lives as long as its token) and signs the token that names it. Issue 42: the
 * session keeps where it comes from (Profile, Sessions), and its device is remembered for the account:
 * `newDevice` when the account had signed in from other devices but never this one.
 */
export async function startSession(q: Queryable, auth: Auth, userId: string, remember: boolean, place?: SignInPlace) {
  await Q.forgetEndedSessions(q, userId);
  const deviceHash = place ? deviceHashOf(place.deviceId) : null;
  const where = { userAgent: (place?.userAgent ?? '').slice(0, 400), network: place ? networkOf(place.ip) : '', deviceHash };
  const session = (await Q.openSession(q, userId, new Date(Date.now() + tokenLifetimeMs(remember)), where))!;
  const newDevice = deviceHash ? (await SQ.rememberDevice(q, userId, deviceHash)) && (await SQ.countKnownDevices(q, userId)) > 1 : false;
  return { token: auth.signSession(userId, session.id, remember), sessionId: session.id, newDevice };
}

/** Issue 42: what a staff member's role lets them do; a customer: nothing. */
export const permissionsOf = (u: Pick<Q.UserRow, 'role' | 'role_permissions'>): Permission[] => (u.role === 'admin' ? (u.role_permissions ?? []).filter(isPermission) : []);

/** What a sign-in needs besides the account (issue 42): where it comes from, the links of its e-mail, the two-factor rule. */
export interface SignInContext {
  place?: SignInPlace;
  publicUrl: string;
  seal: (secret: string) => SealedSecret;
  /** ADMIN_2FA_REQUIRED. */
  twoFactorRequired: boolean;
}

/** A sign-in challenge lives this long (the code step comes right after the password). */
export const CHALLENGE_MINUTES = 5;

/**
 * The session of a sign-in that passed (the password, and the code when the account has two-factor
 * sign-in), and its answer. A sign-in from a device the account never used e-mails its owner, with a
 * link that ends that session.
 */
export async function completeSignIn(q: Queryable, auth: Auth, user: Q.UserRow, remember: boolean, sc: SignInContext): Promise<LoginAnswer> {
  const { token, sessionId, newDevice } = await startSession(q, auth, user.id, remember, sc.place);
  if (newDevice && sc.place) {
    await enqueueMail(q, {
      to: user.email,
      key: `new-device:${sessionId}`,
      message: {
        kind: 'new-device',
        fullName: user.full_name,
        device: deviceOf(sc.place.userAgent),
        network: networkOf(sc.place.ip),
        endUrl: `${sc.publicUrl}/api/user/sessions/end?token=${SECRET_MARK}`,
      },
      secret: sc.seal(sessionId),
    });
  }
  const setupRequired = user.role === 'admin' && sc.twoFactorRequired && !user.totp_enabled_at;
  return {
    token,
    fullName: user.full_name,
    isSuperAdmin: user.is_super_admin,
    role: user.role,
    _id: user.id,
    permissions: setupRequired ? [] : permissionsOf(user),
    ...(setupRequired && { twoFactorSetupRequired: true }),
  };
}

/** `admit` (the login limits: lib/ratelimit.ts) may refuse the account found before its password is hashed. */
/** locale: the language the customer signs in with (issue 37), kept on the account for its e-mails. */
export async function login(
  db: Db,
  auth: Auth,
  uid: string,
  password: string,
  rememberMe = false,
  admit: (accountId: string | null) => Promise<void> = async () => undefined,
  locale: Locale = DEFAULT_LOCALE,
  sc: SignInContext = { publicUrl: '', seal: (s) => s as SealedSecret, twoFactorRequired: false },
): Promise<LoginAnswer | TwoFactorChallenge> {
  const user = await Q.findByUid(db, uid.trim());
  await admit(user?.id ?? null);
  // Verify against a hash even for an unknown uid, so timing does not reveal which accounts exist.
  const ok = await auth.verifyPassword(user?.password_hash ?? null, password);
  if (!user || !ok) throw new HttpError(401, 'Invalid credentials');
  if (user.suspended_at) throw new HttpError(403, 'This account is suspended. Ask the shop’s owner.');
  return db.tx(async (q) => {
    await Q.setUserLocale(q, user.id, locale);
    // Issue 42: with two-factor sign-in, no session yet: a challenge for the code step (kept as its hash).
    if (user.totp_enabled_at) {
      const challenge = randomBytes(32).toString('base64url');
      await SQ.forgetEndedChallenges(q, user.id);
      await SQ.insertChallenge(q, user.id, hashToken(challenge), rememberMe, new Date(Date.now() + CHALLENGE_MINUTES * 60_000));
      return { twoFactorRequired: true as const, challenge };
    }
    return completeSignIn(q, auth, user, rememberMe, sc);
  });
}

/**
 * An account's failed logins reached their ceiling (lib/ratelimit.ts): its owner is told, through the
 * outbox. Once per window: the key names the window by when it ends.
 */
export async function warnOfGuessing(db: Db, accountId: string, windowLeftMs: number): Promise<void> {
  const user = await Q.findUser(db, accountId);
  if (!user) return;
  const windowEnds = Math.round((Date.now() + windowLeftMs) / 1000);
  await enqueueMail(db, { to: user.email, key: `login-attempts:${user.id}:${windowEnds}`, message: { kind: 'login-attempts', fullName: user.full_name } });
}

/** POST /user/logout: the session the token names ends (a token without one ends at its expiry or with a password change). */
export async function logout(q: Queryable, user: AuthUser) {
  if (user.sessionId) await Q.revokeSession(q, user.id, user.sessionId);
}

// --- profile and password -------------------------------------------------------------------

const profileOf = (u: Q.UserRow, twoFactorRequired = false): Profile => ({
  _id: u.id,
  fullName: u.full_name,
  email: u.email,
  contact: u.contact,
  role: u.role,
  isSuperAdmin: u.is_super_admin,
  permissions: permissionsOf(u),
  twoFactor: u.totp_enabled_at !== null,
  twoFactorRequired: twoFactorRequired && u.role === 'admin',
  recoveryCodesLeft: u.totp_enabled_at !== null ? Number(u.codes_left) : 0,
});

export async function myProfile(q: Queryable, userId: string, twoFactorRequired = false): Promise<Profile> {
  const user = await Q.findUser(q, userId);
  if (!user) throw notFound('User not found');
  return profileOf(user, twoFactorRequired);
}

/** PUT /user/me: full name and contact, checked as at registration; a contact number is one account's. */
export async function updateProfile(q: Queryable, userId: string, input: { fullName: string; contact: string }, twoFactorRequired = false): Promise<Profile> {
  const fullName = input.fullName.trim();
  const contact = input.contact.trim();
  if (await Q.contactTakenByOther(q, userId, contact)) throw conflict('User already exists');
  try {
    if (!(await Q.updateProfile(q, userId, fullName, contact))) throw notFound('User not found');
    return profileOf((await Q.findUser(q, userId))!, twoFactorRequired);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict('User already exists');
    throw err;
  }
}

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';

/** The account's failed-login limit, as a password change uses it (accounts/routes.ts). */
export interface PasswordLimit {
  check(): Promise<void>;
  failed(): Promise<unknown>;
  passed(): Promise<void>;
}

/**
 * PUT /user/me/password: the current password proves it is the owner (a token alone may be a stolen
 * one: `check` counts a wrong one with the failed logins, `passed` clears them); every other session
 * ends, the one used stays.
 */
export async function changePassword(
  db: Db,
  auth: Auth,
  user: AuthUser,
  input: { currentPassword: string; newPassword: string },
  limit: PasswordLimit = { check: async () => undefined, failed: async () => undefined, passed: async () => undefined },
) {
  await limit.check();
  const row = await Q.findUser(db, user.id);
  if (!row || !(await auth.verifyPassword(row.password_hash, input.currentPassword))) {
    await limit.failed();
    throw badRequest(WRONG_CURRENT_PASSWORD);
  }
  await limit.passed();
  checkNewPassword('newPassword', input.newPassword);
  const passwordHash = await auth.hashPassword(input.newPassword);
  await db.tx(async (q) => {
    await Q.setPasswordHash(q, user.id, passwordHash);
    await Q.revokeSessionsBut(q, user.id, user.sessionId);
    await Q.closeResets(q, user.id);
  });
  return { message: 'Password changed' };
}

// --- forgotten passwords --------------------------------------------------------------------

/** A reset link is good for this long, once. */
export const RESET_LINK_MINUTES = 60;
export const RESET_LINK_INVALID = 'This reset link is not valid. Please ask for a new one.';
export const RESET_LINK_USED = 'This reset link has already been used. Please ask for a new one.';
export const RESET_LINK_EXPIRED = 'This reset link has expired. Please ask for a new one.';

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * POST /user/forgot-password, after the answer has gone (routes.ts): an account with that address gets
 * a single-use link, kept as its hash, and the e-mail carrying it, in one transaction; an unknown
 * address gets nothing, and the caller cannot tell the difference. The token is the e-mail's secret
 * (mail/secrets.ts: `seal`): no back-office view or outbox row holds it readable.
 */
export async function requestPasswordReset(db: Db, publicUrl: string, seal: (secret: string) => SealedSecret, email: string): Promise<void> {
  const user = await Q.findByEmail(db, email.trim());
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await db.tx(async (q) => {
    const reset = (await Q.insertReset(q, user.id, hashToken(token), new Date(Date.now() + RESET_LINK_MINUTES * 60_000)))!;
    await enqueueMail(q, {
      to: user.email,
      key: `password-reset:${reset.id}`,
      message: {
        kind: 'password-reset',
        fullName: user.full_name,
        resetUrl: `${publicUrl}/reset-password?token=${SECRET_MARK}`,
        expiresInMinutes: RESET_LINK_MINUTES,
      },
      secret: seal(token),
    });
  });
}

/**
 * POST /user/reset-password: the link's token is used up by the one statement that accepts it (two
 * resets at once: one wins), the password changes, and every session and older token of the account
 * ends, as do its other links.
 */
export async function resetPassword(db: Db, auth: Auth, token: string, password: string) {
  const tokenHash = hashToken(token);
  const found = await Q.findReset(db, tokenHash);
  if (!found) throw badRequest(RESET_LINK_INVALID);
  if (found.used) throw badRequest(RESET_LINK_USED);
  if (found.expired) throw badRequest(RESET_LINK_EXPIRED);
  checkNewPassword('password', password);
  const passwordHash = await auth.hashPassword(password);
  await db.tx(async (q) => {
    const claimed = await Q.claimReset(q, tokenHash);
    if (!claimed) throw badRequest(RESET_LINK_USED);
    await Q.setPasswordHash(q, claimed.user_id, passwordHash);
    await Q.revokeSessionsBut(q, claimed.user_id, null);
    await Q.closeResets(q, claimed.user_id);
  });
  return { message: 'Your password has been reset. You can log in with it now.' };
}

import type { AddressInput } from './queries.js';
export type { AddressInput };

/** SPEC §5: country, line1, city and a numeric postalCode are required; line2 and state optional. */
export function cleanAddress(a: AddressInput, defaultName: string): Omit<Q.AddressRow, '_id'> {
  const s = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : String(v).trim());
  const out = {
    fullName: s(a.fullName) || defaultName,
    line1: s(a.line1),
    line2: s(a.line2) || null,
    city: s(a.city),
    state: s(a.state) || null,
    postalCode: s(a.postalCode),
    country: s(a.country),
    countryCode: null as string | null,
  };
  // Issue 39: the ISO code beside the name; a code alone gives the name (the spec's words, English).
  const code = s(a.countryCode).toUpperCase();
  if (code && !isCountryCode(code)) throw fieldError('countryCode', `unknown country ${code}`);
  out.countryCode = code || countryCodeOf(out.country);
  if (!out.country && out.countryCode) out.country = countryName(out.countryCode);
  if (!out.line1 || !out.city || !out.country || !out.postalCode) throw badRequest('Please enter a valid address: country, line1, city and postalCode are required');
  if (!/^\d{1,12}$/.test(out.postalCode)) throw badRequest('Please enter a valid address: postalCode must be digits');
  return out;
}

export async function updateAddress(q: Queryable, userId: string, userName: string, id: string, a: AddressInput) {
  const current = await Q.getAddress(q, userId, id);
  if (!current) throw notFound('Address not found');
  return (await Q.updateAddress(q, userId, id, cleanAddress({ ...a, fullName: a.fullName ?? current.fullName }, userName)))!;
}

/** The discounts the shop gave this customer (the discounts domain keeps them). */
export const myDiscounts = (q: Queryable, userId: string) => userDiscounts(q, userId);

export const listAddresses = (q: Queryable, userId: string) => Q.listAddresses(q, userId);

/**
 * Refuses (400) one more in a customer's capped list (PER_USER_LISTS) when `others` (what the list holds
 * besides the one being added) is already at the cap. Locks the customer first, in the caller's
 * transaction, so simultaneous adds are counted one after another and never store one too many.
 */
export async function makeRoom(q: Queryable, userId: string, list: PerUserList, others: () => Promise<number>) {
  await Q.lockUser(q, userId);
  if ((await others()) >= PER_USER_LISTS[list].max) throw badRequest(listFullMessage(list));
}

export function addAddress(db: Db, userId: string, userName: string, a: AddressInput) {
  const address = cleanAddress(a, userName);
  return db.tx(async (q) => {
    await makeRoom(q, userId, 'addresses', () => Q.countAddresses(q, userId));
    return Q.insertAddress(q, userId, address);
  });
}

export async function deleteAddress(q: Queryable, userId: string, id: string) {
  if (!(await Q.deleteAddress(q, userId, id))) throw notFound('Address not found');
}

/**
 * Keeps an order's address (already cleaned) in the user's book, unless the very same one is there or
 * the book is full (the order goes through all the same). The order's transaction holds the buyer's row.
 */
export async function rememberAddress(q: Queryable, userId: string, a: Omit<Q.AddressRow, '_id'>) {
  const book = await Q.listAddresses(q, userId);
  if (book.length >= PER_USER_LISTS.addresses.max) return;
  const same = book.find(
    (s) => s.fullName === a.fullName && s.line1 === a.line1 && s.line2 === (a.line2 ?? '') && s.city === a.city && s.state === (a.state ?? '') && s.postalCode === a.postalCode && s.country === a.country,
  );
  if (!same) await Q.insertAddress(q, userId, a);
}
