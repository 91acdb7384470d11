import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { escapeHtml, FIRST_VIEW_SLOT_ID, type FirstViewData, type RenderFirstView } from '@shop/contract';
import { isLocal, routeOf, type ShellFiles } from './preloadHints.js';

// The page's first view: the top of a page as plain HTML in the shell's index.html, so a phone paints
// the hero or the product photo with the HTML instead of after the shell, a remote and an API call
// (~2 s of script on a mid-range phone). A remote that wants one ships a renderer beside its build
// (mfe-catalog/src/firstView, built to <remote>/dist-server/firstView.js); the shell keeps the view on
// screen until the page's own render replaces it (shared/src/firstView.tsx). Without a renderer, or
// for a guarded page, the page is sent as it always was.

/** Where index.html takes the first view: inside #root, after the boot header (shell/public/index.html), as built (quotes or none). */
export const FIRST_VIEW_SLOT = new RegExp(`<template id="?${FIRST_VIEW_SLOT_ID}"?></template>`);

/** What a remote's renderer module exports (the contract's RenderFirstView). */
interface FirstViewRenderer {
  renderFirstView: RenderFirstView;
}

const loaded = new Map<string, { mtimeMs: number; renderer: FirstViewRenderer | null }>();

/** The renderer beside a remote's dist/, loaded again when a new build replaces it. */
function rendererBeside(distFile: string): FirstViewRenderer | null {
  const file = path.resolve(path.dirname(distFile), '..', 'dist-server', 'firstView.js');
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
  const cached = loaded.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.renderer;
  // Evaluated as Node evaluates a CommonJS file, but without its module cache, so a new build replaces
  // the old one (the renderer is one self-contained webpack bundle: it requires nothing).
  const bundle = { exports: {} as Partial<FirstViewRenderer> };
  const wrapper = vm.runInThisContext(`(function (exports, require, module) {${fs.readFileSync(file, 'utf8')}\n})`, { filename: file });
  wrapper(bundle.exports, createRequire(file), bundle);
  const mod = bundle.exports;
  const renderer = typeof mod.renderFirstView === 'function' ? (mod as FirstViewRenderer) : null;
  loaded.set(file, { mtimeMs, renderer });
  return renderer;
}

/**
 * The breadcrumb band the shell shows above every page but the home (shell/src/layout/Breadcrumb.tsx),
 * so the first view sits where the page will: the last path segment, dashes as spaces.
 */
export function bootBand(pagePath: string): string {
  const segments = pagePath.split('/').filter(Boolean);
  if (!segments.length) return '';
  let title: string;
  try {
    title = escapeHtml(decodeURIComponent(segments[segments.length - 1]).replace(/-/g, ' '));
  } catch {
    return '';
  }
  return `<div class="boot-band" aria-hidden="true"><p>${title}</p><ol><li>Home</li><li>${title}</li></ol></div>`;
}

/**
 * The first view for the page at url (path and query), with the band above it, or null: no renderer for
 * the page's remote, a guarded page (the server does not know who is signed in), or nothing to show.
 * fileOf maps a URL path to the file that serves it (the remote's entry, to find its build).
 */
export async function firstViewHtml({ manifest, routes }: ShellFiles, url: string, fileOf: (urlPath: string) => string | null, data: FirstViewData): Promise<string | null> {
  const [pagePath, search = ''] = url.split('?', 2);
  const route = routeOf(routes, pagePath);
  if (route?.guard !== 'none' || !route.remote) return null;
  const [remote, module] = route.remote.split('/');
  const entry = manifest?.remotes?.[remote];
  const entryFile = isLocal(entry) ? fileOf(entry) : null;
  const renderer = entryFile ? rendererBeside(entryFile) : null;
  const view = renderer ? await renderer.renderFirstView(module, pagePath, search, data) : null;
  return view ? bootBand(pagePath) + view : null;
}
