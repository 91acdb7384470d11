import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReleaseManifest, ReleasePage } from '@shop/contract';

// Releases as a remote's build makes them (issue 36): a release.json and its files, for the API's tests.

/** The shell's singletons as the tests' shell has them. */
export const SHELL_SHARED = { react: '19.3.1', 'react-dom': '19.3.1', 'react-router-dom': '7.18.5', jotai: '2.20.3', '@shop/shared': '1.0.0', '@shop/contract': '1.0.0' };

const CATALOG_PAGES: ReleasePage[] = [
  { path: '/', module: 'HomePage', guard: 'none' },
  { path: '/shop', module: 'ShopPage', guard: 'none' },
  { path: '/:slug', module: 'ProductPage', guard: 'none', leadImage: { of: 'product', sizes: '100vw' } },
];
const FRAGMENTS: Record<string, string[]> = { checkout: ['MiniCart', 'AddToCart', 'WishlistButton', 'CartRow'], account: ['OrdersList', 'OrderDetailsModal'], admin: ['AdminFrame'], catalog: [] };

export interface TestRelease {
  manifest: ReleaseManifest;
  files: Record<string, string>;
}

/** A build of remote: a remoteEntry.js (saying `heading`) and a chunk; overrides change the manifest (after the integrity). */
export function buildRelease(remote: string, o: { version?: string; heading?: string; pages?: ReleasePage[]; fragments?: string[]; shared?: Record<string, string>; manifest?: Partial<ReleaseManifest> } = {}): TestRelease {
  const entry = `var ${remote}; /* ${o.heading ?? 'v1'} */`;
  const pages = o.pages ?? (remote === 'catalog' ? CATALOG_PAGES : []);
  const fragments = o.fragments ?? FRAGMENTS[remote] ?? [];
  const files = { 'remoteEntry.js': entry, 'chunk.abc123.js': `/* ${o.heading ?? 'v1'} chunk */`, 'mf-manifest.json': '{"exposes":[]}' };
  const hash = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 10);
  const manifest: ReleaseManifest = {
    remote,
    version: o.version ?? `1.0.0+${hash}`,
    exposes: [...pages.map((p) => p.module), ...fragments],
    pages,
    fragments,
    shared: o.shared ?? SHELL_SHARED,
    contract: 1,
    integrity: `sha384-${createHash('sha384').update(entry).digest('base64')}`,
    ...o.manifest,
  };
  return { manifest, files };
}

/** The multipart body of an upload: the manifest (or the text given), then each file under its path. */
export function uploadForm(r: TestRelease, manifestText = JSON.stringify(r.manifest)): FormData {
  const form = new FormData();
  form.append('manifest', manifestText);
  for (const [name, text] of Object.entries(r.files)) form.append(name, new Blob([text]), name.split('/').pop());
  return form;
}

/** A STATIC_ROOT holding the shell's real index.html, routes.json and remotes.json (shell/public), as a build ships them. */
export function shellRoot(): string {
  const pub = path.resolve(__dirname, '../../../shell/public');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-releases-shell-'));
  const dist = path.join(root, 'shell', 'dist');
  fs.mkdirSync(dist, { recursive: true });
  for (const file of ['index.html', 'routes.json', 'remotes.json']) fs.copyFileSync(path.join(pub, file), path.join(dist, file));
  return root;
}
