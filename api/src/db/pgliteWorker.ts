import fs from 'node:fs';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { PGlite as PGliteClass, PGliteOptions } from '@electric-sql/pglite';

// The embedded database's thread (db/client.ts starts it through lib/workerThread.ts): PGlite's WASM glue
// loads Node modules with dynamic import(), which some hosts (jest's CommonJS sandbox) cannot do, and the
// thread keeps PGlite's CPU work off the one that serves HTTP. PGlite and its extensions are required from
// the paths the parent resolved (workerData), so the thread needs no module resolution of its own.

/** What the parent sends: `sql` is the statement, the channel (listen) or the file (dump). */
export interface PgliteRequest {
  id: number;
  op: 'query' | 'listen' | 'exec' | 'close' | 'dump';
  sql?: string;
  params?: unknown[];
}
/** An answer to a request (its id), or a notification on a channel the parent listens to. */
export interface PgliteAnswer {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string; detail?: string };
  notify?: string;
  payload?: string;
}
export interface PgliteWorkerData {
  dir?: string;
  loadFrom?: string;
  pglitePath: string;
  trgmPath: string;
  unaccentPath: string;
}

const port = parentPort!;
const data = workerData as PgliteWorkerData;
const post = (answer: PgliteAnswer) => port.postMessage(answer);

// PGlite's file system layer sets the modes of the files it makes itself (0666/0777), past the
// process umask: keep what it sets to the owner, so the database files stay private (issue 16 #11).
const modes = fs as unknown as Record<string, ((target: unknown, mode: unknown) => void) | undefined>;
for (const name of ['chmodSync', 'fchmodSync', 'lchmodSync']) {
  const original = modes[name];
  if (original) modes[name] = (target, mode) => original.call(fs, target, typeof mode === 'number' ? mode & 0o700 : mode);
}

const { PGlite } = require(data.pglitePath) as { PGlite: typeof PGliteClass };
const { pg_trgm } = require(data.trgmPath);
const { unaccent } = require(data.unaccentPath);
// PGlite loads an extension's files only when named here (the migrations then CREATE EXTENSION it).
const options: PGliteOptions = { parsers: { 20: (v: string) => Number(v) }, extensions: { pg_trgm, unaccent } };
if (data.loadFrom) options.loadDataDir = new Blob([fs.readFileSync(data.loadFrom)]);
// (dir, options) with an undefined dir would drop the options.
const db = data.dir ? new PGlite(data.dir, options) : new PGlite(options);

port.on('message', async (m: PgliteRequest) => {
  try {
    await db.waitReady;
    if (m.op === 'query') post({ id: m.id, rows: (await db.query(m.sql!, m.params)).rows });
    // PGlite calls a listener while it reads the answer of the statement that committed the
    // NOTIFY, so the notification is posted before that statement's answer.
    else if (m.op === 'listen') {
      const channel = m.sql!;
      await db.listen(channel, (payload) => post({ id: 0, notify: channel, payload }));
      post({ id: m.id });
    } else if (m.op === 'exec') {
      await db.exec(m.sql!);
      post({ id: m.id });
    } else if (m.op === 'close') {
      await db.close();
      post({ id: m.id });
    } else if (m.op === 'dump') {
      const file = m.sql!;
      const blob = await db.dumpDataDir('none');
      // Several jest workers may write the same snapshot at once: each its own temporary file, renamed whole.
      const tmp = `${file}.${process.pid}.${threadId}.tmp`;
      fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
      fs.renameSync(tmp, file);
      post({ id: m.id });
    }
  } catch (err) {
    const e = err as { message?: unknown; code?: string; detail?: string } | undefined;
    post({ id: m.id, error: { message: String(e?.message ?? err), code: e?.code, detail: e?.detail } });
  }
});
