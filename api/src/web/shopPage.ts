import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { encoded, pickEncoding, type Compressible } from '../lib/compression.js';
import type { CatalogForWeb } from './catalogForWeb.js';
import { FIRST_VIEW_SLOT, firstViewHtml } from './firstView.js';
import type { FirstViewRenderers } from './firstViewRenderer.js';
import { type PageFacts, pageHeadHtml, withHead } from './pageHead.js';
import { pageFacts } from './pages.js';
import { deferPreloads, hasLeadPhoto } from './photoFirst.js';
import { leadImageLink, readShellFiles, shellPreloads, toLinkHeader } from './preloadHints.js';

// The shop's page: the shell's index.html as every client route gets it (at / and through the
// client-route fallback), with its status (pages.ts: 404 for an unknown path or product), its head
// (pageHead.ts), its preload hints (preloadHints.ts) and its first view (firstView.ts), compressed
// once per content.

/** The last pages sent, by their content, each compressed once per encoding (lib/compression.ts). */
const pages = new Map<string, Compressible>();
const MAX_PAGES = 500;
function pageBody(html: string): Compressible {
  let page = pages.get(html);
  if (page) pages.delete(html); // most recently used last
  else page = { bytes: Buffer.from(html) };
  pages.set(html, page);
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
  return page;
}

/** index.html, read again only when a new build replaces it. */
let template: { file: string; mtimeMs: number; html: string } | null = null;
function indexTemplate(file: string): string | null {
  try {
    const { mtimeMs } = fs.statSync(file);
    if (template?.file !== file || template.mtimeMs !== mtimeMs) template = { file, mtimeMs, html: fs.readFileSync(file, 'utf8') };
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
}

/** Each shop page answered: what the server knows of it and the index.html sent, set by the page's handler for the hook. */
const shopPages = new WeakMap<FastifyRequest, { facts: PageFacts; html: string }>();

/**
 * Answers a shop page (any client route: `/` and the not-found fallback): index.html with the page's
 * status, 404 for a path the shell has no route for or a product that is not there (pages.ts). The
 * hook below writes its head and first view into it.
 */
export function shopPageSender({ shellDir, catalog }: ShopPageOptions) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const facts = await pageFacts(readShellFiles(shellDir).routes, req.url.split('?')[0], catalog);
    const html = indexTemplate(path.join(shellDir, 'index.html'));
    if (html === null) return reply.code(404).send({ message: 'Not found' });
    shopPages.set(req, { facts, html });
    return reply.code(facts.status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  };
}

/** Adds the hints to every HTML answer, and to a shop page its head and its first view. */
export function addShopPageHook(app: FastifyInstance, { shellDir, fileOf, renderers, catalog, publicUrl }: ShopPageOptions): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const [pagePath, query = ''] = req.url.split('?', 2);
    const shell = readShellFiles(shellDir);
    const preloads = shellPreloads(shell, pagePath, fileOf);
    const { facts, html } = shopPages.get(req) ?? {};
    // A hint, a first view or a price is an optimisation: a failed lookup leaves it out, never the page.
    const image = catalog ? await leadImageLink(shell, req.url, (of, slug) => catalog.leadImage(of, slug)).catch(() => null) : null;
    const view =
      html && catalog && facts?.status === 200 && FIRST_VIEW_SLOT.test(html) ? await firstViewHtml(shell, req.url, fileOf, catalog.firstView, renderers).catch(() => null) : null;
    const currency = facts?.product ? await catalog!.defaultCurrency().catch(() => null) : null;
    const head = facts && pageHeadHtml(facts, query, { routes: shell.routes, publicUrl, currency, now: new Date() });
    // With the photo in the page, the scripts wait for it (photoFirst.ts): the header preloads the photo alone.
    const photoFirst = !!view && hasLeadPhoto(view);
    const links = [image, preloads && !photoFirst ? toLinkHeader(preloads) : null].filter(Boolean).join(', ');
    // The photo first: it is what the visitor waits to see (largest contentful paint); the scripts can follow.
    if (preloads && links) reply.header('Link', links);
    if (!html || (!view && !head)) return payload;
    reply.removeHeader('content-length');
    const withView = view ? html.replace(FIRST_VIEW_SLOT, () => view) : html;
    const withPage = head ? withHead(withView, head) : withView;
    const page = pageBody(photoFirst ? deferPreloads(withPage, preloads ?? []) : withPage);
    const encoding = pickEncoding(req.headers['accept-encoding'], page.bytes.length);
    reply.header('Vary', 'Accept-Encoding');
    if (!encoding) return page.bytes;
    reply.header('Content-Encoding', encoding);
    return encoded(page, encoding);
  });
}
