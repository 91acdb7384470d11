// A shopper's keyword as full-text search terms (issue 20; the rules: api/README.md, "Search").
// Pure: the SQL that runs them is queries.ts's.

/**
 * A keyword's words, lower case: every group must match (AND), any word of a group will do ('or'
 * between two words puts them in one group). The last word also matches the start of a word, as a
 * shopper types it ('sapph' finds sapphire).
 */
export type KeywordTerms = string[][];

/** A keyword as a search runs it. */
export interface KeywordQuery {
  terms: KeywordTerms;
  /** The last word also matches the start of a word (the header's suggestions, as a shopper types). */
  prefix: boolean;
  /** The terms are lexemes (a typo's corrections), matched as they are, not stemmed again. */
  lexemes?: boolean;
}

/**
 * The terms of a keyword, or null when it has no word (punctuation only). Words are runs of letters
 * and digits (any script); 'or' between two words makes them alternatives.
 */
export function parseKeyword(keyword: string): KeywordTerms | null {
  const words = keyword.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const groups: KeywordTerms = [];
  let joinNext = false;
  for (const [i, word] of words.entries()) {
    const isOr = word === 'or' && groups.length > 0 && i < words.length - 1;
    if (isOr) joinNext = true;
    else if (joinNext) {
      groups[groups.length - 1].push(word);
      joinNext = false;
    } else groups.push([word]);
  }
  return groups.length ? groups : null;
}

/**
 * The terms as to_tsquery text (each word quoted, so nothing in it is read as an operator). prefix:
 * the last word also matches the start of a word. anyGroup: any group will do (a filter option's name
 * holds a word).
 */
export function tsqueryText(terms: KeywordTerms, prefix = true, anyGroup = false): string {
  const last = terms.length - 1;
  return terms
    .map((group, g) => {
      const words = group.map((word, w) => {
        return `'${word}'${prefix && g === last && w === group.length - 1 ? ':*' : ''}`;
      });
      return words.length > 1 ? `(${words.join(' | ')})` : words[0];
    })
    .join(anyGroup ? ' | ' : ' & ');
}

/** Every word of the terms once (what a typo correction looks up). */
export const wordsOf = (terms: KeywordTerms): string[] => [...new Set(terms.flat())];

/** What products hold that is like a typed word: its own stem (known), else the lexemes most like it. */
export interface WordLikeness {
  known: boolean;
  lexemes: string[];
}

/**
 * The typo fallback: each word products do not hold replaced by the lexemes most like it, the others
 * kept (as their lexemes; a stop word, with none, drops out). Null when every word is held: there is
 * no typo to correct.
 */
export function corrected(k: KeywordQuery, like: Map<string, WordLikeness>): KeywordQuery | null {
  if (wordsOf(k.terms).every((word) => like.get(word)?.known)) return null;
  const terms = k.terms.map((group) => [...new Set(group.flatMap((word) => like.get(word)?.lexemes ?? []))]).filter((group) => group.length > 0);
  return terms.length ? { terms, prefix: false, lexemes: true } : null;
}
