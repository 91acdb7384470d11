import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../storage/index.js';
import type { CatalogForWeb } from './catalogForWeb.js';
import { FirstViewRenderers } from './firstViewRenderer.js';
import { registerSeoRoutes } from './seoRoutes.js';
import { liveShell, mountReleaseFiles, type ReleasesForWeb, registerRemotesJson } from './liveShell.js';
import { addShopPageHook, shopPageSender } from './shopPage.js';
import { mount, mountUploads } from './staticFiles.js';

// The web layer: what the API process serves besides /api. The built front ends (staticFiles.ts), the
// uploads at the sizes pages ask for (imageCopies.ts), and the shop's page (shopPage.ts) with its status
// (pages.ts), its head for search engines and link previews (pageHead.ts, jsonLd.ts), its preload
// hints (preloadHints.ts), its first view (firstView.ts, rendered by the remote's own renderer:
// firstViewRenderer.ts) and photo first (photoFirst.ts); /robots.txt and the sitemap (seoRoutes.ts). It agrees with the front ends through the
// contract's constants (contract/src/web.ts) and reads the catalogue through CatalogForWeb alone.

export type { CatalogForWeb } from './catalogForWeb.js';
export type { ReleasesForWeb } from './liveShell.js';
export { DEFAULT_FIRST_VIEW_TIMEOUT_MS } from './firstViewRenderer.js';
export { deleteImageFiles, makeImageCopies } from './imageCopies.js';

const REMOTES = ['mfe-catalog', 'mfe-checkout', 'mfe-account', 'mfe-admin'];

export interface WebOptions {
  /** The repo root holding shell/dist and mfe-* /dist (STATIC_ROOT); without it, uploads only. */
  staticRoot?: string;
  /** Where uploads and their copies are (storage/): served at /uploads/. */
  files: FileStore;
  /** Without it, pages get no lead photo hint and no first view. */
  catalog?: CatalogForWeb;
  /** A first view's time bound (FIRST_VIEW_TIMEOUT_MS); past it, or when the renderer throws, the page goes without. */
  firstViewTimeoutMs?: number;
  /** The shop's address as customers reach it (PUBLIC_URL, no trailing slash): canonical URLs, link previews, the sitemap. */
  publicUrl: string;
  /** The remotes' live releases (issue 36); without them, the shell's own remotes.json and routes.json. */
  releases?: ReleasesForWeb;
}

/** Answers a client route with the shop's page (index.html, status 404 for an unknown path or product). */
export type ShopPageSender = ReturnType<typeof shopPageSender>;

/**
 * Serves the built front ends when they exist: the shell at /, each remote at /<name>/, and
 * uploads at /uploads/, with /robots.txt and the sitemap. Answers what sends the shop's page for a
 * client route (the not-found fallback), or null without a built shell.
 */
export async function registerWeb(app: FastifyInstance, { staticRoot, files, catalog, firstViewTimeoutMs, publicUrl, releases }: WebOptions): Promise<ShopPageSender | null> {
  mountUploads(app, files);
  if (releases) mountReleaseFiles(app, releases);
  let sendPage: ShopPageSender | null = null;
  if (staticRoot) {
    for (const name of REMOTES) {
      const dir = path.resolve(staticRoot, name, 'dist');
      if (fs.existsSync(dir)) mount(app, `/${name}/`, dir);
    }
    const shell = path.resolve(staticRoot, 'shell', 'dist');
    if (fs.existsSync(shell)) {
      // Where a remote's file is on disk (for its mf-manifest.json): /<remote>/<file> of a mounted remote only.
      const fileOf = (urlPath: string) => {
        const m = /^\/(mfe-[a-z]+)\/([\w.-]+)$/.exec(urlPath);
        return m && REMOTES.includes(m[1]) ? path.resolve(staticRoot, m[1], 'dist', m[2]) : (releases?.fileOf(urlPath) ?? null);
      };
      // A renderer's failure is logged once per build: a broken one would otherwise log every page.
      const renderers = new FirstViewRenderers(firstViewTimeoutMs, (file, err) =>
        app.log.warn({ err, file }, 'first view failed: pages are sent without it (logged once per build of the renderer)'),
      );
      app.addHook('onClose', () => renderers.close());
      const live = liveShell(shell, releases);
      const pages = { shellDir: shell, fileOf, renderers, catalog, publicUrl, shell: live };
      addShopPageHook(app, pages);
      registerSeoRoutes(app, { shell: live, catalog, publicUrl });
      registerRemotesJson(app, live, releases);
      if (fs.existsSync(path.join(shell, 'index.html'))) {
        sendPage = shopPageSender(pages);
        app.get('/', { schema: { hide: true } }, sendPage);
      }
      mount(app, '/', shell);
    }
  }
  return sendPage;
}
