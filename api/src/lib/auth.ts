import { createSigner, createVerifier } from 'fast-jwt';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.js';
import { forbidden, unauthorized } from './errors.js';
import { isUuid } from './schemas.js';

export interface AuthUser {
  id: string;
  fullName: string;
  email: string;
  role: 'admin' | 'customer';
  isSuperAdmin: boolean;
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

export function createAuth(db: Queryable, secret: string, cost: HashCost = DEFAULT_HASH_COST) {
  const signShort = createSigner({ key: secret, algorithm: 'HS256', expiresIn: DAY });
  const signLong = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 30 * DAY });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });

  async function userFromRequest(req: FastifyRequest): Promise<AuthUser | null> {
    const header = req.headers.authorization;
    if (!header) return null;
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (!m) throw unauthorized('Malformed Authorization header');
    let payload: { sub?: unknown };
    try {
      payload = verifier(m[1]) as { sub?: unknown };
    } catch {
      throw unauthorized('Invalid or expired token');
    }
    if (typeof payload.sub !== 'string' || !isUuid(payload.sub)) throw unauthorized('Invalid or expired token');
    const row = await db.one<{ id: string; full_name: string; email: string; role: 'admin' | 'customer'; is_super_admin: boolean }>(
      `SELECT id, full_name, email, role, is_super_admin FROM users WHERE id = $1 AND deleted_at IS NULL`,
      [payload.sub],
    );
    if (!row) throw unauthorized('This account no longer exists');
    return { id: row.id, fullName: row.full_name, email: row.email, role: row.role, isSuperAdmin: row.is_super_admin };
  }

  const hashPassword = (password: string) =>
    hash(password, { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 });
  let dummy: Promise<string> | undefined;

  return {
    sign: (userId: string, remember = false) => (remember ? signLong : signShort)({ sub: userId }),
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
