import { createSigner, createVerifier } from 'fast-jwt';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import { PERMISSION_MISSING, TWO_FACTOR_SETUP_REQUIRED, type Permission } from '@shop/contract';
import type { Queryable } from '../db/client.js';
import { sessionSeen, userOfToken } from './authQueries.js';
import { forbidden, refusal, unauthorized } from './errors.js';
import { isUuid } from './schemas.js';

export interface AuthUser {
  id: string;
  fullName: string;
  email: string;
  role: 'admin' | 'customer';
  isSuperAdmin: boolean;
  /** The session the token names (`sid`), or null for a token signed without one (offline: the bench, the crash test). */
  sessionId: string | null;
  /** Issue 42: what the account's role lets it do in the back office (none for a customer). */
  permissions: Permission[];
  /** Two-factor sign-in is on for the account. */
  twoFactor: boolean;
  /** Issue 40: a guest's cart token, not an account (guests/service.ts guestCaller). */
  guest?: boolean;
}

/** Issue 42: may this user do what `permission` covers (a staff member whose role holds it)? */
export const can = (user: AuthUser | null | undefined, permission: Permission): boolean => !!user && user.role === 'admin' && user.permissions.includes(permission);

/** How often a session's last-seen time is written (a signed-in request reads it; at most one write a minute). */
const SEEN_EVERY_MS = 60_000;

export const NO_ACCESS = 'You do not have access';
export const TWO_FACTOR_SETUP_MESSAGE = 'Set up two-factor sign-in first: your profile, Two-factor sign-in';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export interface HashCost {
  memoryCost: number;
  timeCost: number;
}
/** OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane). Tests may lower it. */
export const DEFAULT_HASH_COST: HashCost = { memoryCost: 19456, timeCost: 2 };

const DAY = 24 * 60 * 60 * 1000;
/** How long a token (and its session) lives: 1 day, or 30 with "remember me". */
export const tokenLifetimeMs = (remember: boolean) => (remember ? 30 : 1) * DAY;

/** Issue 42: ADMIN_2FA_REQUIRED (on for a real shop): staff without two-factor sign-in may only set it up. */
export interface AuthOptions {
  adminTwoFactorRequired?: boolean;
}

export function createAuth(db: Queryable, secret: string, cost: HashCost = DEFAULT_HASH_COST, options: AuthOptions = {}) {
  const twoFactorRequired = options.adminTwoFactorRequired ?? false;
  const signShort = createSigner({ key: secret, algorithm: 'HS256', expiresIn: tokenLifetimeMs(false) });
  const signLong = createSigner({ key: secret, algorithm: 'HS256', expiresIn: tokenLifetimeMs(true) });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });

  async function userFromRequest(req: FastifyRequest): Promise<AuthUser | null> {
    const header = req.headers.authorization;
    if (!header) return null;
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (!m) throw unauthorized('Malformed Authorization header');
    let payload: { sub?: unknown; sid?: unknown; iat?: unknown };
    try {
      payload = verifier(m[1]) as { sub?: unknown; sid?: unknown; iat?: unknown };
    } catch {
      throw unauthorized('Invalid or expired token');
    }
    if (typeof payload.sub !== 'string' || !isUuid(payload.sub)) throw unauthorized('Invalid or expired token');
    const sid = payload.sid === undefined ? null : payload.sid;
    if (sid !== null && (typeof sid !== 'string' || !isUuid(sid))) throw unauthorized('Invalid or expired token');
    const issued = typeof payload.iat === 'number' && Number.isFinite(payload.iat) ? Math.floor(payload.iat) : 0;
    const row = await userOfToken(db, payload.sub, sid, issued);
    // A deleted account, or a session that ended (signed out, password changed or reset).
    if (!row) throw unauthorized('Your session has ended. Please log in again.');
    if (sid && row.last_seen_at && Date.now() - new Date(row.last_seen_at).getTime() > SEEN_EVERY_MS) await sessionSeen(db, sid);
    return {
      id: row.id,
      fullName: row.full_name,
      email: row.email,
      role: row.role,
      isSuperAdmin: row.is_super_admin,
      sessionId: sid,
      // Staff who must set up two-factor sign-in first hold no permission until then (ADMIN_2FA_REQUIRED).
      permissions: row.role === 'admin' && (row.two_factor || !twoFactorRequired) ? (row.permissions ?? []).filter((p): p is Permission => typeof p === 'string') : [],
      twoFactor: row.two_factor,
    };
  }

  /** A staff member, past the two-factor rule (ADMIN_2FA_REQUIRED): the admin hooks' common part. */
  async function staffFromRequest(req: FastifyRequest): Promise<AuthUser> {
    req.user = await userFromRequest(req);
    if (!req.user) throw unauthorized();
    if (req.user.role !== 'admin') throw forbidden('Admins only');
    if (twoFactorRequired && !req.user.twoFactor) throw refusal(TWO_FACTOR_SETUP_REQUIRED, TWO_FACTOR_SETUP_MESSAGE);
    return req.user;
  }

  const hashPassword = (password: string) =>
    hash(password, { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 });
  let dummy: Promise<string> | undefined;

  return {
    /** A token without a session (ends at its expiry or with a password change or reset): tests and tools. */
    sign: (userId: string, remember = false) => (remember ? signLong : signShort)({ sub: userId }),
    /** A token of a session (accounts/service.ts opens it at login and registration). */
    signSession: (userId: string, sessionId: string, remember = false) => (remember ? signLong : signShort)({ sub: userId, sid: sessionId }),
    hashPassword,
    /** With no hash (unknown account) a dummy hash is checked, so timing reveals nothing. */
    verifyPassword: async (hashed: string | null, password: string) => {
      try {
        if (!hashed) {
          dummy ??= hashPassword('not-a-password-' + Math.random());
          await verify(await dummy, password);
          return false;
        }
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
    /** onRequest hook: sets req.user when a valid token is sent; a bad token is refused. */
    optional: async (req: FastifyRequest) => {
      req.user = await userFromRequest(req);
    },
    /** onRequest hook: any signed-in user. */
    user: async (req: FastifyRequest) => {
      req.user = await userFromRequest(req);
      if (!req.user) throw unauthorized();
    },
    /** Any staff member (past the two-factor rule), whatever their role. */
    admin: async (req: FastifyRequest) => {
      await staffFromRequest(req);
    },
    superAdmin: async (req: FastifyRequest) => {
      const user = await staffFromRequest(req);
      if (!user.isSuperAdmin) throw forbidden('Super admins only');
    },
    /** The super admin's alone, and only while their role holds `permission` (issue 42). */
    superAdminWith: (permission: Permission | undefined) => async (req: FastifyRequest) => {
      const user = await staffFromRequest(req);
      if (permission && !user.permissions.includes(permission)) throw refusal(PERMISSION_MISSING, NO_ACCESS);
      if (!user.isSuperAdmin) throw forbidden('Super admins only');
    },
    /**
     * Issue 42: the onRequest hook of an endpoint for staff whose role holds `permission` (the map's
     * `permission`, lib/endpoints.ts). An endpoint that names none is the Owners' alone (closed until named).
     */
    staff: (permission: Permission | undefined) => async (req: FastifyRequest) => {
      const user = await staffFromRequest(req);
      if (permission ? !user.permissions.includes(permission) : !user.isSuperAdmin) throw refusal(PERMISSION_MISSING, NO_ACCESS);
    },
    /** Whether ADMIN_2FA_REQUIRED is on (the login answer says so to staff without it). */
    twoFactorRequired,
  };
}
export type Auth = ReturnType<typeof createAuth>;
