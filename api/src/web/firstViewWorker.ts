import fs from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type { FirstViewFromWorker, FirstViewToWorker, RendererErrorInfo } from './firstViewMessages.js';

// The first-view renderer's thread (web/firstViewRenderer.ts starts it through lib/workerThread.ts): loads
// one build's renderer as Node loads a CommonJS file (without the module cache, so a new build is new
// code) and runs the renders it is sent; the renderer's catalogue reads go to the parent as messages.

type Render = (module: string, pagePath: string, search: string, data: { newest: (limit: number) => Promise<unknown>; product: (slug: string) => Promise<unknown>; content: () => Promise<unknown> }) => unknown;

const port = parentPort!;
const { file } = workerData as { file: string };
const post = (m: FirstViewFromWorker) => port.postMessage(m);
const info = (err: unknown): RendererErrorInfo => {
  const e = err as { name?: unknown; message?: unknown; stack?: string } | null | undefined;
  return { name: (e?.name as string) || 'Error', message: e && e.message !== undefined ? String(e.message) : String(err), stack: e?.stack };
};
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
let reads = 0;
let render: Render | null = null;
try {
  const mod: { exports: { renderFirstView?: unknown } } = { exports: {} };
  const wrapper = vm.runInThisContext(`(function (exports, require, module) {${fs.readFileSync(file, 'utf8')}\n})`, { filename: file });
  wrapper(mod.exports, createRequire(file), mod);
  render = typeof mod.exports.renderFirstView === 'function' ? (mod.exports.renderFirstView as Render) : null;
  post({ type: 'ready', renders: !!render });
} catch (err) {
  post({ type: 'loadFailed', error: info(err) });
}

port.on('message', (m: FirstViewToWorker) => {
  if (m.type === 'ping') return post({ type: 'pong' });
  if (m.type === 'answer') {
    const p = pending.get(m.read);
    pending.delete(m.read);
    if (p) {
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(m.error));
    }
    return;
  }
  const renderer = render;
  if (m.type !== 'render' || !renderer) return;
  const ask = (what: 'newest' | 'product' | 'content', arg: number | string) =>
    new Promise((resolve, reject) => {
      const read = ++reads;
      pending.set(read, { resolve, reject });
      post({ type: 'read', id: m.id, read, what, arg });
    });
  const data = { locale: m.locale, newest: (limit: number) => ask('newest', limit), product: (slug: string) => ask('product', slug), content: () => ask('content', '') };
  Promise.resolve()
    .then(() => renderer(m.module, m.pagePath, m.search, data))
    .then(
      (view) => post({ type: 'done', id: m.id, view: typeof view === 'string' ? view : null }),
      (err) => post({ type: 'failed', id: m.id, error: info(err) }),
    );
});
