// Issue 38 (17): the shop's own words. Decides what the storefront shows (a section or page the owner has
// not saved yet is the shop's first words, defaults.ts; each text in the asked language, else English;
// an empty link or account left out) and what an owner's save keeps (texts trimmed, links checked once
// more than the schema does, the change audited in the write's transaction).
import {
  type ContentFooter,
  type ContentHome,
  type ContentPageInput,
  DEFAULT_LOCALE,
  isSafeLink,
  type Locale,
  POLICY_PAGES,
  type PolicyPage,
  SOCIAL_NETWORKS,
  type StorefrontContentAnswer,
} from '@shop/contract';
import { recordChanges } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import type { AuthUser } from '../lib/auth.js';
import { fieldError } from '../lib/errors.js';
import { DEFAULT_FOOTER, DEFAULT_HOME, DEFAULT_PAGES } from './defaults.js';
import * as Q from './queries.js';

type Texts = Record<string, string | undefined>;
type WithTranslations = { translations?: Partial<Record<string, Texts | undefined>> };

/** A text in a locale: its translation when there is one that is not blank, else the English. */
const inLocale = (english: string, item: WithTranslations, locale: Locale, field: string): string =>
  (locale !== DEFAULT_LOCALE && item.translations?.[locale]?.[field]?.trim()) || english;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

async function homeAndFooter(q: Queryable): Promise<{ home: ContentHome; footer: ContentFooter; updatedAt: string | null }> {
  const rows = await Q.sections(q);
  const of = (name: Q.Section) => rows.find((r) => r.section === name);
  const home = of('home');
  const footer = of('footer');
  const times = rows.map((r) => new Date(r.updated_at).getTime());
  return {
    home: (home?.document as ContentHome | undefined) ?? DEFAULT_HOME,
    footer: (footer?.document as ContentFooter | undefined) ?? DEFAULT_FOOTER,
    updatedAt: times.length ? new Date(Math.max(...times)).toISOString() : null,
  };
}

/** GET /content: the home's slides and banners and the footer, in a locale; what would show nothing is left out. */
export async function storefrontContent(q: Queryable, locale: Locale): Promise<StorefrontContentAnswer> {
  const { home, footer } = await homeAndFooter(q);
  const shown = (item: ContentHome['slides'][number] | ContentHome['banners'][number]) => ({
    image: item.image,
    eyebrow: inLocale(item.eyebrow, item, locale, 'eyebrow'),
    heading: inLocale(item.heading, item, locale, 'heading'),
    text: inLocale(item.text, item, locale, 'text'),
    linkLabel: inLocale(item.linkLabel, item, locale, 'linkLabel'),
    link: item.link,
    ...('code' in item && item.code ? { code: item.code } : {}),
  });
  const links = (list: ContentFooter['customer']) =>
    list.map((l) => ({ label: inLocale(l.label, l, locale, 'label'), url: l.url })).filter((l) => l.label.trim() && l.url);
  return {
    slides: home.slides.map(shown),
    banners: home.banners.map(shown),
    footer: {
      customer: links(footer.customer),
      information: links(footer.information),
      social: SOCIAL_NETWORKS.filter((n) => footer.social[n]).map((network) => ({ network, url: footer.social[network] })),
    },
  };
}

const pageOf = (slug: PolicyPage, row: Q.PageRow | undefined) =>
  row ? { slug, title: row.title, body: row.body, translations: (row.translations ?? {}) as ContentPageInput['translations'], updatedAt: iso(row.updated_at) } : { slug, ...DEFAULT_PAGES[slug], updatedAt: null };

/** GET /content/page/:slug: a policy page in a locale (title and text each fall back to English). */
export async function shownPage(q: Queryable, slug: PolicyPage, locale: Locale) {
  const p = pageOf(slug, await Q.page(q, slug));
  return { slug, title: inLocale(p.title, p, locale, 'title'), body: inLocale(p.body, p, locale, 'body'), updatedAt: p.updatedAt };
}

/** GET /content/edit: everything the Content page edits, French included. */
export async function contentForEdit(q: Queryable) {
  const { home, footer, updatedAt } = await homeAndFooter(q);
  const rows = await Q.pages(q);
  const pages = POLICY_PAGES.map((slug) => pageOf(slug, rows.find((r) => r.slug === slug)));
  const times = [updatedAt, ...pages.map((p) => p.updatedAt)].filter((t): t is string => Boolean(t)).map((t) => new Date(t).getTime());
  return { home, footer, pages, updatedAt: times.length ? new Date(Math.max(...times)).toISOString() : null };
}

/** Trims a translations object's texts and drops the blank ones (and a locale left with none). */
function cleanTranslations(t: Partial<Record<string, Texts | undefined>> | undefined): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [locale, texts] of Object.entries(t ?? {})) {
    const kept = Object.fromEntries(Object.entries(texts ?? {}).flatMap(([k, v]) => (typeof v === 'string' && v.trim() ? [[k, v.trim()]] : [])));
    if (Object.keys(kept).length) out[locale] = kept;
  }
  return out;
}

/** A link as kept: trimmed; one the schema let through but the shop will not show (a control character) is refused, naming its field. */
function link(value: string, field: string): string {
  const url = value.trim();
  if (url && !isSafeLink(url)) throw fieldError(field, 'must be an http(s) address or a path of the shop, such as /shop');
  return url;
}

const trimmed = <T extends Record<string, unknown>>(item: T): T =>
  Object.fromEntries(Object.entries(item).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as T;

function cleanHome(input: ContentHome): ContentHome {
  const item = <T extends ContentHome['slides'][number]>(kind: string) => (s: T, i: number): T => ({
    ...trimmed(s),
    image: s.image.trim().replace(/^\//, ''),
    link: link(s.link, `${kind}.${i}.link`),
    translations: cleanTranslations(s.translations),
  });
  return { slides: input.slides.map(item('slides')), banners: input.banners.map(item('banners')) as ContentHome['banners'] };
}

function cleanFooter(input: ContentFooter): ContentFooter {
  const links = (group: 'customer' | 'information') => input[group].map((l, i) => ({ label: l.label.trim(), url: link(l.url, `${group}.${i}.url`), translations: cleanTranslations(l.translations) }));
  const social = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, link(input.social[n], `social.${n}`)])) as ContentFooter['social'];
  return { customer: links('customer'), information: links('information'), social };
}

/** PUT /content/home: the slides and banners, whole; audited (what changed) in the same transaction. */
export async function setHome(db: Db, user: AuthUser, input: ContentHome) {
  const next = cleanHome(input);
  return db.tx(async (q) => {
    await Q.lockSection(q, 'home');
    const before = ((await Q.section(q, 'home'))?.document as ContentHome | undefined) ?? DEFAULT_HOME;
    await Q.putSection(q, 'home', next);
    await recordChanges(q, { actorId: user.id, action: 'update', entity: 'content', entityId: 'home' }, before, next);
    return contentForEdit(q);
  });
}

/** PUT /content/footer: its links and social accounts, whole; audited. */
export async function setFooter(db: Db, user: AuthUser, input: ContentFooter) {
  const next = cleanFooter(input);
  return db.tx(async (q) => {
    await Q.lockSection(q, 'footer');
    const before = ((await Q.section(q, 'footer'))?.document as ContentFooter | undefined) ?? DEFAULT_FOOTER;
    await Q.putSection(q, 'footer', next);
    await recordChanges(q, { actorId: user.id, action: 'update', entity: 'content', entityId: 'footer' }, before, next);
    return contentForEdit(q);
  });
}

/** PUT /content/page/:slug: a policy page's title and text (and their French); audited. */
export async function setPage(db: Db, user: AuthUser, slug: PolicyPage, input: ContentPageInput) {
  const next = {
    title: input.title.trim(),
    // Lines keep their own spaces; the text loses only the blank lines around it.
    body: input.body.replace(/\r\n/g, '\n').trim(),
    translations: cleanTranslations(input.translations),
  };
  return db.tx(async (q) => {
    await Q.lockSection(q, `page:${slug}`);
    const { updatedAt: _, slug: __, ...before } = pageOf(slug, await Q.page(q, slug));
    await Q.putPage(q, slug, next);
    await recordChanges(q, { actorId: user.id, action: 'update', entity: 'content', entityId: `page:${slug}` }, { ...before, translations: cleanTranslations(before.translations) }, next);
    return contentForEdit(q);
  });
}
