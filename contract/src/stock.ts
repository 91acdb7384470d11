// Stock (issue 17): what the API and every front end agree on. A product is bought as a combination,
// one option of each of its variants (none for a product without variants); each combination has a
// quantity, counted only when the product tracks its inventory.
import type { Product, StockLevel } from './wire';

export type { StockLevel } from './wire';

/** PUT /product/{productId}/stock */
export interface SetStockBody {
  trackInventory: boolean;
  stock: StockLevel[];
}

/** The largest quantity an admin may set for one combination. */
export const MAX_STOCK_QUANTITY = 1_000_000;
/** 'Only N left' from this many down, unless the shop sets LOW_STOCK_THRESHOLD. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;
/** A product with more combinations than this (a pathological variant grid) lists only those with a stored quantity. */
export const MAX_COMBINATIONS = 1000;

export const OUT_OF_STOCK = 'Out of stock';
export const onlyLeft = (n: number) => `Only ${n} left`;

/** The 409 of POST /cart, PUT /cart and POST /order when a line asks for more than there is; it names the product. */
export function notEnoughStock(title: string, available: number): string {
  return available > 0 ? `Only ${available} of ${title} left` : `${title} is out of stock`;
}

/** Why a stock movement happened (the ledger's reasons). */
export type StockReason = 'order' | 'cancelled' | 'rejected' | 'deleted' | 'reinstated' | 'adjustment' | 'import' | 'held' | 'released';

/** One line of a product's stock ledger (GET /product/{productId}/stock/ledger). */
export interface StockMovement {
  _id: string;
  options: string[];
  /** Option names in variant order ('Rose Gold / 7'); empty for a product without variants. */
  combination: string;
  delta: number;
  reason: StockReason;
  orderId: string | null;
  orderNumber: string | null;
  admin: { _id: string; fullName: string } | null;
  createdAt: string;
}

/** A combination at or below the low-stock threshold (GET /stock/low, the dashboard). */
export interface LowStockLine {
  productId: string;
  title: string;
  slug: string;
  options: string[];
  combination: string;
  quantity: number;
}

/** The key a combination is stored and compared by: its option ids sorted (the cart's options_key). */
export const combinationKey = (optionIds: readonly string[]) => [...optionIds].sort().join(',');

/**
 * Every combination of a product's variants, option ids in variant order (one empty combination for
 * a product without variants, or whose variants have no options yet); null past MAX_COMBINATIONS.
 */
export function combinationsOf(variants: Product['variants']): string[][] | null {
  let out: string[][] = [[]];
  for (const v of variants) {
    if (!v.options.length) continue;
    if (out.length * v.options.length > MAX_COMBINATIONS) return null;
    out = out.flatMap((c) => v.options.map((o) => [...c, o._id]));
  }
  return out;
}

/**
 * How many of a combination can be bought now: null when unlimited (the product does not track its
 * inventory), 0 when an option of it is not active or not in stock (SPEC flags), else its quantity
 * (0 when none was ever set).
 */
export function availableQuantity(product: Pick<Product, 'variants' | 'trackInventory' | 'stock'>, optionIds: readonly string[]): number | null {
  const chosen = new Set(optionIds);
  for (const v of product.variants) for (const o of v.options) if (chosen.has(o._id) && !(o.isActive && o.inStock)) return 0;
  if (!product.trackInventory) return null;
  const key = combinationKey(optionIds);
  return product.stock?.find((s) => combinationKey(s.options) === key)?.quantity ?? 0;
}

/**
 * Whether a product can be bought now: some combination has every option active and in stock and, when
 * the product tracks its inventory, a quantity above 0. The list filter asks the same of the database
 * (product_available, migration 008); api/src/catalog/products.test.ts checks that both agree.
 */
export function isAvailable(product: Pick<Product, 'variants' | 'trackInventory' | 'stock'>): boolean {
  const all = combinationsOf(product.variants);
  if (all) return all.some((c) => availableQuantity(product, c) !== 0);
  return product.stock?.some((s) => availableQuantity(product, s.options) !== 0) ?? false;
}

/** What there is to say of a combination's stock: out, how few are left, or nothing (null). */
export function stockLevel(available: number | null, lowStockThreshold = DEFAULT_LOW_STOCK_THRESHOLD): 'out' | number | null {
  if (available === null) return null;
  if (available <= 0) return 'out';
  return available <= lowStockThreshold ? available : null;
}

/** What the product page says of a combination: 'Out of stock', 'Only N left', or nothing (the pages say it in their language). */
export function stockNote(available: number | null, lowStockThreshold = DEFAULT_LOW_STOCK_THRESHOLD): string | null {
  const level = stockLevel(available, lowStockThreshold);
  return level === null ? null : level === 'out' ? OUT_OF_STOCK : onlyLeft(level);
}

/** 'AJ-100042': how customers and the admin see an order's number. */
export const ORDER_NUMBER_PREFIX = 'AJ-';
export const formatOrderNumber = (n: number | string) => `${ORDER_NUMBER_PREFIX}${n}`;
