import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ShopRoute } from '@shop/contract';
import { keptFor } from '../lib/compression.js';
import type { CatalogForWeb } from './catalogForWeb.js';
import type { LiveShell } from './liveShell.js';
import { type KeptText, keptText, pagesSitemap, type ProductSitemap, productSitemaps, robotsTxt, sitemapIndex } from './sitemap.js';

// /robots.txt, /sitemap.xml and its sitemaps (sitemap.ts). Each is made once and kept: the products'
// sitemaps per catalogue version (remade after each change, as the product pages are), the others per
// route table (readShellFiles keeps the parsed table while the file is unchanged) or per products'
// sitemaps. Sent like the shop's pages: no-cache with an ETag (a crawler's conditional request costs a 304).

export interface SeoOptions {
  /** The route table every visitor shares (the stable releases). */
  shell: LiveShell;
  /** Without it, the sitemap lists the fixed pages only. */
  catalog?: CatalogForWeb;
  publicUrl: string;
}

/** A text made once per input object (a route table, a list of sitemaps), kept while that object is the current one. */
function keptPer<K extends object>(make: (of: K) => string): (of: K) => KeptText {
  const kept = new WeakMap<K, KeptText>();
  return (of) => {
    const known = kept.get(of);
    if (known) return known;
    const text = keptText(make(of));
    kept.set(of, text);
    return text;
  };
}

function send(req: FastifyRequest, reply: FastifyReply, text: KeptText, type: string) {
  reply.type(type).header('Cache-Control', 'no-cache').header('ETag', text.etag).header('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === text.etag) return reply.code(304).send();
  const { body, encoding } = keptFor(text.body, req.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(body);
}

const XML = 'application/xml; charset=utf-8';
const NO_PRODUCTS: ProductSitemap[] = [];

export function registerSeoRoutes(app: FastifyInstance, { shell, catalog, publicUrl }: SeoOptions): void {
  const products = catalog ? catalog.productListing(productSitemaps(publicUrl)) : async () => NO_PRODUCTS;
  const routes = () => shell.forEveryone().routes;
  const robots = keptPer((r: ShopRoute[]) => robotsTxt(publicUrl, r));
  const pages = keptPer((r: ShopRoute[]) => pagesSitemap(publicUrl, r));
  const index = keptPer((sitemaps: ProductSitemap[]) => sitemapIndex(publicUrl, sitemaps));
  const hide = { schema: { hide: true } };

  app.get('/robots.txt', hide, async (req, reply) => send(req, reply, robots(routes()), 'text/plain; charset=utf-8'));
  app.get('/sitemap.xml', hide, async (req, reply) => send(req, reply, index(await products()), XML));
  app.get('/sitemap-pages.xml', hide, async (req, reply) => send(req, reply, pages(routes()), XML));
  app.get<{ Params: { n: string } }>('/sitemap-products-:n(^\\d+).xml', hide, async (req, reply) => {
    const sitemap = (await products())[Number(req.params.n) - 1];
    return sitemap ? send(req, reply, sitemap, XML) : reply.callNotFound();
  });
}
