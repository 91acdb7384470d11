// What shoppers type into the search of a generated catalogue (issue 20's scenarios in api-bench.ts):
// the words its titles are made of (generate-catalog.ts), as popular searches (the same few again and
// again: kept answers) and as first searches (each one no one made before: the SQL's own time).
import { ADJECTIVES, FILTERS } from '../generate-catalog';

/** The words of the generated titles, lower case ('yellow gold' is one material). */
export const TITLE_WORDS = [...ADJECTIVES, ...FILTERS.Stone.filter((s) => s !== 'No Stone'), ...FILTERS.Material, ...FILTERS.Category].map((w) => w.toLowerCase());

/** A word with one letter left out (a typo the search corrects). */
const typo = (word: string, at: number) => word.slice(0, at) + word.slice(at + 1);

/** The popular keyword searches: every title word, some pairs, two typos. */
export function popularKeywords(): string[] {
  const pairs = FILTERS.Stone.slice(0, 4).flatMap((stone) => FILTERS.Category.slice(0, 3).map((category) => `${stone} ${category}`.toLowerCase()));
  return [...TITLE_WORDS, ...pairs, 'saphire', 'necklaces'];
}

/** The popular suggestions: the start of every title word, 2 to 5 letters, as a shopper types it. */
export function popularPrefixes(): string[] {
  return [...new Set(TITLE_WORDS.flatMap((w) => [2, 3, 4, 5].map((n) => w.slice(0, n))))];
}

/**
 * `count` different keywords, drawn by `next` (1..n): one to three title words, one in ten with a
 * typo; with `typing`, the last word cut short (a suggestion as it is typed). None repeats.
 */
export function firstKeywords(count: number, random: (n: number) => number, typing = false): string[] {
  // 1..n from the generator's high bits: the low bits of a power-of-two LCG repeat within a few dozen draws.
  const next = (n: number) => 1 + Math.floor(((random(2 ** 30) - 1) / 2 ** 30) * n);
  const seen = new Set<string>();
  for (let tries = 0; seen.size < count; tries++) {
    if (tries > count * 100) throw new Error(`only ${seen.size} different keywords`);
    const words = Array.from({ length: next(3) }, () => TITLE_WORDS[next(TITLE_WORDS.length) - 1]);
    if (next(10) === 1) words[0] = typo(words[0], 1 + next(Math.max(1, words[0].length - 2)));
    if (typing) {
      const last = words.length - 1;
      words[last] = words[last].slice(0, 2 + next(Math.max(1, words[last].length - 2)));
    }
    seen.add(words.join(' '));
  }
  return [...seen];
}
