import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { configureShop, type RemotesManifest } from '@shop/shared';
import { UNAVAILABLE } from './offlineRemotePlugin';

const MANIFEST_URL = '/remotes.json';

export async function registerShopRemotes(): Promise<RemotesManifest> {
  // Served with Cache-Control: no-cache, so it is always fresh; a plain fetch also uses the page's preload of it.
  const response = await fetch(MANIFEST_URL);
  if (!response.ok) throw new Error(`Could not load ${MANIFEST_URL}: ${response.status}`);
  const manifest = (await response.json()) as RemotesManifest;
  if (manifest.apiUrl) configureShop({ apiUrl: manifest.apiUrl });
  registerRemotes(
    Object.entries(manifest.remotes).map(([name, entry]) => ({ name, entry: new URL(entry, window.location.href).href })),
    { force: true },
  );
  return manifest;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Layer one: a remote that fails to load is tried again twice before its fallback shows. */
export async function loadShopRemote(id: string, attempts = 3): Promise<unknown> {
  let module: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    module = await loadRemote(id);
    const unavailable = Boolean(module && (module as Record<symbol, unknown>)[UNAVAILABLE]);
    if (!unavailable) return module;
    if (attempt < attempts) await sleep(250 * 3 ** (attempt - 1));
  }
  return module;
}
