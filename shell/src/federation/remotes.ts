import { configureShop, type RemotesManifest } from '@shop/shared';
import { loadRemote, registerRemotes } from '@shop/shared/src/remoteContainers';
import { setShopRoutes } from '../routing/routeTable';
import { unavailableModule, UNAVAILABLE } from './offlineRemote';
import { configureReleaseHealth } from './releaseHealth';

const MANIFEST_URL = '/remotes.json';

declare const __webpack_share_scopes__: Record<string, unknown>;

export async function registerShopRemotes(): Promise<RemotesManifest> {
  // The page's share scopes where the federation runtime kept them (__FEDERATION__.__SHARE__, by host
  // name): which copy of React, the router's package... each app got, readable from the console.
  (globalThis as unknown as { __FEDERATION__?: object }).__FEDERATION__ ??= { __SHARE__: { shell: __webpack_share_scopes__ } };
  // Served with Cache-Control: no-cache, so it is always fresh; a plain fetch also uses the page's preload of it.
  const response = await fetch(MANIFEST_URL);
  if (!response.ok) throw new Error(`Could not load ${MANIFEST_URL}: ${response.status}`);
  const manifest = (await response.json()) as RemotesManifest;
  if (manifest.apiUrl) configureShop({ apiUrl: manifest.apiUrl });
  // The route table of the releases this visitor gets, and their versions for the health reports.
  if (manifest.routes?.length) setShopRoutes(manifest.routes);
  configureReleaseHealth(manifest.apiUrl ?? '/api', manifest.versions);
  registerRemotes(Object.entries(manifest.remotes).map(([name, entry]) => ({ name, entry: new URL(entry, window.location.href).href })));
  return manifest;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Layer two of three (retry, this stand-in module, the error boundary): a remote that cannot be loaded resolves to a stand-in. */
async function loadOrStandIn(id: string): Promise<unknown> {
  try {
    return await loadRemote(id);
  } catch (error) {
    console.warn(`[federation] could not load remote module ${id}`, error);
    return unavailableModule(id);
  }
}

/** Layer one: a remote that fails to load is tried again twice before its fallback shows. */
export async function loadShopRemote(id: string, attempts = 3): Promise<unknown> {
  let module: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    module = await loadOrStandIn(id);
    const unavailable = Boolean(module && (module as Record<symbol, unknown>)[UNAVAILABLE]);
    if (!unavailable) return module;
    if (attempt < attempts) await sleep(250 * 3 ** (attempt - 1));
  }
  return module;
}
