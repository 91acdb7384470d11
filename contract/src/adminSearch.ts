import { ORDER_NUMBER_PREFIX } from './stock';
import type { OrderStatus } from './wire';

// The back office's global search (issue 19): GET /api/admin/search?q= answers a few orders (by
// number, or their customer's name or e-mail), products (by title) and customers (by name or
// e-mail); the admin's top bar offers them as you type.

/** The longest q the search takes (a longer one is refused with 400). */
export const ADMIN_SEARCH_MAX_LENGTH = 100;
/** How many of each kind an answer holds at most. */
export const ADMIN_SEARCH_LIMIT = 5;

export interface AdminSearchOrder {
  _id: string;
  /** 'AJ-100042' */
  orderNumber: string;
  status: OrderStatus;
  /** The order's total in its own currency (major units), with that currency's symbol. */
  total: number;
  currencySymbol: string;
  /** ISO date-time. */
  createdAt: string;
  /** The customer, when the account still exists. */
  customer: { _id: string; fullName: string; email: string } | null;
}

export interface AdminSearchProduct {
  _id: string;
  title: string;
  slug: string;
  /** The main photo's URL, or null. */
  imageUrl: string | null;
}

export interface AdminSearchCustomer {
  _id: string;
  fullName: string;
  email: string;
  role: 'admin' | 'customer';
}

export interface AdminSearchAnswer {
  orders: AdminSearchOrder[];
  products: AdminSearchProduct[];
  customers: AdminSearchCustomer[];
}

/**
 * The digits of an order number typed as 'AJ-100042', 'aj100042', '#100042' or '100042' (any case,
 * spaces around), or null when q is no order number. At most 15 digits (a bigint's safe part).
 */
export function orderNumberDigits(q: string): string | null {
  const prefix = ORDER_NUMBER_PREFIX.replace(/-$/, '').toLowerCase();
  const text = q.trim().toLowerCase();
  const rest = text.startsWith(prefix) ? text.slice(prefix.length).replace(/^[-\s]/, '') : text.replace(/^#/, '');
  return /^\d{1,15}$/.test(rest) ? rest : null;
}
