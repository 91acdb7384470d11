import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type Addressing, type ComposedMail, composeMail } from './compose.js';
import type { MailMessage, ShopIdentity } from './messages.js';

/** Composes a message (compose.ts): off the request thread when it can. */
export interface MailComposerThread {
  compose(message: MailMessage, shop: ShopIdentity, to: Addressing): Promise<ComposedMail>;
  close(): Promise<void>;
}

// Building an e-mail's MIME message (nodemailer: quoted-printable of ~20 KB of HTML) takes ~4 ms of CPU
// per e-mail on a slow two-core host, and MJML's compile of a new shape 10-30 ms: on the thread that
// answers requests, a busy hour's confirmations would slow the checkouts that send them. The compiled
// API composes in one worker thread; run from TypeScript sources (tests, `npm run dev`), where a worker
// cannot load them, it composes in place.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { composeMail } = require(workerData.compose);
parentPort.on('message', ({ id, message, shop, to }) => {
  composeMail(message, shop, to).then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String(error && error.message || error) }),
  );
});`;

export function createMailComposer(): MailComposerThread {
  const compose = path.join(__dirname, 'compose.js');
  if (!__filename.endsWith('.js') || !fs.existsSync(compose)) return { compose: composeMail, close: async () => undefined };
  let worker: Worker | null = null;
  let next = 0;
  const pending = new Map<number, { resolve: (r: ComposedMail) => void; reject: (e: Error) => void }>();
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  const start = () => {
    const w = new Worker(WORKER, { eval: true, workerData: { compose } });
    w.unref();
    w.on('message', ({ id, result, error }: { id: number; result?: ComposedMail; error?: string }) => {
      const p = pending.get(id);
      pending.delete(id);
      if (error !== undefined) p?.reject(new Error(error));
      // A Buffer crosses the thread as a Uint8Array.
      else p?.resolve({ rendered: result!.rendered, raw: Buffer.from(result!.raw.buffer, result!.raw.byteOffset, result!.raw.byteLength) });
    });
    // A worker that died takes its e-mails with it; the sender tries those messages again, on a new worker.
    w.on('error', (error) => failAll(error));
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll(new Error('the mail composer stopped'));
    });
    return w;
  };
  return {
    compose: (message, shop, to) =>
      new Promise<ComposedMail>((resolve, reject) => {
        worker ??= start();
        const id = next++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, message, shop, to });
      }),
    close: async () => {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
