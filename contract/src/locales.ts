// The shop's languages (issue 37), written once: GET /api/locales answers this list, the API reads a
// request's locale with localeOf, and admin writes check their translations against it. A third
// language is a line here (and its message catalogues and search configuration).

export interface LocaleInfo {
  code: string;
  /** The language's name in itself (what a language switch shows). */
  name: string;
  default: boolean;
}

export const LOCALES = [
  { code: 'en', name: 'English', default: true },
  { code: 'fr', name: 'Français', default: false },
] as const satisfies readonly LocaleInfo[];

export type Locale = (typeof LOCALES)[number]['code'];
export const DEFAULT_LOCALE: Locale = 'en';
/** The locales content may be translated into (every one but the default, whose texts are the fields themselves). */
export const TRANSLATED_LOCALES = LOCALES.filter((l) => !l.default).map((l) => l.code) as Exclude<Locale, 'en'>[];

export const isLocale = (code: unknown): code is Locale => typeof code === 'string' && LOCALES.some((l) => l.code === code);

/** A language tag's locale ('fr-CA' is fr), or null when the shop does not have it. */
const tagLocale = (tag: string): Locale | null => {
  const code = tag.trim().toLowerCase().split('-')[0];
  return isLocale(code) ? code : null;
};

/**
 * The locale of a read: ?locale= when the shop has it, else the first language of Accept-Language the
 * shop has (by q weight), else the default. Never throws: anything unknown is English.
 */
export function localeOf(query: unknown, acceptLanguage?: string | string[] | null): Locale {
  const asked = typeof query === 'string' ? tagLocale(query) : null;
  if (asked) return asked;
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { locale: tagLocale(tag), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((r) => r.locale && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked[0]?.locale ?? DEFAULT_LOCALE;
}

/** The longest translated text of each field: the same limits as the English field's (the admin routes'). */
export const TRANSLATION_LIMITS = { title: 200, description: 10000, name: 100 } as const;
export type TranslatedField = keyof typeof TRANSLATION_LIMITS;

/** A record's translations as stored and written: per locale, its translated fields (a field left out falls back to English). */
export type Translations<F extends TranslatedField> = Partial<Record<Exclude<Locale, 'en'>, Partial<Record<F, string>>>>;

/** A field in a locale: its translation when there is one that is not blank, else the English (field by field). */
export const translated = <F extends TranslatedField>(english: string, translations: Translations<F> | null | undefined, locale: Locale, field: F): string => {
  if (locale === DEFAULT_LOCALE) return english;
  const t = translations?.[locale as Exclude<Locale, 'en'>]?.[field];
  return typeof t === 'string' && t.trim() ? t : english;
};

/**
 * What is wrong with a write's translations, naming it (the admin routes answer 400 with it), or null:
 * an object of locales the shop translates into, each an object of the given fields, each a string
 * within the field's limit.
 */
export function translationsProblem(t: unknown, fields: readonly TranslatedField[]): string | null {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(t)) return 'translations must be an object of locales';
  for (const [locale, texts] of Object.entries(t)) {
    if (!(TRANSLATED_LOCALES as string[]).includes(locale)) return `translations.${locale.slice(0, 20)}: the shop has no locale to translate into by that code (it has ${TRANSLATED_LOCALES.join(', ')})`;
    if (!isObject(texts)) return `translations.${locale} must be an object`;
    for (const [field, value] of Object.entries(texts)) {
      if (!(fields as string[]).includes(field)) return `translations.${locale}.${field.slice(0, 40)} is not translated here (only ${fields.join(', ')})`;
      if (typeof value !== 'string') return `translations.${locale}.${field} must be a string`;
      const max = TRANSLATION_LIMITS[field as TranslatedField];
      if (value.length > max) return `translations.${locale}.${field} must be at most ${max} characters`;
    }
  }
  return null;
}

/**
 * A page's path without its locale prefix, and the locale (issue 37: English at the spec's paths,
 * another language under /<code>/…): '/fr/shop' is fr's '/shop', '/fr' and '/fr/' fr's '/'.
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const m = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  if (m && m[1] !== DEFAULT_LOCALE && isLocale(m[1])) return { locale: m[1], path: m[2] && m[2] !== '' ? m[2] : '/' };
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** A page's path in a locale: the path itself in English, under /<code> in another ('/' is '/fr/'). */
export const localizedPath = (locale: Locale, path: string): string => (locale === DEFAULT_LOCALE ? path : `/${locale}${path}`);

/** The locales' codes, the default first (what a language switch lists and the catalogues load). */
export const LOCALE_CODES: readonly Locale[] = LOCALES.map((l) => l.code);

/** Each language named in itself, as the header's switch shows it. */
export const LOCALE_NAMES = Object.fromEntries(LOCALES.map((l) => [l.code, l.name])) as Record<Locale, string>;

/** The URL prefix of a locale other than the default: "/fr", "" for English. */
export const localePrefix = (locale: Locale): string => localizedPath(locale, '');

/** The locale a path is in: "/fr/shop" -> "fr", "/shop" and "/france-ring" -> "en". */
export const localeOfPath = (pathname: string): Locale => splitLocalePath(pathname).locale;

/** The path without its locale prefix: "/fr/shop" -> "/shop", "/fr" -> "/". */
export const pathWithoutLocale = (pathname: string): string => splitLocalePath(pathname).path;

/** The same page in a locale: ("/fr/shop", "en") -> "/shop", ("/shop", "fr") -> "/fr/shop", ("/", "fr") -> "/fr/". */
export const pathInLocale = (pathname: string, locale: Locale): string => localizedPath(locale, pathWithoutLocale(pathname));

/** The first of the browser's languages (navigator.languages) the shop has, or null: "fr-CA" -> "fr". */
export function preferredLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const locale = tagLocale(tag);
    if (locale) return locale;
  }
  return null;
}
