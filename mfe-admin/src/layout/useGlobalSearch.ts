import { useEffect, useState } from 'react';
import { call, formatMoney, urlOf, useLoad, type AdminSearchAnswer, orderSearchPath, productEditPath } from '@shop/shared';

/** How many characters the search waits for (one character finds half the shop). */
export const GLOBAL_SEARCH_MIN_CHARS = 2;
/** How long typing must pause before the search is asked: one request per pause, not per key. */
export const GLOBAL_SEARCH_DEBOUNCE_MS = 200;

export type SearchKind = 'order' | 'product' | 'customer';

/** One option of the top bar's list: what it shows, and where choosing it goes. */
export interface SearchOption {
  key: string;
  kind: SearchKind;
  label: string;
  detail: string;
  href: string;
  /** An order: its details open over the orders list. */
  orderId?: string;
}

/** The kinds in the list's order, with their group titles. */
export const KINDS: Array<{ kind: SearchKind; title: string }> = [
  { kind: 'order', title: 'Orders' },
  { kind: 'product', title: 'Products' },
  { kind: 'customer', title: 'Customers' },
];

/**
 * The answer as the list's options, orders then products then customers: an order opens the orders
 * list searched for its number (and its details), a product its edit on /products, a customer the
 * users list searched for the e-mail.
 */
export function optionsOf(answer: AdminSearchAnswer): SearchOption[] {
  return [
    ...answer.orders.map((o) => ({
      key: `order-${o._id}`,
      kind: 'order' as const,
      label: o.orderNumber,
      detail: [o.customer ? `${o.customer.fullName} · ${o.customer.email}` : 'Deleted account', formatMoney(o.total, o.currencySymbol), o.status].join(' · '),
      href: orderSearchPath(o.orderNumber),
      orderId: o._id,
    })),
    ...answer.products.map((p) => ({ key: `product-${p._id}`, kind: 'product' as const, label: p.title, detail: `/${p.slug}`, href: productEditPath(p._id) })),
    ...answer.customers.map((c) => ({
      key: `customer-${c._id}`,
      kind: 'customer' as const,
      label: c.fullName,
      detail: c.role === 'admin' ? `${c.email} · Admin` : c.email,
      href: `/users?keyword=${encodeURIComponent(c.email)}`,
    })),
  ];
}

const NONE: AdminSearchAnswer = { orders: [], products: [], customers: [] };

/**
 * GET /admin/search for the text typed, once typing has paused and from GLOBAL_SEARCH_MIN_CHARS
 * characters; the last answer stays while the next loads (no flicker), an answer for text no longer
 * typed is dropped (useLoad). `settled`: the text the options are for (undefined while none is).
 */
export function useGlobalSearch(text: string, wanted: boolean): { options: SearchOption[]; settled: string | undefined; failed: boolean } {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), GLOBAL_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const asked = wanted && settled.length >= GLOBAL_SEARCH_MIN_CHARS ? settled : '';
  const loaded = useLoad(asked && urlOf('adminSearch', { query: { q: asked } }), () => call('adminSearch', { query: { q: asked } }).then(({ data }) => data), { keep: true });
  const typed = wanted && text.trim().length >= GLOBAL_SEARCH_MIN_CHARS;
  return {
    options: optionsOf((typed && loaded.data) || NONE),
    settled: typed && loaded.status === 'succeeded' ? asked : undefined,
    failed: typed && loaded.status === 'failed',
  };
}
