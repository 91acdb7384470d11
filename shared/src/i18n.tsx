import { DEFAULT_LOCALE, LOCALES, localeOfPath, type Locale } from '@shop/contract';
import IntlMessageFormat from 'intl-messageformat';
import { Fragment, createElement, use, useContext, useMemo, type ReactNode } from 'react';
import { UNSAFE_LocationContext } from 'react-router-dom';

/**
 * The interface's texts (issue 37). Each app owns a message catalogue per locale (ICU messages: plurals,
 * placeholders), loaded lazily, only the active locale's; the library is FormatJS's intl-messageformat
 * (README, "Languages"). The active locale is the URL's: English at today's paths, French under /fr/.
 */
export type Messages = Record<string, string>;
export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

export interface Translate<K extends string> {
  /** The message as text: t('cart.items', { count: 2 }). */
  (key: K, values?: MessageValues): string;
  /** The message with React parts: tags (<link>…</link>) and elements as values. */
  rich: (key: K, values: RichValues) => ReactNode;
  locale: Locale;
}

/** The page's locale, from the URL; English outside a router (a component rendered on its own). */
export function useLocale(): Locale {
  const context = useContext(UNSAFE_LocationContext);
  return context ? localeOfPath(context.location.pathname) : DEFAULT_LOCALE;
}

// A message without an argument, tag or quoted brace is its own text: no formatter, no Intl (the
// start-up cost contract/src/format.ts avoids), for most of the interface's texts.
const PLAIN = /^[^{}<]*$/;

/** An app's catalogue: its messages per locale, fetched on first need (defineCatalogue). */
export interface Catalogue<M extends Messages> {
  /** The locale's messages once fetched, else undefined. */
  loaded: (locale: Locale) => M | undefined;
  load: (locale: Locale) => Promise<M>;
  format: (locale: Locale, key: string, message: string) => IntlMessageFormat;
}
const catalogues: Array<Catalogue<Messages>> = [];

/**
 * An app's catalogue: one lazy module per locale (`() => import('./messages/fr')`), each with the English
 * catalogue's keys (the type says so; scripts/check-messages.mjs checks placeholders and unused keys).
 * The app's hook is then `export const useT = () => useMessages(catalogue)`.
 */
export function defineCatalogue<M extends Messages>(loaders: Record<Locale, () => Promise<{ default: M }>>): Catalogue<M> {
  const loaded: Partial<Record<Locale, M>> = {};
  const pending: Partial<Record<Locale, Promise<M>>> = {};
  const formats: Partial<Record<Locale, Map<string, IntlMessageFormat>>> = {};

  const load = (locale: Locale): Promise<M> => {
    pending[locale] ??= loaders[locale]().then(
      (module) => {
        loaded[locale] = module.default;
        return module.default;
      },
      (error) => {
        // A failed chunk (offline) is tried again at the next render, not remembered.
        delete pending[locale];
        throw error;
      },
    );
    return pending[locale];
  };
  const format = (locale: Locale, key: string, message: string): IntlMessageFormat => {
    formats[locale] ??= new Map();
    const cache = formats[locale];
    const known = cache.get(key);
    if (known) return known;
    const made = new IntlMessageFormat(message, locale);
    cache.set(key, made);
    return made;
  };
  const catalogue: Catalogue<M> = { loaded: (locale) => loaded[locale], load, format };
  catalogues.push(catalogue as unknown as Catalogue<Messages>);
  return catalogue;
}

function translator<M extends Messages>(catalogue: Catalogue<M>, locale: Locale, messages: M): Translate<keyof M & string> {
  const text = (key: keyof M & string, values?: MessageValues): string => {
    const message = messages[key] ?? key;
    return PLAIN.test(message) ? message : String(catalogue.format(locale, key, message).format(values));
  };
  const rich = (key: keyof M & string, values: RichValues): ReactNode => {
    const parts = catalogue.format(locale, key, messages[key] ?? key).format<ReactNode>(values as never);
    return Array.isArray(parts) ? parts.map((part, i) => createElement(Fragment, { key: i }, part)) : parts;
  };
  return Object.assign(text, { rich, locale });
}

/** An app's texts in the page's locale; suspends while the locale's catalogue loads. */
export function useMessages<M extends Messages>(catalogue: Catalogue<M>): Translate<keyof M & string> {
  const locale = useLocale();
  const messages = catalogue.loaded(locale) ?? use(catalogue.load(locale));
  return useMemo(() => translator(catalogue, locale, messages), [catalogue, locale, messages]);
}

/** Loads every catalogue defined so far in these locales: before a switch of language, and in tests. */
export function loadCatalogues(locales: readonly Locale[] = LOCALES): Promise<unknown> {
  return Promise.all(catalogues.flatMap((catalogue) => locales.map((locale) => catalogue.load(locale))));
}
