import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SHARED_SINGLETONS } from '@shop/contract';
import type { Ctx } from '../context.js';
import type { BackgroundDb } from '../db/background.js';
import { createFileStore, type FileStore, type S3Settings } from '../storage/index.js';
import type { ReleasesForWeb } from '../web/index.js';
import { readShellFiles } from '../web/preloadHints.js';
import { DEFAULT_ROLLBACK_ERROR_PERCENT, ReleaseHealth } from './health.js';
import { LiveReleases } from './live.js';
import releaseRoutes from './routes.js';
import type { ReleaseDeps } from './service.js';
import { DEFAULT_RELEASE_MAX_MB } from './upload.js';

// The remotes' releases (issue 36), wired for one API process: the release store, what is live (kept
// in step with every process through NOTIFY), the health counts and rule, and the routes.

export { registerBuiltRemotes } from './builtRemotes.js';
export { DEFAULT_ROLLBACK_ERROR_PERCENT } from './health.js';
export { DEFAULT_RELEASE_MAX_MB } from './upload.js';

export interface ReleaseSettings {
  /** RELEASE_MAX_MB: a release's files together (default 50). */
  maxMb?: number;
  /** RELEASE_ROLLBACK_ERROR_RATE: a canary's errors, in percent of its page views, past which it is rolled back (default 2). */
  rollbackErrorPercent?: number;
  /** npm start: the built remotes (mfe-* /dist) are registered as releases (builtRemotes.ts). */
  registerBuilt?: boolean;
  /** The shell's shared singletons' versions; default: the shell build's release.json, else the packages installed. */
  shellShared?: Record<string, string>;
}

/** The shell's singletons' versions: its build's release.json, or the packages the workspace has installed. */
function shellSharedOf(staticRoot: string | undefined): () => Record<string, string> {
  const root = staticRoot ?? path.resolve(__dirname, '../../..');
  let known: { mtimeMs: number; shared: Record<string, string> } | null = null;
  return () => {
    const file = path.join(root, 'shell', 'dist', 'release.json');
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (known?.mtimeMs === mtimeMs) return known.shared;
    let shared: Record<string, string> = {};
    try {
      shared = mtimeMs ? JSON.parse(fs.readFileSync(file, 'utf8')).shared : {};
    } catch {
      shared = {};
    }
    if (!Object.keys(shared).length) {
      for (const name of SHARED_SINGLETONS) {
        try {
          const dir = name.startsWith('@shop/') ? path.join(root, name.slice(6)) : path.dirname(require.resolve(`${name}/package.json`, { paths: [path.join(root, 'shared')] }));
          shared[name] = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
        } catch {
          // Not installed here (an API deployed alone): that singleton is not checked.
        }
      }
    }
    known = { mtimeMs, shared };
    return shared;
  };
}

export interface Releases {
  deps: ReleaseDeps;
  live: LiveReleases;
  health: ReleaseHealth;
  web: ReleasesForWeb;
  routes: (app: FastifyInstance, ctx: Ctx) => Promise<void>;
  close(): Promise<void>;
}

export async function createReleases(
  app: FastifyInstance,
  ctx: Ctx,
  db: BackgroundDb,
  o: { dataDir?: string; s3?: S3Settings; staticRoot?: string; settings?: ReleaseSettings },
): Promise<Releases> {
  const temp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'shop-releases-'));
  const store: FileStore = createFileStore({ s3: o.s3, bucketPrefix: 'releases/', uploadsDir: () => (o.dataDir ? path.join(o.dataDir, 'releases') : temp()) });
  const cacheDir = o.dataDir ? path.join(o.dataDir, 'release-cache') : temp();
  const live = new LiveReleases(db, store, cacheDir, app.log);
  await live.start();
  const deps: ReleaseDeps = {
    db,
    store,
    live,
    shellShared: o.settings?.shellShared ? () => o.settings!.shellShared! : shellSharedOf(o.staticRoot),
    shellRoutes: () => (o.staticRoot ? readShellFiles(path.join(o.staticRoot, 'shell', 'dist')).routes : []),
    shop: ctx.shop,
    rollbackErrorPercent: o.settings?.rollbackErrorPercent ?? DEFAULT_ROLLBACK_ERROR_PERCENT,
  };
  const health = new ReleaseHealth(deps, app.log);
  health.start();
  const maxBytes = (o.settings?.maxMb ?? DEFAULT_RELEASE_MAX_MB) * 1024 * 1024;
  const web: ReleasesForWeb = {
    forBucket: (bucket) => live.forBucket(bucket),
    get generation() {
      return live.generation;
    },
    fileOf: (urlPath) => live.fileOf(urlPath),
    isLive: (remote, version) => live.isLive(remote, version),
    view: (remote, version) => health.view(remote, version),
    store,
  };
  return {
    deps,
    live,
    health,
    web,
    routes: (scope, c) => releaseRoutes(scope, c, { deps, live, health, maxBytes }),
    async close() {
      await health.close();
      await live.close();
      await store.close();
    },
  };
}
