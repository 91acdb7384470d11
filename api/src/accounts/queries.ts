import type { Queryable } from '../db/client.js';

export interface UserRow {
  id: string;
  full_name: string;
  email: string;
  contact: string;
  password_hash: string;
  role: 'admin' | 'customer';
  is_super_admin: boolean;
  deleted_at: Date | null;
  created_at: Date;
  role_id: string | null;
  suspended_at: Date | null;
  totp_secret: string | null;
  totp_pending: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: string | number;
  /** The role's permissions (issue 42; null without a role). */
  role_permissions: string[] | null;
  /** Unused recovery codes. */
  codes_left: number;
}

/** A user with what issue 42 adds to every answer about them: the role's permissions, recovery codes left. */
const USER = `SELECT u.*, r.permissions AS role_permissions,
    (SELECT count(*)::int FROM recovery_codes c WHERE c.user_id = u.id AND c.used_at IS NULL) AS codes_left
  FROM users u LEFT JOIN roles r ON r.id = u.role_id`;

export const findByUid = (q: Queryable, uid: string) =>
  q.one<UserRow>(`${USER} WHERE (lower(u.email) = lower($1) OR (u.contact = $1 AND u.contact <> '')) AND u.deleted_at IS NULL ORDER BY u.created_at LIMIT 1`, [uid]);
export const findTaken = (q: Queryable, email: string, contact: string) =>
  q.one(`SELECT id FROM users WHERE lower(email) = lower($1) OR contact = $2`, [email, contact]);
export const insertUser = (
  q: Queryable,
  u: { fullName: string; email: string; contact: string; passwordHash: string; role?: string; isSuperAdmin?: boolean; createdAt?: Date; locale?: string; roleId?: string },
) =>
  // Issue 42: staff get a role (given, else Owner for the super admin, Manager for another admin).
  q.one<UserRow>(
    `INSERT INTO users (full_name, email, contact, password_hash, role, is_super_admin, created_at, locale, role_id)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8, CASE WHEN $5 = 'admin' THEN coalesce($9::uuid, (SELECT id FROM roles WHERE key = CASE WHEN $6 THEN 'owner' ELSE 'manager' END)) END)
     RETURNING *`,
    [u.fullName, u.email, u.contact, u.passwordHash, u.role ?? 'customer', u.isSuperAdmin ?? false, u.createdAt ?? new Date(), u.locale ?? 'en', u.roleId ?? null],
  );
/** The language the customer last used (issue 37: at login), for the e-mails written to them. */
export const setUserLocale = (q: Queryable, userId: string, locale: string) => q.query(`UPDATE users SET locale = $2 WHERE id = $1 AND locale <> $2`, [userId, locale]);

/** Holds the customer's row until the transaction ends: their simultaneous adds to a capped list wait for one another (issue 34 #9). */
export const lockUser = (q: Queryable, userId: string) => q.one(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);

export interface AddressRow {
  _id: string;
  fullName: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
  /** Issue 39: the country's ISO code (null: its text names none). */
  countryCode: string | null;
}
const ADDR = `id AS "_id", full_name AS "fullName", line1, coalesce(line2, '') AS line2, city, coalesce(state, '') AS state, postal_code AS "postalCode", country, country_code AS "countryCode"`;
export const listAddresses = (q: Queryable, userId: string) =>
  q.query<AddressRow>(`SELECT ${ADDR} FROM addresses WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
export const countAddresses = async (q: Queryable, userId: string) =>
  Number((await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM addresses WHERE user_id = $1`, [userId]))!.n);
export const getAddress = (q: Queryable, userId: string, id: string) =>
  q.one<AddressRow>(`SELECT ${ADDR} FROM addresses WHERE user_id = $1 AND id = $2`, [userId, id]);
export const insertAddress = (q: Queryable, userId: string, a: Omit<AddressRow, '_id'>) =>
  q.one<AddressRow>(
    `INSERT INTO addresses (user_id, full_name, line1, line2, city, state, postal_code, country, country_code) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) RETURNING ${ADDR}`,
    [userId, a.fullName, a.line1, a.line2, a.city, a.state, a.postalCode, a.country, a.countryCode],
  );
export const updateAddress = (q: Queryable, userId: string, id: string, a: Omit<AddressRow, '_id'>) =>
  q.one<AddressRow>(
    `UPDATE addresses SET full_name = $3, line1 = $4, line2 = $5, city = $6, state = $7, postal_code = $8, country = $9, country_code = $10
      WHERE user_id = $1 AND id = $2 RETURNING ${ADDR}`,
    [userId, id, a.fullName, a.line1, a.line2, a.city, a.state, a.postalCode, a.country, a.countryCode],
  );
export const deleteAddress = (q: Queryable, userId: string, id: string) =>
  q.one(`DELETE FROM addresses WHERE user_id = $1 AND id = $2 RETURNING id`, [userId, id]);

// --- sessions (migration 010) ---------------------------------------------------------------

/** Issue 42: with where it signed in from (Profile, Sessions) and its device's id, hashed. */
export const openSession = (q: Queryable, userId: string, expiresAt: Date, place: { userAgent: string; network: string; deviceHash: string | null }) =>
  q.one<{ id: string }>(`INSERT INTO user_sessions (user_id, expires_at, user_agent, network, device_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
    userId,
    expiresAt,
    place.userAgent,
    place.network,
    place.deviceHash,
  ]);
/** Sessions that ended long ago are of no use to anyone: cleared when their user signs in again. */
export const forgetEndedSessions = (q: Queryable, userId: string) =>
  q.query(`DELETE FROM user_sessions WHERE user_id = $1 AND (expires_at < now() OR revoked_at < now() - interval '1 day')`, [userId]);
export const revokeSession = (q: Queryable, userId: string, sessionId: string) =>
  q.query(`UPDATE user_sessions SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`, [sessionId, userId]);
/** Ends every open session of the user but `keep` (null: all), and every token without a session issued until now. */
export async function revokeSessionsBut(q: Queryable, userId: string, keep: string | null) {
  await q.query(`UPDATE user_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`, [userId, keep]);
  await q.query(`UPDATE users SET tokens_valid_after = now() WHERE id = $1`, [userId]);
}

// --- profile and password ------------------------------------------------------------------

export const findUser = (q: Queryable, id: string) => q.one<UserRow>(`${USER} WHERE u.id = $1 AND u.deleted_at IS NULL`, [id]);
export const findByEmail = (q: Queryable, email: string) =>
  q.one<UserRow>(`SELECT * FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL ORDER BY created_at LIMIT 1`, [email]);
export const contactTakenByOther = (q: Queryable, userId: string, contact: string) =>
  q.one(`SELECT id FROM users WHERE contact = $1 AND id <> $2`, [contact, userId]);
export const updateProfile = (q: Queryable, userId: string, fullName: string, contact: string) =>
  q.one<UserRow>(`UPDATE users SET full_name = $2, contact = $3 WHERE id = $1 AND deleted_at IS NULL RETURNING *`, [userId, fullName, contact]);
export const setPasswordHash = (q: Queryable, userId: string, passwordHash: string) =>
  q.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [userId, passwordHash]);

// --- password resets -----------------------------------------------------------------------

export const insertReset = (q: Queryable, userId: string, tokenHash: string, expiresAt: Date) =>
  q.one<{ id: string }>(`INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, $3) RETURNING id`, [userId, tokenHash, expiresAt]);
export const findReset = (q: Queryable, tokenHash: string) =>
  q.one<{ id: string; user_id: string; expired: boolean; used: boolean }>(
    `SELECT r.id, r.user_id, r.expires_at <= now() AS expired, r.used_at IS NOT NULL AS used
       FROM password_resets r JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL WHERE r.token_hash = $1`,
    [tokenHash],
  );
/** Uses the token up, if it is still good: of two resets at once, one gets its user, the other nothing. */
export const claimReset = (q: Queryable, tokenHash: string) =>
  q.one<{ user_id: string }>(
    `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [tokenHash],
  );
/** A reset ends the user's other links too; old rows (used or expired a day ago) go. */
export async function closeResets(q: Queryable, userId: string) {
  await q.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
  await q.query(`DELETE FROM password_resets WHERE user_id = $1 AND greatest(expires_at, coalesce(used_at, expires_at)) < now() - interval '1 day'`, [userId]);
}

/** An address as a buyer types it (checkout, My addresses): cleaned by the service before it is kept. */
export interface AddressInput {
  fullName?: string;
  line1: string;
  line2?: string | null;
  city: string;
  state?: string | null;
  postalCode: string | number;
  country: string;
  /** Issue 39: the country's ISO code; absent: read from country's text. */
  countryCode?: string | null;
}
