import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { DEFAULT_LOCALE, escapeHtml, LOCALES, localizedPath, type ShopRoute } from '@shop/contract';
import { keepBody, type KeptBody } from '../lib/compression.js';
import type { ListedProduct } from './catalogForWeb.js';
import { listedPaths } from './pageHead.js';

// The sitemap (sitemaps.org): an index (/sitemap.xml) of one sitemap of the shop's fixed pages
// (/sitemap-pages.xml: the home, /shop, about, contact, privacy: the route table's public pages
// search engines may list) and of the products' (/sitemap-products-N.xml, at most 50,000 URLs each, as
// the protocol allows), each product with its last change. The products' are made from every product
// once per catalogue version (CatalogForWeb.productListing) and kept gzipped (~0.6 MB per 50,000).

/** The protocol's limit of URLs in one sitemap. */
export const SITEMAP_URLS = 50_000;

/** A text answer kept as it is sent: its bytes (gzipped when worth it) and its ETag. */
export interface KeptText {
  body: KeptBody;
  etag: string;
}

const etagOf = (bytes: Buffer) => `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 20)}"`;
export const keptText = (text: string): KeptText => {
  const bytes = Buffer.from(text);
  return { body: keepBody(bytes), etag: etagOf(bytes) };
};

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
/** The urlsets' namespaces: each page's other languages are xhtml:link alternates (issue 37). */
const URLSET_NS = `${NS} xmlns:xhtml="http://www.w3.org/1999/xhtml"`;
const entry = (tag: 'url' | 'sitemap', loc: string, lastmod?: string, extra = '') =>
  `<${tag}><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${extra}</${tag}>\n`;

/**
 * A page in every language the shop has (issue 37): one URL each (English at its path, the others
 * under /<code>), each naming all of them, and x-default (English), as the page's head does.
 */
const pageInEveryLocale = (publicUrl: string, path: string, lastmod?: string): string[] => {
  const links = [...LOCALES.map((l) => [l.code, l.code] as const), ['x-default', DEFAULT_LOCALE] as const]
    .map(([hreflang, code]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(publicUrl + localizedPath(code, path))}"/>`)
    .join('');
  return LOCALES.map((l) => entry('url', publicUrl + localizedPath(l.code, path), lastmod, links));
};

/** One sitemap of the products': its gzip, its newest change, its ETag. */
export interface ProductSitemap extends KeptText {
  lastmod: string;
}

const gzipped = promisify(gzip);
async function productSitemap(urls: string[], lastmod: string): Promise<ProductSitemap> {
  const bytes = Buffer.from(`${XML}<urlset ${URLSET_NS}>\n${urls.join('')}</urlset>\n`);
  // Off the event loop: a sitemap of 50,000 URLs is ~6 MB of XML.
  return { body: { body: await gzipped(bytes), gzipped: true }, etag: etagOf(bytes), lastmod };
}

/** Builds the products' sitemaps, `perPage` URLs each, from every product in batches (CatalogForWeb.productListing). */
export const productSitemaps =
  (publicUrl: string, perPage = SITEMAP_URLS) =>
  async (batches: AsyncIterable<ListedProduct[]>): Promise<ProductSitemap[]> => {
    const sitemaps: ProductSitemap[] = [];
    let urls: string[] = [];
    let newest = '';
    for await (const batch of batches) {
      for (const p of batch) {
        // A product's pages in every language stay in one sitemap (perPage is whole products' URLs).
        urls.push(...pageInEveryLocale(publicUrl, `/${encodeURIComponent(p.slug)}`, p.lastmod));
        if (p.lastmod > newest) newest = p.lastmod;
        if (urls.length + LOCALES.length <= perPage) continue;
        sitemaps.push(await productSitemap(urls, newest));
        urls = [];
        newest = '';
      }
    }
    if (urls.length) sitemaps.push(await productSitemap(urls, newest));
    return sitemaps;
  };

/** /sitemap.xml: the fixed pages' sitemap, then the products', each with its newest change. */
export const sitemapIndex = (publicUrl: string, products: ProductSitemap[]): string =>
  `${XML}<sitemapindex ${NS}>\n${entry('sitemap', `${publicUrl}/sitemap-pages.xml`)}${products
    .map((s, i) => entry('sitemap', `${publicUrl}/sitemap-products-${i + 1}.xml`, s.lastmod))
    .join('')}</sitemapindex>\n`;

/** /sitemap-pages.xml: the fixed pages search engines may list. */
export const pagesSitemap = (publicUrl: string, routes: ShopRoute[]): string =>
  `${XML}<urlset ${URLSET_NS}>\n${listedPaths(routes).flatMap((path) => pageInEveryLocale(publicUrl, path)).join('')}</urlset>\n`;

/**
 * /robots.txt: every crawler kept out of the pages only some visitors may open (the route table's
 * guarded routes: the back office, the account), and pointed to the sitemap. Each path is closed
 * exactly (`$`) and with a query, never as a prefix: a product's slug may start like one (/orders-…).
 */
export function robotsTxt(publicUrl: string, routes: ShopRoute[]): string {
  // In every language: /fr/admin is the back office as much as /admin (issue 37).
  const closed = [...new Set(routes.filter((r) => r.guard !== 'none' && !r.path.includes(':')).flatMap((r) => LOCALES.map((l) => localizedPath(l.code, r.path))))];
  const rules = closed.length ? closed.flatMap((path) => [`Disallow: ${path}$`, `Disallow: ${path}?`]) : ['Disallow:'];
  return ['User-agent: *', ...rules, '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
