import fs from 'node:fs';
import path from 'node:path';
import { statThisTurn } from '../lib/statThisTurn.js';
import { type LeadImageOf, PHOTO_SRC_WIDTH, photoSrcSet, type RemotesManifest, type ShopRoute, uploadAt, uploadUrl } from '@shop/contract';

// Preload hints on the shell's page (a `Link` header, so every client route gets them, whoever serves
// its index.html): what the shell fetches first at run time, so the browser fetches it alongside
// main.js instead of one round trip after another (main.js -> remotes.json -> remoteEntry.js ->
// the page's module -> API). The page's own remote and module come from the shell's route table
// (shell/public/routes.json) and the remote's build manifest (mf-manifest.json), so a page preloads
// what it shows and nothing else.

export type { ShopRoute };

/** Finds a page's lead photo (an /uploads path), or null: the catalogue decides (CatalogForWeb.leadImage). */
export type LeadImageFinder = (of: LeadImageOf, slug: string) => Promise<string | null>;
interface ExposeAssets {
  name: string;
  assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } };
}

/** Same-origin paths only: a remote or an API elsewhere is left to the shell. */
export const isLocal = (url: unknown): url is string => typeof url === 'string' && /^\/(?!\/)/.test(url);

const parsed = new Map<string, { mtimeMs: number; size: number; value: unknown }>();

/** A JSON file's content, or null; parsed again only when the file changes (it is read for every page). */
function readJson<T>(file: string): T | null {
  const stat = statThisTurn(file);
  if (!stat) return null;
  const { mtimeMs, size } = stat;
  try {
    const kept = parsed.get(file);
    if (kept?.mtimeMs === mtimeMs && kept.size === size) return kept.value as T;
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as T;
    parsed.set(file, { mtimeMs, size, value });
    return value;
  } catch {
    return null;
  }
}

/** The route the shell will show at pagePath: exact paths first, then the single-segment `/:slug`. */
/** The shell's two run-time files, read once per page: remotes.json (null when unreadable) and routes.json. */
export interface ShellFiles {
  manifest: RemotesManifest | null;
  routes: ShopRoute[];
}

/** Per page (from memory while the files are unchanged): remotes.json is edited in place to move a remote, without a restart. */
export const readShellFiles = (shellDir: string): ShellFiles => ({
  manifest: readJson<RemotesManifest>(path.join(shellDir, 'remotes.json')),
  routes: readJson<ShopRoute[]>(path.join(shellDir, 'routes.json')) ?? [],
});

export function routeOf(routes: ShopRoute[], pagePath: string): ShopRoute | undefined {
  const clean = pagePath.length > 1 ? pagePath.replace(/\/+$/, '') : pagePath;
  const exact = routes.find((r) => r.path === clean);
  if (exact) return exact;
  // Split once, not once per route with parameters (it ran for every product page, four times each).
  const got = clean.split('/');
  return routes.find((r) => r.path !== '/:slug' && matchesParams(r.path, got)) ?? routes.find((r) => r.path === '/:slug' && got.length === 2 && got[0] === '' && got[1] !== '');
}

/** A route with parameters ('/order-confirmation/:id') and a path of as many segments (split at '/'), its fixed ones equal. */
function matchesParams(routePath: string, got: string[]): boolean {
  if (!routePath.includes(':')) return false;
  const want = routePath.split('/');
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

/** One preload: a header item (Link) or, when the page sends its photo first, an element (photoFirst.ts). */
export interface Preload {
  href: string;
  as: 'fetch' | 'script' | 'style';
}
/** fetch preloads are CORS requests (the shell's fetch is), so the preloaded answer is the one it uses. */
export const corsOf = (p: Preload) => (p.as === 'fetch' ? 'anonymous' : null);

/** The preloads as a Link header value. */
export const toLinkHeader = (preloads: Preload[]): string =>
  preloads.map((p) => `<${p.href}>; rel=preload; as=${p.as}${corsOf(p) ? `; crossorigin=${corsOf(p)}` : ''}`).join(', ');

/**
 * The start-up files of one exposed module (its sync JS and CSS, from the remote's mf-manifest.json),
 * as URLs beside the remote's entry. fileOf maps a URL path to the file that serves it.
 */
function moduleLinks(entry: string, module: string, fileOf: (urlPath: string) => string | null): Preload[] {
  const base = entry.slice(0, entry.lastIndexOf('/') + 1);
  const manifestFile = fileOf(`${base}mf-manifest.json`);
  const expose = manifestFile ? readJson<{ exposes?: ExposeAssets[] }>(manifestFile)?.exposes?.find((e) => e.name === module) : undefined;
  if (!expose) return [];
  return [
    ...(expose.assets?.css?.sync ?? []).map((f): Preload => ({ href: `${base}${f}`, as: 'style' })),
    ...(expose.assets?.js?.sync ?? []).map((f): Preload => ({ href: `${base}${f}`, as: 'script' })),
  ];
}

/**
 * What the shell at pagePath fetches first, to preload, or null when it has no readable remotes.json.
 * Without pagePath or fileOf, only what every page needs.
 */
export function shellPreloads({ manifest, routes }: ShellFiles, pagePath?: string, fileOf: (urlPath: string) => string | null = () => null): Preload[] | null {
  if (!manifest) return null;
  const links: Preload[] = [{ href: '/remotes.json', as: 'fetch' }];
  // The shell asks every page's currencies first (the header's switcher, the prices).
  if (isLocal(manifest.apiUrl)) links.push({ href: `${manifest.apiUrl.replace(/\/+$/, '')}/currencies`, as: 'fetch' });
  const entries = new Set<string>();
  for (const name of manifest.preload ?? []) {
    const entry = manifest.remotes?.[name];
    if (isLocal(entry)) entries.add(entry);
  }
  const route = pagePath ? routeOf(routes, pagePath) : undefined;
  // Guarded pages are left out: the server does not know who is signed in, and a guard that sends the
  // visitor elsewhere would make the page's files wasted downloads.
  const [remote, module] = route?.guard === 'none' && route.remote ? route.remote.split('/') : [];
  const routeEntry = remote ? manifest.remotes?.[remote] : undefined;
  if (isLocal(routeEntry)) entries.add(routeEntry);
  for (const entry of entries) links.push({ href: entry, as: 'script' });
  if (isLocal(routeEntry) && module) links.push(...moduleLinks(routeEntry, module, fileOf));
  return links;
}

/**
 * The preload of the page's lead photo (its largest contentful paint), which the page itself only
 * finds after its scripts and an API call. The candidates are the contract's photoSrcSet, as the page's
 * <img> has them, with the route's `sizes`, so the browser fetches exactly the copy the page shows.
 */
export async function leadImageLink({ manifest, routes }: ShellFiles, url: string, findImage: LeadImageFinder): Promise<string | null> {
  // Photos come from the API's host: only when that is this server are their URLs the page's.
  if (!isLocal(manifest?.apiUrl)) return null;
  const [pagePath, query] = url.split('?', 2);
  const route = routeOf(routes, pagePath);
  if (!route?.leadImage || route.guard !== 'none' || (route.leadImage.plainUrlOnly && query)) return null;
  const image = await findImage(route.leadImage.of, decodeURIComponent(pagePath.replace(/^\/+|\/+$/g, '')));
  const photo = uploadUrl(image);
  if (!photo) return null;
  const srcset = photoSrcSet((width) => uploadAt(photo, width));
  return `<${uploadAt(photo, PHOTO_SRC_WIDTH)}>; rel=preload; as=image; imagesrcset="${srcset}"; imagesizes="${route.leadImage.sizes}"; fetchpriority=high`;
}
