import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type FirstViewData, splitLocalePath } from '@shop/contract';
import { encodedSoonThenWell, pickEncoding, type Compressible } from '../lib/compression.js';
import { KeptByBytes } from '../lib/keptByBytes.js';
import { statThisTurn } from '../lib/statThisTurn.js';
import type { CatalogForWeb } from './catalogForWeb.js';
import { FIRST_VIEW_SLOT, firstViewHtml } from './firstView.js';
import type { FirstViewRenderers } from './firstViewRenderer.js';
import { keptPageHead } from './headCache.js';
import { headPlace, inLanguage, type PageFacts } from './pageHead.js';
import { pageFacts } from './pages.js';
import { deferPreloads, hasLeadPhoto } from './photoFirst.js';
import type { LiveShell } from './liveShell.js';
import { leadImageLink, type ShellFiles, shellPreloads, toLinkHeader } from './preloadHints.js';

// The shop's page: the shell's index.html as every client route gets it (at / and through the
// client-route fallback), with its status (pages.ts: 404 for an unknown path or product), its head
// (pageHead.ts), its preload hints (preloadHints.ts) and its first view (firstView.ts), compressed
// once per content.

/** What a page is made of: index.html, its head, its first view, its preloads (the Link header's text). */
interface PageParts {
  html: string;
  head: string | null;
  view: string | null;
  preloads: string;
}
/**
 * The last pages sent, by URL, each compressed once per encoding (lib/compression.ts) and sent again
 * while it is made of the same parts. Compared part by part, not as the whole page: a page made anew for
 * every request would be hashed whole as a key (~25 us of a product page's time in a profile). Kept by
 * their bytes, 32 MiB: ~2,500 product pages with their brotli copy (500 by count before: under Zipf's
 * law over 100,000 products 44 % of the product pages asked were kept, 57 % at 2,000; bench/README.md).
 */
const PAGES_BYTES = 32 * 1024 * 1024;
/** An entry's own memory beside its strings and buffers (the Map's slot, the objects, the Buffers' headers). */
const PAGE_ENTRY_BYTES = 400;
interface KeptPage {
  parts: PageParts;
  body: Compressible;
}
const pages = new KeptByBytes<string, KeptPage>(PAGES_BYTES);
/** What a kept page holds: its compressed copies and the parts only it may still hold (the template is shared). */
const pageBytes = (url: string, { parts, body }: KeptPage) =>
  PAGE_ENTRY_BYTES + url.length + (parts.head?.length ?? 0) + (parts.view?.length ?? 0) + parts.preloads.length + body.bytes.length + (body.br?.length ?? 0) + (body.gzip?.length ?? 0);
const sameParts = (a: PageParts, b: PageParts) => a.html === b.html && a.head === b.head && a.view === b.view && a.preloads === b.preloads;
function pageBody(url: string, parts: PageParts, make: () => string): Compressible {
  const kept = pages.get(url);
  if (kept && sameParts(kept.parts, parts)) return kept.body;
  const page = { parts, body: { bytes: Buffer.from(make()) } };
  return pages.set(url, page, pageBytes(url, page)).body;
}
/** The page in an encoding (quickly the first time, well the next: lib/compression.ts), counted with its kept page each time it is made. */
function pageIn(url: string, body: Compressible, encoding: 'br' | 'gzip'): Buffer {
  const made = body[encoding];
  if (made && !body.quick?.[encoding]) return made;
  const out = encodedSoonThenWell(body, encoding);
  const kept = pages.get(url);
  if (kept?.body === body) pages.resize(url, pageBytes(url, kept));
  return out;
}

/** index.html, read again only when a new build replaces it. */
let template: { file: string; mtimeMs: number; html: string } | null = null;
function indexTemplate(file: string): string | null {
  const stat = statThisTurn(file);
  if (!stat) return null;
  try {
    if (template?.file !== file || template.mtimeMs !== stat.mtimeMs) template = { file, mtimeMs: stat.mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return template.html;
  } catch {
    return null;
  }
}

export interface ShopPageOptions {
  shellDir: string;
  /** Where a remote's file is on disk, by its URL path (to find its build). */
  fileOf: (urlPath: string) => string | null;
  renderers: FirstViewRenderers;
  /** Without it, pages get no lead photo hint, no first view and no product lookup (every product page 200). */
  catalog?: CatalogForWeb;
  /** The shop's address (PUBLIC_URL), without a trailing slash: canonical URLs, link previews. */
  publicUrl: string;
  /** remotes.json and the route table as each visitor gets them (the live releases: liveShell.ts). */
  shell: LiveShell;
}

/** Each shop page answered: what the server knows of it, the shell's files and the index.html sent, set by the page's handler for the hook. */
const shopPages = new WeakMap<FastifyRequest, { facts: PageFacts; shell: ShellFiles; html: string }>();

/**
 * Answers a shop page (any client route: `/` and the not-found fallback): index.html with the page's
 * status, 404 for a path the shell has no route for or a product that is not there (pages.ts). The
 * hook below writes its head and first view into it.
 */
export function shopPageSender({ shellDir, catalog, shell: live }: ShopPageOptions) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const shell = live.forVisitor(req, reply);
    // /fr/… is the same page in French (issue 37): found by its path without the prefix, its product read in French.
    const { locale, path: pagePath } = splitLocalePath(req.url.split('?')[0]);
    const facts = await pageFacts(shell.routes, pagePath, catalog, locale);
    const html = indexTemplate(path.join(shellDir, 'index.html'));
    if (html === null) return reply.code(404).send({ message: 'Not found' });
    shopPages.set(req, { facts, shell, html });
    return reply.code(facts.status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  };
}

/** Adds the hints to every HTML answer, and to a shop page its head and its first view. */
export function addShopPageHook(app: FastifyInstance, { fileOf, renderers, catalog, publicUrl, shell: live }: ShopPageOptions): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const [fullPath, query = ''] = req.url.split('?', 2);
    // The page as the shell's route table names it, without its locale prefix (issue 37).
    const { locale, path: pagePath } = splitLocalePath(fullPath);
    const url = query ? `${pagePath}?${query}` : pagePath;
    const { facts, shell = live.forEveryone(), html: template } = shopPages.get(req) ?? {};
    // <html lang>: the page's language, for screen readers, translators and search engines.
    const html = template && locale !== DEFAULT_LOCALE ? inLanguage(template, locale) : template;
    const preloads = shellPreloads(shell, pagePath, fileOf);
    // The product read for the page's status is its photo's and its first view's too: not asked for again.
    const card = facts?.product?.card;
    const reads = catalog && (locale !== DEFAULT_LOCALE && catalog.firstViewIn ? catalog.firstViewIn(locale) : catalog.firstView);
    // The renderer writes the page's language's texts and links (issue 37: /fr/… stays French, its links under /fr).
    const data: FirstViewData | undefined = reads && {
      locale,
      newest: reads.newest,
      product: card ? (slug) => (slug === card.slug ? Promise.resolve(card) : reads.product(slug)) : reads.product,
      // The home's first slide is the owner's (issue 38, 17).
      ...(reads.content && { content: reads.content }),
    };
    // A hint, a first view or a price is an optimisation: a failed lookup leaves it out, never the page.
    const image = catalog ? await leadImageLink(shell, url, (of, slug) => (of === 'product' && card ? Promise.resolve(card.imageUrls[0] ?? null) : catalog.leadImage(of, slug))).catch(() => null) : null;
    const view = html && data && facts?.status === 200 && FIRST_VIEW_SLOT.test(html) ? await firstViewHtml(shell, url, fileOf, data, renderers).catch(() => null) : null;
    const currency = facts?.product ? await catalog!.defaultCurrency().catch(() => null) : null;
    const head = facts && keptPageHead(facts, query, { routes: shell.routes, publicUrl, currency, now: new Date() });
    const place = head ? headPlace(html!) : null;
    // With the photo in the page, the scripts wait for it (photoFirst.ts): the header preloads the photo alone.
    const photoFirst = !!view && hasLeadPhoto(view);
    const preloadLinks = preloads ? toLinkHeader(preloads) : '';
    const links = [image, preloads && !photoFirst ? preloadLinks : null].filter(Boolean).join(', ');
    // The photo first: it is what the visitor waits to see (largest contentful paint); the scripts can follow.
    if (preloads && links) reply.header('Link', links);
    if (!html || (!view && !place && html === template)) return payload;
    reply.removeHeader('content-length');
    const page = pageBody(req.url, { html, head: place ? (head ?? null) : null, view, preloads: preloadLinks }, () => {
      // The head goes in its place in index.html (before the first view's slot, further down).
      const [before, after] = place ?? ['', html];
      const withPage = before + (place && head ? head : '') + (view ? after.replace(FIRST_VIEW_SLOT, () => view) : after);
      return photoFirst ? deferPreloads(withPage, preloads ?? []) : withPage;
    });
    const encoding = pickEncoding(req.headers['accept-encoding'], page.bytes.length);
    reply.header('Vary', 'Accept-Encoding');
    if (!encoding) return page.bytes;
    reply.header('Content-Encoding', encoding);
    return pageIn(req.url, page, encoding);
  });
}
