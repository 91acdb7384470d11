import {
  BAND_HOME,
  type Currency,
  escapeHtml,
  headIn,
  SHOP_DESCRIPTIONS,
  NOT_FOUND_HEAD,
  PAGE_HEADS,
  type PageHead,
  productHead,
  SHOP_NAME,
  type ShopRoute,
  pageTitle,
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  localizedPath,
  shopHead,
  uploadUrl,
} from '@shop/contract';
import type { PageProduct } from './catalogForWeb.js';
import { breadcrumbData, homeData, jsonLdScript, productData } from './jsonLd.js';

// A page's head as the server sends it: the <title> and meta description the browser would set (the
// contract's page heads: useDocumentTitle says the same), and for search engines and link previews
// the canonical URL, OpenGraph and Twitter tags (a product's with its main photo) and structured data
// (jsonLd.ts). A page only some visitors may open (a guard), one of the visitor's own (PageHead.noindex)
// and the 404 page are marked noindex and get no canonical URL. Made from the reads the page already
// makes (its product, kept in the catalogue's memory): no query of its own.

/** What the server knows of the page at a URL (pages.ts). */
export interface PageFacts {
  /** Its route in the shell's table; none for an unknown path. */
  route: ShopRoute | undefined;
  status: 200 | 404;
  /** The product a product page shows, when it exists. */
  product: PageProduct | null;
  /** The page's language (issue 37: English at the spec's paths, French under /fr); absent: English. */
  locale?: Locale;
}

export interface HeadContext {
  routes: ShopRoute[];
  /** The shop's address as customers reach it (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  currency: Currency | null;
  now: Date;
}

/** The route's entry in the contract's page heads: its remote module, or the shell's page. */
const headOf = (route: ShopRoute): PageHead | undefined => PAGE_HEADS[(route.remote ?? route.page ?? '') as keyof typeof PAGE_HEADS];

/** A fixed route's address for search engines: the first path in the table showing the same page (/privacy-&-policy is /privacy-policy). */
const canonicalPath = (routes: ShopRoute[], route: ShopRoute): string =>
  routes.find((r) => !r.path.includes(':') && (r.remote ?? r.page) === (route.remote ?? route.page))?.path ?? route.path;

/** The fixed pages search engines may list, each once (by its canonical path): the sitemap's (sitemap.ts). */
export const listedPaths = (routes: ShopRoute[]): string[] =>
  routes.filter((r) => r.guard === 'none' && !r.path.includes(':') && !headOf(r)?.noindex && canonicalPath(routes, r) === r.path).map((r) => r.path);

/** A photo from the catalogue as an absolute URL (an upload under the shop's address), or null. */
export function absolutePhoto(publicUrl: string, photo: string | undefined): string | null {
  const upload = uploadUrl(photo);
  if (upload) return publicUrl + upload;
  return photo && /^https:\/\/[^\s"'<>]+$/.test(photo) ? photo : null;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** The page's head elements as HTML, from its title to its structured data; null when the server cannot tell the page (no route table). */
/**
 * The page's address in each language the shop has, and x-default (the English one: a visitor whose
 * language the shop does not have gets English), for search engines to show each visitor theirs.
 */
const alternates = (publicUrl: string, path: string) =>
  [...LOCALES.map((l) => [l.code, l.code] as const), ['x-default', DEFAULT_LOCALE] as const]
    .map(([hreflang, code]) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(publicUrl + localizedPath(code, path))}">`)
    .join('');

export function pageHeadHtml({ route, status, product, locale = DEFAULT_LOCALE }: PageFacts, query: string, c: HeadContext): string | null {
  // In the page's language (issue 37): the contract's heads in it (headIn), as useDocumentTitle sets them.
  if (status === 404) return `<title>${escapeHtml(pageTitle(headIn(NOT_FOUND_HEAD, locale).title))}</title>${meta('name', 'description', SHOP_DESCRIPTIONS[locale])}${meta('name', 'robots', 'noindex')}`;
  if (!route) return null;
  const p = product?.product;
  const own = headOf(route);
  const head = p ? productHead(p, locale) : route.remote === 'catalog/ShopPage' ? shopHead(new URLSearchParams(query).get('que'), locale) : own ? headIn(own, locale) : { title: route.menu?.label ?? '' };
  const description = head.description ?? SHOP_DESCRIPTIONS[locale];
  const parts = [`<title>${escapeHtml(pageTitle(head.title || undefined))}</title>`, meta('name', 'description', description)];
  if (head.noindex || route.guard !== 'none') return parts.join('') + meta('name', 'robots', 'noindex');
  // A page of a parameter the server could not look up (the catalogue unreachable): its name and nothing it cannot vouch for.
  if (!p && route.path.includes(':')) return parts.join('');

  // Each language's page is its own canonical page, the others its alternates.
  const path = p ? `/${encodeURIComponent(p.slug)}` : canonicalPath(c.routes, route);
  const url = c.publicUrl + localizedPath(locale, path);
  const image = p ? absolutePhoto(c.publicUrl, product!.card.imageUrls[0] ?? p.imageUrls[0]) : null;
  parts.push(
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    alternates(c.publicUrl, path),
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:type', p ? 'product' : 'website'),
    meta('property', 'og:title', head.title || SHOP_NAME),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    // X reads og:title, og:description and og:image where its own tags are missing: only the card's kind is its own.
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
  );
  if (image) parts.push(meta('property', 'og:image', image), meta('property', 'og:image:alt', p!.title));
  if (p) {
    const images = product!.card.imageUrls.map((photo) => absolutePhoto(c.publicUrl, photo)).filter((u): u is string => !!u);
    parts.push(
      jsonLdScript(productData({ product: p, description: p.description.trim() || description, images, url, currency: c.currency, now: c.now, reviews: product!.reviews })),
      jsonLdScript(breadcrumbData([{ name: BAND_HOME[locale], url: `${c.publicUrl}${localizedPath(locale, '/')}` }, { name: p.title, url }])),
    );
  } else if (route.path === '/') parts.push(...homeData(c.publicUrl).map(jsonLdScript));
  return parts.join('');
}

/** index.html with its <html lang> set to the page's language (issue 37), as written or as minified (lang=en, no quotes). */
export const inLanguage = (html: string, locale: Locale): string => html.replace(/<html lang=(?:"[^"]*"|[^\s>]*)/, `<html lang="${locale}"`);

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="?description"?[^>]*>/;

let split: { html: string; parts: [string, string] | null } | null = null;
/**
 * index.html around the place of a page's head: before its title and after it, its own title and meta
 * description left out (split once per index.html); null when it has no head to write into.
 */
export function headPlace(html: string): [string, string] | null {
  if (split?.html === html) return split.parts;
  const withoutDescription = html.replace(DESCRIPTION, '');
  const title = TITLE.exec(withoutDescription);
  const at = title ? title.index : withoutDescription.indexOf('</head>');
  const parts: [string, string] | null = at < 0 ? null : [withoutDescription.slice(0, at), withoutDescription.slice(title ? at + title[0].length : at)];
  split = { html, parts };
  return parts;
}
