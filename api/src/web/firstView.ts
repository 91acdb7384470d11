import path from 'node:path';
import { BAND_HOME, bandTitle, DEFAULT_LOCALE, escapeHtml, FIRST_VIEW_SLOT_ID, type FirstViewData, type Locale } from '@shop/contract';
import { statThisTurn } from '../lib/statThisTurn.js';
import type { FirstViewRenderers } from './firstViewRenderer.js';
import { isLocal, routeOf, type ShellFiles } from './preloadHints.js';

// The page's first view: the top of a page as plain HTML in the shell's index.html, so a phone paints
// the hero or the product photo with the HTML instead of after the shell, a remote and an API call
// (~2 s of script on a mid-range phone). A remote that wants one ships a renderer beside its build
// (mfe-catalog/src/firstView, built to <remote>/dist-server/firstView.js); the shell keeps the view on
// screen until the page's own render replaces it (shared/src/firstView.tsx). Without a renderer, or
// for a guarded page, the page is sent as it always was; so it is when the renderer throws or runs out
// of time (firstViewRenderer.ts: FIRST_VIEW_TIMEOUT_MS).

/** Where index.html takes the first view: inside #root, after the boot header (shell/public/index.html), as built (quotes or none). */
export const FIRST_VIEW_SLOT = new RegExp(`<template id="?${FIRST_VIEW_SLOT_ID}"?></template>`);

/**
 * The renderer of the build an entry file belongs to: inside a release's folder
 * (releases/<remote>/<version>/dist-server/), or beside a remote's dist/ (<remote>/dist-server/).
 */
const renderers = new Map<string, string>();
function rendererFileBeside(entryFile: string): string {
  const dir = path.dirname(entryFile);
  let file = renderers.get(dir);
  if (!file) {
    const inside = path.join(dir, 'dist-server', 'firstView.js');
    file = statThisTurn(inside) ? inside : path.resolve(dir, '..', 'dist-server', 'firstView.js');
    // A release's folder never changes; a dist/ is looked at again after a rebuild (no renderer inside either way).
    if (file === inside) renderers.set(dir, file);
  }
  return file;
}

/**
 * The breadcrumb band the shell shows above every page but the home (shell/src/layout/Breadcrumb.tsx),
 * so the first view sits where the page will: the last path segment, dashes as spaces (in French, the page's
 * French name: contract bandTitle, as the shell writes it).
 */
export function bootBand(pagePath: string, locale: Locale = DEFAULT_LOCALE, product = false): string {
  const segments = pagePath.split('/').filter(Boolean);
  if (!segments.length) return '';
  let title: string;
  try {
    title = escapeHtml(bandTitle(segments[segments.length - 1], locale));
  } catch {
    return '';
  }
  // A product page's band on a phone keeps the trail alone, as the shell's does (issue 38: price and Add to cart on the first screen).
  return `<div class="${product ? 'boot-band boot-product' : 'boot-band'}" aria-hidden="true"><p>${title}</p><ol><li>${escapeHtml(BAND_HOME[locale] ?? BAND_HOME[DEFAULT_LOCALE])}</li><li>${title}</li></ol></div>`;
}

/**
 * The first view for the page at url (path and query), with the band above it, or null: no renderer for
 * the page's remote, a guarded page (the server does not know who is signed in), or nothing to show.
 * fileOf maps a URL path to the file that serves it (the remote's entry, to find its build).
 */
export async function firstViewHtml(
  { manifest, routes }: ShellFiles,
  url: string,
  fileOf: (urlPath: string) => string | null,
  data: FirstViewData,
  renderers: FirstViewRenderers,
): Promise<string | null> {
  const [pagePath, search = ''] = url.split('?', 2);
  const route = routeOf(routes, pagePath);
  if (route?.guard !== 'none' || !route.remote) return null;
  const [remote, module] = route.remote.split('/');
  const entry = manifest?.remotes?.[remote];
  const entryFile = isLocal(entry) ? fileOf(entry) : null;
  const view = entryFile ? await renderers.render(rendererFileBeside(entryFile), module, pagePath, search, data) : null;
  return view ? bootBand(pagePath, data.locale, route.path === '/:slug') + view : null;
}
