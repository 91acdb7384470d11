// The back office's product and customer exports (issue 19): their columns, read page after page for
// lib/csv.ts to write as they come. The orders' export is the orders domain's (orders/list.ts).
import type { Queryable } from '../db/client.js';
import { listCurrencies } from '../currencies/service.js';
import type { CsvCell } from '../lib/csv.js';
import { fromMinor } from '../lib/money.js';
import { IMPORT_PRICE_PREFIX } from '@shop/contract';
import * as Q from './queries.js';

/** Rows per page: one statement each, written before the next is read. */
export const EXPORT_PAGE_ROWS = 500;

async function* walk<T extends { at: string; id: string }>(read: (cursor: Q.Cursor | null) => Promise<T[]>, row: (r: T) => CsvCell[]): AsyncGenerator<CsvCell[][]> {
  let cursor: Q.Cursor | null = null;
  for (;;) {
    const rows = await read(cursor);
    if (rows.length) yield rows.map(row);
    if (rows.length < EXPORT_PAGE_ROWS) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.at, id: last.id };
  }
}

/**
 * Every product, newest first: the product import's columns (title, description, tags and images
 * separated by |, price_<CODE> per currency, empty where it has none) and what else the back office
 * shows (id, slug, features, stock when tracked, created).
 */
export async function productExport(q: Queryable) {
  const currencies = await listCurrencies(q);
  const header = ['id', 'slug', 'title', 'description', 'tags', ...currencies.map((c) => `${IMPORT_PRICE_PREFIX}${c.code}`), 'images', 'features', 'stock', 'created_at'];
  const pages = walk(
    (cursor) => Q.productsPage(q, cursor, EXPORT_PAGE_ROWS),
    (p): CsvCell[] => [
      p.id, p.slug, p.title, p.description, p.tags.join('|'),
      ...currencies.map((c) => (p.prices?.[c._id] === undefined ? null : fromMinor(p.prices[c._id]).toFixed(2))),
      p.image_urls.join('|'), p.features.join('|'), p.stock, new Date(p.created_at).toISOString(),
    ],
  );
  return { header, pages };
}

/** Customers with an account, newest first, with their orders' count and the last one's date. */
export function customerExport(q: Queryable) {
  const header = ['id', 'full_name', 'email', 'contact', 'registered_at', 'orders', 'last_order_at'];
  const pages = walk(
    (cursor) => Q.customersPage(q, cursor, EXPORT_PAGE_ROWS),
    (u): CsvCell[] => [u.id, u.full_name, u.email, u.contact, new Date(u.created_at).toISOString(), u.orders, u.last_order_at ? new Date(u.last_order_at).toISOString() : null],
  );
  return { header, pages };
}
