// Money as text lives in @shop/contract (format.ts), shared with the e-mails and the server's messages.
import { DEFAULT_LOCALE, formatMoney, formatNumber, formatPrice, formatReduction, type Locale } from '@shop/contract';
import { useMemo } from 'react';
import { useLocale } from './i18n';
import { useT } from './messages';

export { formatMoney, formatNumber, formatPrice, formatReduction };

const DATE_LOCALES: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR' };
const dateFormats: Partial<Record<Locale, Intl.DateTimeFormat>> = {};

/** A day with a short month: "Nov 22, 2026" in English, "22 nov. 2026" in French. */
export function formatDate(iso: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  dateFormats[locale] ??= new Intl.DateTimeFormat(DATE_LOCALES[locale], { year: 'numeric', month: 'short', day: 'numeric' });
  return dateFormats[locale].format(date);
}

/** Money, numbers and dates in the page's locale (1 234,50 € on a French page, €1,234.50 on an English one). */
export function useFormat() {
  const locale = useLocale();
  const t = useT();
  return useMemo(
    () => ({
      locale,
      money: (value: number, symbol = '') => formatMoney(value, symbol, locale),
      /** A price, or 'Not Available' (in the page's language) when there is none in the currency. */
      price: (value: number | undefined, symbol = '') => (value === undefined ? t('price.notAvailable') : formatMoney(value, symbol, locale)),
      /** A discount or coupon line: the amount off with its minus sign (formatReduction). */
      reduction: (amount: number, symbol = '') => formatReduction(amount, symbol, locale),
      number: (value: number) => formatNumber(value, locale),
      date: (iso: string | Date) => formatDate(iso, locale),
    }),
    [locale, t],
  );
}

/** A date-time input's value ("2026-11-22T14:05") in local time, to the minute. */
export function toLocalDateTimeInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** SPEC §2: a breadcrumb title is the last path segment with dashes as spaces. */
export function titleFromPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return 'Home';
  return decodeURIComponent(segments[segments.length - 1]).replace(/-/g, ' ');
}
