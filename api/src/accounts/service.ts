import type { Queryable } from '../db/client.js';
import { userDiscounts } from '../discounts/service.js';
import type { Auth } from '../lib/auth.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import * as Q from './queries.js';

export interface RegisterInput {
  fullName: string;
  email: string;
  contact: string;
  password: string;
}

export async function register(q: Queryable, auth: Auth, input: RegisterInput) {
  const email = input.email.trim();
  const contact = input.contact.trim();
  if (await Q.findTaken(q, email, contact)) throw conflict('User already exists');
  const passwordHash = await auth.hashPassword(input.password);
  let user: Q.UserRow | undefined;
  try {
    user = await Q.insertUser(q, { fullName: input.fullName.trim(), email, contact, passwordHash });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict('User already exists');
    throw err;
  }
  return { token: auth.sign(user!.id), name: user!.full_name, isSuperAdmin: user!.is_super_admin, role: user!.role, _id: user!.id };
}

/** `admit` (the login limits: lib/ratelimit.ts) may refuse the account found before its password is hashed. */
export async function login(q: Queryable, auth: Auth, uid: string, password: string, rememberMe = false, admit: (accountId: string | null) => void = () => undefined) {
  const user = await Q.findByUid(q, uid.trim());
  admit(user?.id ?? null);
  // Verify against a hash even for an unknown uid, so timing does not reveal which accounts exist.
  const ok = await auth.verifyPassword(user?.password_hash ?? null, password);
  if (!user || !ok) throw new HttpError(401, 'Invalid credentials');
  return { token: auth.sign(user.id, rememberMe), fullName: user.full_name, isSuperAdmin: user.is_super_admin, role: user.role, _id: user.id };
}

export interface AddressInput {
  fullName?: string;
  line1: string;
  line2?: string | null;
  city: string;
  state?: string | null;
  postalCode: string | number;
  country: string;
}

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
  };
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

export const addAddress = (q: Queryable, userId: string, userName: string, a: AddressInput) => Q.insertAddress(q, userId, cleanAddress(a, userName));

export async function deleteAddress(q: Queryable, userId: string, id: string) {
  if (!(await Q.deleteAddress(q, userId, id))) throw notFound('Address not found');
}

/** Keeps an order's address (already cleaned) in the user's book, unless the very same one is there. */
export async function rememberAddress(q: Queryable, userId: string, a: Omit<Q.AddressRow, '_id'>) {
  const same = (await Q.listAddresses(q, userId)).find(
    (s) => s.fullName === a.fullName && s.line1 === a.line1 && s.line2 === (a.line2 ?? '') && s.city === a.city && s.state === (a.state ?? '') && s.postalCode === a.postalCode && s.country === a.country,
  );
  if (!same) await Q.insertAddress(q, userId, a);
}
