import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const NO_CACHE = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'remotes.json']);
export const REMOTES = ['mfe-catalog', 'mfe-checkout', 'mfe-account', 'mfe-admin'];

function setHeaders(res: FastifyReply, file: string) {
  res.header('Cache-Control', NO_CACHE.has(path.basename(file)) ? 'no-cache' : 'public, max-age=31536000, immutable');
}

/**
 * Serves the built front ends when they exist: the shell at /, each remote at /<name>/, and
 * uploads at /uploads/. Answers the shell's index.html for client-side routes.
 */
export async function registerStatic(app: FastifyInstance, staticRoot: string | undefined, uploadsDir: string) {
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders: (res: FastifyReply) => res.header('Cache-Control', 'public, max-age=31536000, immutable'),
  });
  let shellIndex: string | null = null;
  if (staticRoot) {
    for (const name of REMOTES) {
      const dir = path.join(staticRoot, name, 'dist');
      if (fs.existsSync(dir)) await app.register(fastifyStatic, { root: dir, prefix: `/${name}/`, decorateReply: false, setHeaders });
    }
    const shell = path.join(staticRoot, 'shell', 'dist');
    if (fs.existsSync(shell)) {
      await app.register(fastifyStatic, { root: shell, prefix: '/', decorateReply: false, wildcard: true, setHeaders });
      if (fs.existsSync(path.join(shell, 'index.html'))) shellIndex = path.join(shell, 'index.html');
    }
  }
  return shellIndex;
}
