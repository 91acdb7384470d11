import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { encoded, pickEncoding, type Compressible } from '../lib/compression.js';
import type { CatalogForWeb } from './catalogForWeb.js';
import { FIRST_VIEW_SLOT, firstViewHtml } from './firstView.js';
import type { FirstViewRenderers } from './firstViewRenderer.js';
import { deferPreloads, hasLeadPhoto } from './photoFirst.js';
import { leadImageLink, readShellFiles, shellPreloads, toLinkHeader } from './preloadHints.js';

// The shop's page: the shell's index.html as every client route gets it (at / and through the
// client-route fallback), with its preload hints (preloadHints.ts) and the page's first view
// (firstView.ts), compressed once per content.

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

/** Adds the hints to every HTML answer, and the page's first view into its index.html. */
export function addShopPageHook(
  app: FastifyInstance,
  shellDir: string,
  fileOf: (urlPath: string) => string | null,
  renderers: FirstViewRenderers,
  catalog?: CatalogForWeb,
): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const pagePath = req.url.split('?')[0];
    const shell = readShellFiles(shellDir);
    const preloads = shellPreloads(shell, pagePath, fileOf);
    // A hint or a first view is an optimisation: a failed lookup leaves it out, never the page.
    const image = catalog ? await leadImageLink(shell, req.url, (of, slug) => catalog.leadImage(of, slug)).catch(() => null) : null;
    const html = catalog && reply.statusCode === 200 ? indexTemplate(path.join(shellDir, 'index.html')) : null;
    const view = html && FIRST_VIEW_SLOT.test(html) ? await firstViewHtml(shell, req.url, fileOf, catalog!.firstView, renderers).catch(() => null) : null;
    // With the photo in the page, the scripts wait for it (photoFirst.ts): the header preloads the photo alone.
    const photoFirst = !!view && hasLeadPhoto(view);
    const links = [image, preloads && !photoFirst ? toLinkHeader(preloads) : null].filter(Boolean).join(', ');
    // The photo first: it is what the visitor waits to see (largest contentful paint); the scripts can follow.
    if (preloads && links) reply.header('Link', links);
    if (!html || !view) return payload;
    // The answer now changes with the catalogue: no validators of the file, and the file's stream closed.
    (payload as { destroy?: () => void } | null)?.destroy?.();
    reply.removeHeader('etag').removeHeader('last-modified').removeHeader('content-length');
    const withView = html.replace(FIRST_VIEW_SLOT, () => view);
    const page = pageBody(photoFirst ? deferPreloads(withView, preloads ?? []) : withView);
    const encoding = pickEncoding(req.headers['accept-encoding'], page.bytes.length);
    reply.header('Vary', 'Accept-Encoding');
    if (!encoding) return page.bytes;
    reply.header('Content-Encoding', encoding);
    return encoded(page, encoding);
  });
}
