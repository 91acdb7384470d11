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
}

export const findByUid = (q: Queryable, uid: string) =>
  q.one<UserRow>(`SELECT * FROM users WHERE (lower(email) = lower($1) OR contact = $1) AND deleted_at IS NULL ORDER BY created_at LIMIT 1`, [uid]);
export const findTaken = (q: Queryable, email: string, contact: string) =>
  q.one(`SELECT id FROM users WHERE lower(email) = lower($1) OR contact = $2`, [email, contact]);
export const insertUser = (
  q: Queryable,
  u: { fullName: string; email: string; contact: string; passwordHash: string; role?: string; isSuperAdmin?: boolean; createdAt?: Date },
) =>
  q.one<UserRow>(
    `INSERT INTO users (full_name, email, contact, password_hash, role, is_super_admin, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING *`,
    [u.fullName, u.email, u.contact, u.passwordHash, u.role ?? 'customer', u.isSuperAdmin ?? false, u.createdAt ?? new Date()],
  );

export interface AddressRow {
  _id: string;
  fullName: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
}
const ADDR = `id AS "_id", full_name AS "fullName", line1, coalesce(line2, '') AS line2, city, coalesce(state, '') AS state, postal_code AS "postalCode", country`;
export const listAddresses = (q: Queryable, userId: string) =>
  q.query<AddressRow>(`SELECT ${ADDR} FROM addresses WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
export const getAddress = (q: Queryable, userId: string, id: string) =>
  q.one<AddressRow>(`SELECT ${ADDR} FROM addresses WHERE user_id = $1 AND id = $2`, [userId, id]);
export const insertAddress = (q: Queryable, userId: string, a: Omit<AddressRow, '_id'>) =>
  q.one<AddressRow>(
    `INSERT INTO addresses (user_id, full_name, line1, line2, city, state, postal_code, country) VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING ${ADDR}`,
    [userId, a.fullName, a.line1, a.line2, a.city, a.state, a.postalCode, a.country],
  );
export const updateAddress = (q: Queryable, userId: string, id: string, a: Omit<AddressRow, '_id'>) =>
  q.one<AddressRow>(
    `UPDATE addresses SET full_name = $3, line1 = $4, line2 = $5, city = $6, state = $7, postal_code = $8, country = $9
      WHERE user_id = $1 AND id = $2 RETURNING ${ADDR}`,
    [userId, id, a.fullName, a.line1, a.line2, a.city, a.state, a.postalCode, a.country],
  );
export const deleteAddress = (q: Queryable, userId: string, id: string) =>
  q.one(`DELETE FROM addresses WHERE user_id = $1 AND id = $2 RETURNING id`, [userId, id]);
