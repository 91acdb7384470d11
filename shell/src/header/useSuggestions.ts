import { useEffect, useState } from 'react';
import { call, SUGGEST_MIN_CHARS, urlOf, useLoad, type SuggestAnswer } from '@shop/shared';

/** How long typing must pause before the suggestions are asked for: one request per pause, not per key. */
export const SUGGEST_DEBOUNCE_MS = 150;

const NONE: SuggestAnswer = { products: [], options: [] };

/**
 * What GET /product/suggest answers for the text typed (issue 20), asked for once typing has paused
 * and from SUGGEST_MIN_CHARS characters; the last answer stays while the next one loads (no flicker),
 * and an answer for text no longer typed is dropped (useLoad).
 */
export function useSuggestions(text: string, wanted: boolean): SuggestAnswer & { noMatches: boolean } {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const asked = wanted && settled.length >= SUGGEST_MIN_CHARS ? settled : '';
  const { data, status } = useLoad(asked && urlOf('suggestProducts', { query: { q: asked } }), () => call('suggestProducts', { query: { q: asked } }).then(({ data }) => data), { keep: true });
  const shown = (wanted && text.trim().length >= SUGGEST_MIN_CHARS && data) || NONE;
  // Issue 38: the answer for what is typed now found nothing (not one still coming): the list says so.
  const noMatches = Boolean(asked) && asked === text.trim() && status === 'succeeded' && !shown.products.length && !shown.options.length;
  return { ...shown, noMatches };
}
