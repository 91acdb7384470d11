// The shop's languages and where they live in the URL, once for the shell, the remotes and the server.
// English is at today's paths; every other locale under its code (/fr/shop, /fr/<slug>).

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as the header's switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The URL prefix of a locale other than the default: "/fr", "" for English. */
export const localePrefix = (locale: Locale): string => (locale === DEFAULT_LOCALE ? '' : `/${locale}`);

/** The locale a path is in: "/fr/shop" -> "fr", "/shop" and "/france-ring" -> "en". */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? '';
  return first !== DEFAULT_LOCALE && isLocale(first) ? first : DEFAULT_LOCALE;
}

/** The path without its locale prefix: "/fr/shop" -> "/shop", "/fr" -> "/". */
export function pathWithoutLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  return pathname.slice(localePrefix(locale).length) || '/';
}

/** The same page in a locale: ("/fr/shop", "en") -> "/shop", ("/shop", "fr") -> "/fr/shop", ("/", "fr") -> "/fr/". */
export function pathInLocale(pathname: string, locale: Locale): string {
  const bare = pathWithoutLocale(pathname);
  return `${localePrefix(locale)}${bare}`;
}

/** The first of the browser's languages (navigator.languages) the shop has, or null: "fr-CA" -> "fr". */
export function preferredLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return null;
}
