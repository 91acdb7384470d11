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
export function useSuggestions(text: string, wanted: boolean): SuggestAnswer {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const asked = wanted && settled.length >= SUGGEST_MIN_CHARS ? settled : '';
  const { data } = useLoad(asked && urlOf('suggestProducts', { query: { q: asked } }), () => call('suggestProducts', { query: { q: asked } }).then(({ data }) => data), { keep: true });
  return (wanted && text.trim().length >= SUGGEST_MIN_CHARS && data) || NONE;
}
