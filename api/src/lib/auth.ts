import { createSigner, createVerifier } from 'fast-jwt';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.js';
import { userOfToken } from './authQueries.js';
import { forbidden, unauthorized } from './errors.js';
import { isUuid } from './schemas.js';

export interface AuthUser {
  id: string;
  fullName: string;
  email: string;
  role: 'admin' | 'customer';
  isSuperAdmin: boolean;
  /** The session the token names (`sid`), or null for a token signed without one (offline: the bench, the crash test). */
  sessionId: string | null;
}

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

export function createAuth(db: Queryable, secret: string, cost: HashCost = DEFAULT_HASH_COST) {
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
    return { id: row.id, fullName: row.full_name, email: row.email, role: row.role, isSuperAdmin: row.is_super_admin, sessionId: sid };
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
    admin: async (req: FastifyRequest) => {
      req.user = await userFromRequest(req);
      if (!req.user) throw unauthorized();
      if (req.user.role !== 'admin') throw forbidden('Admins only');
    },
    superAdmin: async (req: FastifyRequest) => {
      req.user = await userFromRequest(req);
      if (!req.user) throw unauthorized();
      if (req.user.role !== 'admin' || !req.user.isSuperAdmin) throw forbidden('Super admins only');
    },
  };
}
export type Auth = ReturnType<typeof createAuth>;
