import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FileStore, keyOfPath, normalizedPath, readBytes, type StoredFile, typeOf } from '../storage/index.js';
import { pickEncoding } from '../lib/compression.js';
import { statThisTurn } from '../lib/statThisTurn.js';
import { CompressedAssets, isCompressibleAsset } from './compressedAssets.js';
import { convertsToWebp, copyKey, imageCopy, isImageWidth, makeCopy, resizable } from './imageCopies.js';

// A small static file server (GET/HEAD, ETag/304, cache headers): the built front ends and the uploads.
// Written here rather than @fastify/static, whose ESM-only dependencies cannot load in the CommonJS
// test runner.

// Entry files keep their names across builds (main.js has no hash, see README), so they are revalidated.
const NO_CACHE = new Set(['index.html', 'main.js', 'remoteEntry.js', 'mf-manifest.json', 'remotes.json', 'favicon.png', 'apple-touch-icon.png']);
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
};

/** A served file's content type, by its extension. */
export const contentTypeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

export const cacheControl = (file: string) => (NO_CACHE.has(path.basename(file)) ? 'no-cache' : 'public, max-age=31536000, immutable');

/** The file under root for a URL path, or null (outside root, missing, a directory). */
function resolveFile(root: string, urlPath: string): { file: string; stat: fs.Stats } | null {
  const rel = normalizedPath(urlPath);
  if (rel === null) return null;
  const file = path.resolve(root, rel);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  // Most misses are client routes (a product page): no error made and thrown for each (~6 us).
  const stat = statThisTurn(file);
  if (!stat) return null;
  if (stat.isDirectory()) {
    const index = path.join(file, 'index.html');
    const indexStat = statThisTurn(index);
    return indexStat?.isFile() ? { file: index, stat: indexStat } : null;
  }
  return stat.isFile() ? { file, stat } : null;
}

/** Scripts and styles, compressed once per version (compressedAssets.ts): the built front ends' and the releases'. */
const assets = new CompressedAssets();

/** The encoding a text asset goes in to this client, or null (an image, a tiny file, a client that takes neither). */
function assetEncoding(req: FastifyRequest, name: string, size: number) {
  if (req.method !== 'GET' || !isCompressibleAsset(name, size)) return null;
  return pickEncoding(req.headers['accept-encoding'], size);
}

function sendEncoded(reply: FastifyReply, encoding: 'br' | 'gzip', body: Buffer) {
  return reply.header('Content-Encoding', encoding).header('Vary', 'Accept-Encoding').header('Content-Length', String(body.length)).send(body);
}

export async function sendFile(req: FastifyRequest, reply: FastifyReply, file: string, stat: fs.Stats, cache = cacheControl(file)) {
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  reply.header('Cache-Control', cache).header('ETag', etag).header('Last-Modified', stat.mtime.toUTCString());
  reply.type(contentTypeOf(file));
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  if (req.method === 'HEAD') return reply.header('Content-Length', String(stat.size)).send();
  const encoding = assetEncoding(req, file, stat.size);
  if (encoding) return sendEncoded(reply, encoding, await assets.body(`${file}\u0000${etag}`, encoding, () => fs.promises.readFile(file)));
  return reply.send(fs.createReadStream(file));
}

/** Serves the files under root at prefix. */
export function mount(app: FastifyInstance, prefix: string, root: string, cache?: string) {
  const handler = async (req: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const found = resolveFile(root, req.params['*'] ?? '');
    if (!found) return reply.callNotFound();
    return sendFile(req, reply, found.file, found.stat, cache);
  };
  app.get(`${prefix}*`, { schema: { hide: true } }, handler);
}

/** Whether a request's Accept header takes WebP (every current browser's image requests do). */
const acceptsWebp = (accept: string | string[] | undefined) => /\bimage\/webp\b/.test(String(accept ?? ''));

/** Uploads' names are never reused (a new upload gets a new one), so each file, copies included, is cached for good. */
const UPLOAD_CACHE = 'public, max-age=31536000, immutable';
/** Where a file is served from elsewhere (S3_PUBLIC_URL), the redirect to it: its target may change if a copy is made later. */
const REDIRECT_CACHE = 'public, max-age=86400';

/** Streams a stored file (HEAD: its headers only), or 304 when the client's ETag still matches; false when there is none. */
export async function sendStored(req: FastifyRequest, reply: FastifyReply, store: FileStore, key: string, type = typeOf(key)): Promise<boolean> {
  const inm = typeof req.headers['if-none-match'] === 'string' ? req.headers['if-none-match'] : undefined;
  const head = req.method === 'HEAD';
  if (!head && isCompressibleAsset(key, 0) && pickEncoding(req.headers['accept-encoding'], Number.MAX_SAFE_INTEGER)) {
    // A text file (a release's script): its version from the store's head, its bytes compressed once.
    const info = await store.head(key);
    if (!info) return false;
    reply.header('Cache-Control', UPLOAD_CACHE).header('ETag', info.etag).type(type);
    if (inm === info.etag) {
      reply.code(304).send();
      return true;
    }
    const encoding = assetEncoding(req, key, info.size);
    if (encoding) {
      const load = async () => {
        const bytes = await readBytes(store, key);
        if (!bytes) throw new Error(`${key} left the store`);
        return bytes;
      };
      const body = await assets.body(`store:${store.kind}:${key}\u0000${info.etag}`, encoding, load).catch(() => null);
      if (!body) return false;
      reply.header('Last-Modified', info.lastModified.toUTCString());
      sendEncoded(reply, encoding, body);
      return true;
    }
  }
  const file = head ? await store.head(key) : await store.get(key, inm);
  if (!file) return false;
  reply.header('Cache-Control', UPLOAD_CACHE).header('ETag', file.etag).type(type);
  const body = head ? null : (file as StoredFile).body;
  if (inm === file.etag || !('size' in file)) {
    body?.destroy();
    reply.code(304).send();
    return true;
  }
  reply.header('Last-Modified', file.lastModified.toUTCString()).header('Content-Length', String(file.size));
  // HEAD: an empty stream, so Fastify keeps the length given rather than counting the (absent) body.
  reply.send(body ?? Readable.from([]));
  return true;
}

/**
 * Uploaded images, from the file store (storage/), at the size the page shows them and in the
 * smallest format the browser takes: `?w=` picks one of IMAGE_WIDTHS, and a JPEG or PNG goes as WebP
 * to a browser that accepts it (about half the bytes: the page's largest paint on a phone comes that
 * much sooner). Each copy is made once (imageCopies.ts), so a phone grid never fetches 600 px photos.
 * The URL stays the photo's own (Vary: Accept), so the page's <img>, srcset and preload hints are
 * unchanged. With a public URL for the store (S3_PUBLIC_URL, a CDN), the shop redirects there instead
 * of streaming the bytes itself.
 */
export function mountUploads(app: FastifyInstance, store: FileStore) {
  app.get<{ Params: { '*': string }; Querystring: { w?: string } }>('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    const key = keyOfPath(req.params['*'] ?? '');
    if (!key) return reply.callNotFound();
    const width = Number(req.query.w);
    const resized = isImageWidth(width) && resizable(key);
    const convertible = convertsToWebp(key);
    const webp = convertible && acceptsWebp(req.headers.accept);
    if (convertible) reply.header('Vary', 'Accept');
    const copy = resized || webp ? copyKey(key, resized ? width : null, webp) : null;
    if (store.publicUrl(key)) {
      // The copy is made first if missing (a refused original goes as it is); no original, a 404 here.
      const target = copy ? await imageCopy(store, key, resized ? width : null, webp).catch(() => key) : (await store.head(key)) ? key : null;
      if (!target) return reply.callNotFound();
      return reply.header('Cache-Control', REDIRECT_CACHE).redirect(store.publicUrl(target)!, 302);
    }
    if (copy && (await sendStored(req, reply, store, copy))) return reply;
    if (copy) {
      // Not in the store yet (a file put there before its copies were made): made now. A file sharp
      // refuses (beyond the pixel bound, damaged) goes as it is, never as a 500.
      const made = await makeCopy(store, key, resized ? width : null, webp).catch(() => undefined);
      if (made === null) return reply.callNotFound();
      if (made && (await sendStored(req, reply, store, made))) return reply;
    }
    if (await sendStored(req, reply, store, key)) return reply;
    return reply.callNotFound();
  });
}
