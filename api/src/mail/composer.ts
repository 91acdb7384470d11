import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MailMessage, RenderedMail, ShopIdentity } from './messages.js';
import { renderMail } from './templates/index.js';

/** Renders a message (templates/): off the request thread when it can. */
export interface MailRenderer {
  render(message: MailMessage, shop: ShopIdentity): Promise<RenderedMail>;
  close(): Promise<void>;
}

// MJML takes 10-30 ms of CPU per e-mail: on the thread that answers requests, a busy hour's
// confirmations would stall checkouts behind them. The compiled API renders in one worker thread; run
// from TypeScript sources (tests, `npm run dev`), where a worker cannot load them, it renders in place.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { renderMail } = require(workerData.templates);
parentPort.on('message', ({ id, message, shop }) => {
  renderMail(message, shop).then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String(error && error.message || error) }),
  );
});`;

export function createMailRenderer(): MailRenderer {
  const templates = path.join(__dirname, 'templates', 'index.js');
  if (!__filename.endsWith('.js') || !fs.existsSync(templates)) return { render: renderMail, close: async () => undefined };
  let worker: Worker | null = null;
  let next = 0;
  const pending = new Map<number, { resolve: (r: RenderedMail) => void; reject: (e: Error) => void }>();
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  const start = () => {
    const w = new Worker(WORKER, { eval: true, workerData: { templates } });
    w.unref();
    w.on('message', ({ id, result, error }: { id: number; result?: RenderedMail; error?: string }) => {
      const p = pending.get(id);
      pending.delete(id);
      if (error !== undefined) p?.reject(new Error(error));
      else p?.resolve(result!);
    });
    // A worker that died takes its renders with it; the sender tries those messages again, on a new worker.
    w.on('error', (error) => failAll(error));
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll(new Error('the mail renderer stopped'));
    });
    return w;
  };
  return {
    render: (message, shop) =>
      new Promise<RenderedMail>((resolve, reject) => {
        worker ??= start();
        const id = next++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, message, shop });
      }),
    close: async () => {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
