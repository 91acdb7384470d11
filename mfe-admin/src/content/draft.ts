import { type ContentFooter, type ContentHome, type ContentPageInput, type Locale, TRANSLATED_LOCALES } from '@shop/shared';
import { CONTENT_LIMITS, SOCIAL_NETWORKS, isSafeLink } from '@shop/shared/src/contract';

// Issue 38 (17): the Content page's drafts (the API's shapes: contract api/content.ts) and what it checks
// before sending, as the API does (a link http(s) or a path of the shop; a heading; the lists' sizes).

export type Slide = ContentHome['slides'][number];
export type Banner = ContentHome['banners'][number];
export type FooterLink = ContentFooter['customer'][number];
export type FooterGroup = 'customer' | 'information';
export type PageDraft = ContentPageInput & { slug: string };
export type TextsOf<T> = T extends { translations?: infer R } ? NonNullable<NonNullable<R>[keyof NonNullable<R>]> : never;

export const newSlide = (): Slide => ({ image: '', eyebrow: '', heading: '', text: '', linkLabel: '', link: '', translations: {} });
export const newBanner = (): Banner => ({ ...newSlide(), code: '' });
export const newLink = (): FooterLink => ({ label: '', url: '', translations: {} });

/** A text in the preview's language: its translation when not blank, else the English (as the storefront shows it). */
export function shownIn<T extends { translations?: Partial<Record<string, Record<string, string | undefined> | undefined>> }>(item: T, locale: Locale, field: keyof TextsOf<T> & string, english: string): string {
  return (locale !== 'en' && item.translations?.[locale]?.[field]?.trim()) || english;
}

/** Sets one translated text of an item (the first translated locale's: French). */
export function withTranslation<T extends { translations?: object }>(item: T, field: string, text: string, locale = TRANSLATED_LOCALES[0]): T {
  const all = (item.translations ?? {}) as Record<string, Record<string, string>>;
  return { ...item, translations: { ...all, [locale]: { ...all[locale], [field]: text } } };
}

export const translationOf = (item: { translations?: object }, field: string, locale = TRANSLATED_LOCALES[0]): string =>
  ((item.translations ?? {}) as Record<string, Record<string, string> | undefined>)[locale]?.[field] ?? '';

export type Problems = Record<string, string>;
const LINK_WORDS = 'Use an http(s) address or a path of the shop, such as /shop';
const checkLink = (problems: Problems, key: string, url: string) => {
  if (url.trim() && !isSafeLink(url.trim())) problems[key] = LINK_WORDS;
};

/** What the API would refuse in the home's draft, by field key ("slides.0.link"). */
export function homeProblems(home: ContentHome): Problems {
  const problems: Problems = {};
  if (!home.slides.length) problems.slides = 'Keep at least one slide';
  const check = (kind: 'slides' | 'banners', item: Slide, i: number) => {
    if (!item.heading.trim()) problems[`${kind}.${i}.heading`] = 'A heading is needed';
    checkLink(problems, `${kind}.${i}.link`, item.link);
  };
  home.slides.forEach((s, i) => {
    check('slides', s, i);
  });
  home.banners.forEach((b, i) => {
    check('banners', b, i);
    if (b.code && !/^[A-Za-z0-9_-]*$/.test(b.code)) problems[`banners.${i}.code`] = 'Letters, digits, - and _ only';
  });
  return problems;
}

/** What the API would refuse in the footer's draft. */
export function footerProblems(footer: ContentFooter): Problems {
  const problems: Problems = {};
  for (const group of ['customer', 'information'] as const) {
    footer[group].forEach((l, i) => {
      checkLink(problems, `${group}.${i}.url`, l.url);
    });
  }
  for (const network of SOCIAL_NETWORKS) checkLink(problems, `social.${network}`, footer.social[network]);
  return problems;
}

export function pageProblems(page: PageDraft): Problems {
  return page.title.trim() ? {} : { title: 'A title is needed' };
}

/** Moves item i of a list by one place (up: -1, down: +1). */
export const moved = <T,>(list: T[], i: number, by: -1 | 1): T[] => {
  const j = i + by;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
};

export { CONTENT_LIMITS };
