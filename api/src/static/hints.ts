import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

// Preload hints on the shell's page (a `Link` header, so every client route gets them, whoever serves
// its index.html): what the shell fetches first at run time, so the browser fetches it alongside
// main.js instead of one round trip after another (main.js -> remotes.json -> remoteEntry.js -> API).

interface RemotesManifest {
  apiUrl?: string;
  remotes?: Record<string, string>;
  /** Remotes every page shows (the header's mini cart): their entries are preloaded. A page loads no other remote's. */
  preload?: string[];
}

/** The Link header for the shell whose remotes.json is at `manifestFile`, or null when it has none. */
export function shellPreloadLinks(manifestFile: string): string | null {
  let manifest: RemotesManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as RemotesManifest;
  } catch {
    return null;
  }
  // Same-origin paths only: a remote or an API elsewhere is left to the shell.
  const local = (url: string | undefined) => typeof url === 'string' && /^\/(?!\/)/.test(url);
  const links = ['</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous'];
  // The shell asks every page's currencies first (the header's switcher, the prices).
  if (local(manifest.apiUrl)) links.push(`<${manifest.apiUrl!.replace(/\/+$/, '')}/currencies>; rel=preload; as=fetch; crossorigin=anonymous`);
  for (const name of manifest.preload ?? []) {
    const entry = manifest.remotes?.[name];
    if (local(entry)) links.push(`<${entry}>; rel=preload; as=script`);
  }
  return links.join(', ');
}

/** Adds the hints to every HTML answer (the shell at / and the client-route fallback). */
export function addShellPreloadHints(app: FastifyInstance, shellDir: string): void {
  const manifestFile = path.join(shellDir, 'remotes.json');
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    // Read per page: remotes.json is edited in place to move a remote, without a restart.
    const links = shellPreloadLinks(manifestFile);
    if (links) reply.header('Link', links);
    return payload;
  });
}
