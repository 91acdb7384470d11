import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BUCKET_COOKIE, BUCKET_COOKIE_MAX_AGE_S, bucketOf, type ReleasePage, type RemotesManifest, routeTableFrom } from '@shop/contract';
import { type Compressible, encoded, pickEncoding } from '../lib/compression.js';
import type { FileStore } from '../storage/index.js';
import { readShellFiles, type ShellFiles } from './preloadHints.js';
import { contentTypeOf, sendStored } from './staticFiles.js';

// The shell's two run-time files as each visitor gets them (issue 36): remotes.json and the route table
// made from the releases that visitor gets (the canary's for buckets under its share, else the stable),
// over the shell's own files for any remote without a release. The shop's page (status, head, preloads,
// first view), /remotes.json and the sitemap all read them here, so what the server says of a path is
// what the visitor's shell will show there. /releases/… serves the releases' files.

/** One live release, as the web layer needs it. */
export interface WebRelease {
  version: string;
  entry: string;
  manifest: { pages: ReleasePage[] };
}
/** What the web layer reads of the releases (releases/live.ts, releases/health.ts). */
export interface ReleasesForWeb {
  /** The releases a visitor in bucket gets (null: the stables); key '' when there is none. */
  forBucket(bucket: number | null): { key: string; releases: Record<string, WebRelease> };
  /** Bumped whenever what is live changes. */
  readonly generation: number;
  /** The local file serving a release's URL path, or null. */
  fileOf(urlPath: string): string | null;
  isLive(remote: string, version: string): boolean;
  /** A visitor's page view of a release (its health). */
  view(remote: string, version: string): void;
  store: FileStore;
}

/** A remote's pages as the shell's own route table has them (a remote without a release). */
function pagesInTable(files: ShellFiles): Record<string, ReleasePage[]> {
  const pages: Record<string, ReleasePage[]> = {};
  for (const { remote, path, guard, leadImage, menu } of files.routes) {
    if (!remote) continue;
    const [name, module] = remote.split('/');
    pages[name] ??= [];
    pages[name].push({ path, module, guard, ...(leadImage && { leadImage }), ...(menu && { menu }) });
  }
  return pages;
}

export interface LiveShell {
  /** The files for this request's visitor; gives a visitor without a bucket one (the cookie goes with the answer). */
  forVisitor(req: FastifyRequest, reply: FastifyReply): ShellFiles & { releases: Record<string, WebRelease> };
  /** The files every visitor shares: the stables (robots.txt, the sitemap). */
  forEveryone(): ShellFiles;
}

export function liveShell(shellDir: string, releases: ReleasesForWeb | undefined): LiveShell {
  /** Made once per shell files (remotes.json is edited in place to move a remote), live generation and set of releases. */
  const made = new WeakMap<ShellFiles['routes'], { generation: number; manifest: ShellFiles['manifest']; bySet: Map<string, ShellFiles & { releases: Record<string, WebRelease> }> }>();
  const filesFor = (bucket: number | null) => {
    const base = readShellFiles(shellDir);
    const set = releases?.forBucket(bucket) ?? { key: '', releases: {} };
    let kept = made.get(base.routes);
    if (!kept || kept.generation !== (releases?.generation ?? 0) || kept.manifest !== base.manifest) {
      kept = { generation: releases?.generation ?? 0, manifest: base.manifest, bySet: new Map() };
      made.set(base.routes, kept);
    }
    let files = kept.bySet.get(set.key);
    if (!files) {
      const remotes = { ...base.manifest?.remotes };
      const versions: Record<string, string> = {};
      const pages = pagesInTable(base);
      for (const [name, r] of Object.entries(set.releases)) {
        remotes[name] = r.entry;
        versions[name] = r.version;
        pages[name] = r.manifest.pages;
      }
      const routes = set.key ? routeTableFrom(pages) : base.routes;
      const manifest: RemotesManifest | null = base.manifest || set.key ? { ...base.manifest, remotes, routes, versions } : null;
      files = { manifest, routes, releases: set.releases };
      kept.bySet.set(set.key, files);
    }
    return files;
  };
  return {
    forVisitor(req, reply) {
      let bucket = bucketOf(req.headers.cookie);
      if (bucket === null) {
        bucket = randomInt(100);
        reply.header('Set-Cookie', `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${BUCKET_COOKIE_MAX_AGE_S}; SameSite=Lax`);
      }
      return filesFor(bucket);
    },
    forEveryone: () => filesFor(null),
  };
}

/**
 * /remotes.json per visitor (no-cache: it changes with every promotion), each answer a page view of its
 * releases. Each release set's answer (~5 KB with its route table) is serialized and compressed once and
 * kept: compressed per request by @fastify/compress's stream it ran at a quarter of hello (bench/README).
 */
export function registerRemotesJson(app: FastifyInstance, shell: LiveShell, releases: ReleasesForWeb | undefined): void {
  const bodies = new WeakMap<object, Compressible>();
  app.get('/remotes.json', { schema: { hide: true } }, async (req, reply) => {
    const files = shell.forVisitor(req, reply);
    if (!files.manifest) return reply.callNotFound();
    let body = bodies.get(files);
    if (body === undefined) {
      body = { bytes: Buffer.from(JSON.stringify({ ...files.manifest, routes: files.routes, versions: files.manifest.versions ?? {} })) };
      bodies.set(files, body);
    }
    for (const [remote, r] of Object.entries(files.releases)) releases?.view(remote, r.version);
    reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Cookie, Accept-Encoding');
    const encoding = pickEncoding(req.headers['accept-encoding'], body.bytes.length);
    if (!encoding) return reply.send(body.bytes);
    return reply.header('Content-Encoding', encoding).send(encoded(body, encoding));
  });
}

/** A release's files at /releases/<remote>/<version>/<file>: immutable (a version is never reused), from the release store. */
export function mountReleaseFiles(app: FastifyInstance, releases: ReleasesForWeb): void {
  app.get<{ Params: { remote: string; version: string; '*': string } }>('/releases/:remote/:version/*', { schema: { hide: true } }, async (req, reply) => {
    const { remote, version } = req.params;
    const file = req.params['*'] ?? '';
    if (!/^[a-z]+$/.test(remote) || !file || file.split('/').some((s) => !s || s === '..' || s === '.') || file.startsWith('dist-server/')) return reply.callNotFound();
    if (await sendStored(req, reply, releases.store, `${remote}/${version}/${file}`, contentTypeOf(file))) return reply;
    return reply.callNotFound();
  });
}
