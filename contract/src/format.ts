import { DEFAULT_LOCALE, type Locale } from './locales';
import { NOT_AVAILABLE } from './money';

// Money as text, once: the browser's prices, the e-mails and the server's messages ('This code needs a
// subtotal of $100.00') print amounts alike. Arithmetic, not Intl: a page's first Intl formatter loads
// the browser's locale data (65-115 ms of one start-up task in Chromium here, four times that on
// Lighthouse's phone), and this module is evaluated on every page.
// Each locale's pattern is written here as Intl's own output for it (format.test.ts compares them).
const bigNumberFormats: Partial<Record<Locale, Intl.NumberFormat>> = {};

/** Each locale's number pattern: thousands and decimal separators, and whether the symbol follows. */
const NUMBER_PATTERNS: Record<Locale, { group: string; decimal: string; intl: string; symbolAfter: boolean }> = {
  en: { group: ',', decimal: '.', intl: 'en-US', symbolAfter: false },
  // "1 234,50 €": a narrow no-break space between thousands, a no-break space before the symbol (CLDR fr).
  fr: { group: '\u202f', decimal: ',', intl: 'fr-FR', symbolAfter: true },
};

/** Below this, cents are exact integers in a double; above it (no real price), Intl formats. */
const ARITHMETIC_LIMIT = 1e13;

/** 1234.5 -> "1,234.50" (SPEC §9: 2 decimals, comma thousands; "1 234,50" in French), the same text as Intl's. */
export function formatNumber(value: number, locale: Locale = DEFAULT_LOCALE): string {
  const v = Number.isFinite(value) ? value : 0;
  const abs = Math.abs(v);
  const pattern = NUMBER_PATTERNS[locale];
  if (abs >= ARITHMETIC_LIMIT) {
    bigNumberFormats[locale] ??= new Intl.NumberFormat(pattern.intl, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return bigNumberFormats[locale].format(v);
  }
  const sign = v < 0 || Object.is(v, -0) ? '-' : '';
  // Rounded half away from zero on the number's shortest decimal form, as Intl does (1.005 -> "1.01").
  const shortest = String(abs);
  const cents = shortest.includes('e') ? Math.round(abs * 100) : Math.round(Number(`${shortest}e2`));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, pattern.group);
  return `${sign}${whole}${pattern.decimal}${String(cents % 100).padStart(2, '0')}`;
}

/** 1234.5, "$" -> "$1,234.50"; in French 1234.5, "€" -> "1 234,50 €". */
export function formatMoney(value: number, symbol = '', locale: Locale = DEFAULT_LOCALE): string {
  const sign = value < 0 ? '-' : '';
  const amount = formatNumber(Math.abs(value), locale);
  if (!symbol) return `${sign}${amount}`;
  return NUMBER_PATTERNS[locale].symbolAfter ? `${sign}${amount}\u00a0${symbol}` : `${sign}${symbol}${amount}`;
}

/**
 * A reduction (a discount, a coupon) as every page and e-mail writes it: the amount taken off, with its
 * minus sign ("-$184.50"; "-184,50 €"); nothing taken off is "$0.00", never "-$0.00".
 */
export const formatReduction = (amount: number, symbol = '', locale: Locale = DEFAULT_LOCALE): string => {
  const off = Math.abs(amount);
  return formatMoney(Math.round(off * 100) === 0 ? 0 : -off, symbol, locale);
};

/** A price, or 'Not Available' when there is none in the currency (never 0.00). */
export const formatPrice = (value: number | undefined, symbol = '', locale: Locale = DEFAULT_LOCALE): string =>
  value === undefined ? NOT_AVAILABLE : formatMoney(value, symbol, locale);
