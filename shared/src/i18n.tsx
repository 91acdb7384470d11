import { DEFAULT_LOCALE, LOCALE_CODES, localeOfPath, type Locale } from '@shop/contract';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import IntlMessageFormat from 'intl-messageformat';
import { Fragment, createElement, useContext, type ReactNode } from 'react';
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
  load: (locale: Locale) => Promise<unknown>;
  /** The locale's translator once its messages are in, else undefined. */
  translate: (locale: Locale) => Translate<keyof M & string> | undefined;
}
const catalogues: Array<Catalogue<Messages>> = [];

/**
 * An app's catalogue: one lazy module per locale (`() => import('./messages/fr')`), each with the English
 * catalogue's keys (the type says so; scripts/check-messages.mjs checks placeholders and unused keys).
 * The app's hook is then `export const useT = () => useMessages(catalogue)`.
 */
export function defineCatalogue<M extends Messages>(loaders: Record<Locale, () => Promise<{ default: M }>>): Catalogue<M> {
  const translators: Partial<Record<Locale, Translate<keyof M & string>>> = {};
  const pending: Partial<Record<Locale, Promise<unknown>>> = {};
  const load = (locale: Locale): Promise<unknown> => {
    pending[locale] ??= loaders[locale]().then(
      (module) => {
        translators[locale] = translator(locale, module.default);
      },
      (error) => {
        // A failed chunk (offline) is tried again at the next render, not remembered.
        delete pending[locale];
        throw error;
      },
    );
    return pending[locale];
  };
  const catalogue: Catalogue<M> = { load, translate: (locale) => translators[locale] };
  catalogues.push(catalogue as unknown as Catalogue<Messages>);
  return catalogue;
}

/** One locale's texts: plain ones as they are, the others formatted once per key and kept. */
function translator<M extends Messages>(locale: Locale, messages: M): Translate<keyof M & string> {
  const formats = new Map<string, IntlMessageFormat>();
  // In the browser a message with arguments arrives compiled (scripts/webpack/precompileMessages.js).
  const compiled = messages as Record<string, string | MessageFormatElement[]>;
  const formatOf = (key: string): IntlMessageFormat => {
    const known = formats.get(key);
    if (known) return known;
    const made = new IntlMessageFormat(compiled[key] ?? key, locale);
    formats.set(key, made);
    return made;
  };
  const text = (key: keyof M & string, values?: MessageValues): string => {
    const message = compiled[key] ?? key;
    return typeof message === 'string' && PLAIN.test(message) ? message : String(formatOf(key).format(values));
  };
  const rich = (key: keyof M & string, values: RichValues): ReactNode => {
    const parts = formatOf(key).format<ReactNode>(values as never);
    return Array.isArray(parts) ? parts.map((part, i) => createElement(Fragment, { key: i }, part)) : parts;
  };
  return Object.assign(text, { rich, locale });
}

/**
 * An app's texts in the page's locale; suspends while the locale's catalogue loads (the shell fetches
 * its own and the shared ones before its first render, the switch fetches the next locale's before going).
 * By a thrown promise, not use(): React replays a render suspended in use() with the hooks it had, and a
 * replay that no longer needs to wait would skip use() and break the component's hooks (React #467/#520);
 * a thrown promise renders the part again from the start once it settles.
 */
export function useMessages<M extends Messages>(catalogue: Catalogue<M>): Translate<keyof M & string> {
  const locale = useLocale();
  const known = catalogue.translate(locale);
  if (known) return known;
  throw catalogue.load(locale);
}

/** Loads every catalogue defined so far in these locales: before a switch of language, and in tests. */
export function loadCatalogues(locales: readonly Locale[] = LOCALE_CODES): Promise<unknown> {
  return Promise.all(catalogues.flatMap((catalogue) => locales.map((locale) => catalogue.load(locale))));
}
