import { NOT_AVAILABLE } from './money';

// Money as text, once: the browser's prices, the e-mails and the server's messages ('This code needs a
// subtotal of $100.00') print amounts alike. Arithmetic, not Intl: a page's first Intl formatter loads
// the browser's locale data (65-115 ms of one start-up task in Chromium here, four times that on
// Lighthouse's phone), and this module is evaluated on every page.
let bigNumberFormat: Intl.NumberFormat | undefined;

/** Below this, cents are exact integers in a double; above it (no real price), Intl formats. */
const ARITHMETIC_LIMIT = 1e13;

/** 1234.5 -> "1,234.50" (SPEC §9: 2 decimals, comma thousands), the same text as Intl's en-US format. */
export function formatNumber(value: number): string {
  const v = Number.isFinite(value) ? value : 0;
  const abs = Math.abs(v);
  if (abs >= ARITHMETIC_LIMIT) {
    bigNumberFormat ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return bigNumberFormat.format(v);
  }
  const sign = v < 0 || Object.is(v, -0) ? '-' : '';
  // Rounded half away from zero on the number's shortest decimal form, as Intl does (1.005 -> "1.01").
  const shortest = String(abs);
  const cents = shortest.includes('e') ? Math.round(abs * 100) : Math.round(Number(`${shortest}e2`));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** 1234.5, "$" -> "$1,234.50" */
export function formatMoney(value: number, symbol = ''): string {
  const sign = value < 0 ? '-' : '';
  return `${sign}${symbol}${formatNumber(Math.abs(value))}`;
}

/** A price, or 'Not Available' when there is none in the currency (never 0.00). */
export const formatPrice = (value: number | undefined, symbol = ''): string => (value === undefined ? NOT_AVAILABLE : formatMoney(value, symbol));
