// Issue 38 (17): the shop's own words. The storefront reads them (GET /content: the home's slides and
// banners and the footer, in one answer; GET /content/page/:slug: a policy page), the back office's
// Content page reads them whole, translations included (GET /content/edit), and writes them section by
// section (PUT /content/home, /content/footer, /content/page/:slug), its pictures through POST /content/image.
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { CONTENT_IMAGE_PATTERN, CONTENT_LIMITS as L, LINK_PATTERN, POLICY_PAGES, SOCIAL_NETWORKS } from '../content';
import { TRANSLATED_LOCALES } from '../locales';
import { endpoint } from './endpoint';
import { DateTime, LocaleOnly, Nullable } from './schema';

const text = (max: number) => Type.String({ maxLength: max });
/** A link the owner writes (contract content.ts LINK_PATTERN): http(s) or a path of the shop; empty: none. */
const Link = Type.String({ maxLength: L.link, pattern: `^$|${LINK_PATTERN}`, description: 'an http(s) address or a path of the shop (/shop?que=ring); empty: none' });
const Image = Type.String({ maxLength: L.image, pattern: CONTENT_IMAGE_PATTERN, description: 'an upload of the shop (uploads/x.jpg, from POST /content/image); empty: the newest pieces\' photos' });

/** Per translated locale (fr), the item's texts in it; a blank or missing one falls back to English. */
const translationsOf = <T extends TProperties>(fields: T) => {
  const one = Type.Optional(Type.Partial(Type.Object(fields, { additionalProperties: false })));
  const byLocale = Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, one])) as Record<(typeof TRANSLATED_LOCALES)[number], typeof one>;
  return Type.Optional(Type.Object(byLocale, { additionalProperties: false, description: '{fr: {…}}: the texts in French; a blank or missing one is shown in English' }));
};

const slideTexts = { eyebrow: text(L.eyebrow), heading: text(L.heading), text: text(L.text), linkLabel: text(L.linkLabel) };
const SlideFields = { image: Image, ...slideTexts, link: Link };
/** A slide of the home's hero: picture, a short line above the heading, heading, text, and a button (its label and link). */
export const ContentSlide = Type.Object({ ...SlideFields, heading: Type.String({ minLength: 1, maxLength: L.heading, pattern: '\\S' }), translations: translationsOf(slideTexts) }, { additionalProperties: false });
const bannerTexts = slideTexts;
/** A promotion banner: the same as a slide, and the promo code it shows (empty: none). */
export const ContentBanner = Type.Object(
  { ...SlideFields, heading: Type.String({ minLength: 1, maxLength: L.heading, pattern: '\\S' }), code: Type.String({ maxLength: L.code, pattern: '^[A-Za-z0-9_-]*$' }), translations: translationsOf(bannerTexts) },
  { additionalProperties: false },
);
const footerLinkTexts = { label: text(L.footerLabel) };
/** A footer link: its label and address; either empty hides it. */
export const ContentFooterLink = Type.Object({ label: text(L.footerLabel), url: Link, translations: translationsOf(footerLinkTexts) }, { additionalProperties: false });
/** The shop's social accounts: each network's page (empty: its icon is hidden). */
export const ContentSocial = Type.Object(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, Link])) as Record<(typeof SOCIAL_NETWORKS)[number], typeof Link>, { additionalProperties: false });

export const ContentHomeBody = Type.Object(
  { slides: Type.Array(ContentSlide, { minItems: 1, maxItems: L.slides }), banners: Type.Array(ContentBanner, { maxItems: L.banners }) },
  { additionalProperties: false },
);
export const ContentFooterBody = Type.Object(
  {
    customer: Type.Array(ContentFooterLink, { maxItems: L.footerLinks, description: "the 'Customer' group's links" }),
    information: Type.Array(ContentFooterLink, { maxItems: L.footerLinks, description: "the 'Information' group's links" }),
    social: ContentSocial,
  },
  { additionalProperties: false },
);
const pageTexts = { title: text(L.pageTitle), body: text(L.pageBody) };
export const ContentPageBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: L.pageTitle, pattern: '\\S' }),
    body: Type.String({ maxLength: L.pageBody, description: 'plain text: paragraphs separated by a blank line' }),
    translations: translationsOf(pageTexts),
  },
  { additionalProperties: false },
);
export type ContentHome = Static<typeof ContentHomeBody>;
export type ContentFooter = Static<typeof ContentFooterBody>;
export type ContentPageInput = Static<typeof ContentPageBody>;

const PageSlug = Type.Object({ slug: Type.Union(POLICY_PAGES.map((p) => Type.Literal(p))) }, { additionalProperties: false });

/** A policy page as the back office edits it. */
export const ContentPageEdit = Type.Object({ slug: Type.String(), ...ContentPageBody.properties, updatedAt: Nullable(DateTime) });
/** Everything the Content page edits, translations included. */
export const ContentEdit = Type.Object({ home: ContentHomeBody, footer: ContentFooterBody, pages: Type.Array(ContentPageEdit), updatedAt: Nullable(DateTime) });

/** A slide or banner as the storefront shows it, in the page's language. */
const ShownItem = Type.Object({ image: Type.String(), eyebrow: Type.String(), heading: Type.String(), text: Type.String(), linkLabel: Type.String(), link: Type.String(), code: Type.Optional(Type.String()) });
const ShownLink = Type.Object({ label: Type.String(), url: Type.String() });
/** GET /content: what the home and the footer show, in the page's language; empty links and accounts are left out. */
export const StorefrontContent = Type.Object({
  slides: Type.Array(ShownItem),
  banners: Type.Array(ShownItem),
  footer: Type.Object({
    customer: Type.Array(ShownLink),
    information: Type.Array(ShownLink),
    social: Type.Array(Type.Object({ network: Type.String(), url: Type.String() })),
  }),
});
export type StorefrontContentAnswer = Static<typeof StorefrontContent>;
/** GET /content/page/:slug: a policy page in the page's language. */
export const ShownPage = Type.Object({ slug: Type.String(), title: Type.String(), body: Type.String(), updatedAt: Nullable(DateTime) });

const tags = ['content'];

export const contentEndpoints = {
  storefrontContent: endpoint({
    method: 'GET',
    path: '/content',
    access: 'anyone',
    tags,
    summary: "The home's slides and promotion banners and the footer's links and social accounts, in a language (no auth); one read for the whole page",
    query: LocaleOnly,
    answers: { 200: StorefrontContent },
  }),
  contentPage: endpoint({
    method: 'GET',
    path: '/content/page/:slug',
    access: 'anyone',
    tags,
    summary: 'A policy page (shipping-returns, secure-shopping, privacy-policy) in a language (no auth)',
    params: PageSlug,
    query: LocaleOnly,
    answers: { 200: ShownPage },
  }),
  contentForEdit: endpoint({
    method: 'GET',
    path: '/content/edit',
    access: 'admin',
    permission: 'content',
    tags,
    summary: 'Everything the Content page edits: slides, banners, footer links, social accounts and policy pages, with their French',
    answers: { 200: ContentEdit },
  }),
  updateHomeContent: endpoint({
    method: 'PUT',
    path: '/content/home',
    access: 'admin',
    permission: 'content',
    tags,
    summary: "Set the home's slides and promotion banners (audited)",
    body: ContentHomeBody,
    answers: { 200: ContentEdit },
  }),
  updateFooterContent: endpoint({
    method: 'PUT',
    path: '/content/footer',
    access: 'admin',
    permission: 'content',
    tags,
    summary: "Set the footer's links and social accounts; an empty one is hidden (audited)",
    body: ContentFooterBody,
    answers: { 200: ContentEdit },
  }),
  updateContentPage: endpoint({
    method: 'PUT',
    path: '/content/page/:slug',
    access: 'admin',
    permission: 'content',
    tags,
    summary: 'Set a policy page\'s title and text (audited)',
    params: PageSlug,
    body: ContentPageBody,
    answers: { 200: ContentEdit },
  }),
  uploadContentImage: endpoint({
    method: 'POST',
    path: '/content/image',
    access: 'admin',
    permission: 'content',
    tags,
    consumes: 'multipart/form-data',
    summary: 'Upload a picture for a slide or a banner (multipart "images": one JPEG, PNG or GIF, checked and re-encoded as product photos are); answers its path',
    answers: { 201: Type.Object({ image: Type.String() }) },
  }),
};
