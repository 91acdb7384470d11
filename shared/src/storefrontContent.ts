import { useEffect, useState } from 'react';
import type { Locale, StorefrontContentAnswer } from '@shop/contract';
import { call, pageLocale } from './api';

// Issue 38 (17): the shop's own words (the home's slides and banners, the footer's links and accounts),
// read once per language for every app on the page: the shell's footer and the catalogue's home share this
// one request (GET /api/content, kept in the API's catalogue memory and cached like its other reads).

export type StorefrontContent = StorefrontContentAnswer;
export interface ContentState {
  status: 'loading' | 'succeeded' | 'failed';
  content: StorefrontContent | undefined;
  retry: () => void;
}

const asked = new Map<Locale, Promise<StorefrontContent>>();
const answered = new Map<Locale, StorefrontContent>();

/** The content in a locale: the one request made for it on this page, or its answer already there. */
export function loadStorefrontContent(locale: Locale = pageLocale(), force = false): Promise<StorefrontContent> {
  let request = asked.get(locale);
  if (!request || force) {
    request = call('storefrontContent').then(
      ({ data }) => {
        answered.set(locale, data);
        return data;
      },
      (error: unknown) => {
        asked.delete(locale); // a later render (or Retry) asks again
        throw error;
      },
    );
    asked.set(locale, request);
  }
  return request;
}

/** Test seam (not in the package's index): forgets what was read. */
export function forgetStorefrontContent(): void {
  asked.clear();
  answered.clear();
}

/** The page's content, loaded once for the page's language; its answer at once when another app already has it. */
export function useStorefrontContent(): ContentState {
  const locale = pageLocale();
  const [state, setState] = useState<{ locale: Locale; content?: StorefrontContent; failed?: boolean; attempt: number }>(() => ({ locale, content: answered.get(locale), attempt: 0 }));
  const current = state.locale === locale ? state : { locale, content: answered.get(locale), attempt: state.attempt };
  const { content, attempt } = current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is Retry's: a new one asks again.
  useEffect(() => {
    if (content) return;
    let live = true;
    loadStorefrontContent(locale).then(
      (data) => live && setState((s) => ({ ...s, locale, content: data, failed: false })),
      () => live && setState((s) => ({ ...s, locale, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [locale, content, attempt]);
  return {
    status: content ? 'succeeded' : current.failed && state.locale === locale ? 'failed' : 'loading',
    content,
    retry: () => setState((s) => ({ ...s, failed: false, attempt: s.attempt + 1 })),
  };
}
