import cluster, { type Worker } from 'node:cluster';
import { isReadyMessage } from './worker.js';

/** A worker that dies sooner than this after being ready counts as a failed start: the next waits longer. */
const STABLE_MS = 10_000;
/** Back-off after failed starts: 0.5 s, 1 s, 2 s… at most 30 s (a database that is down is not hammered). */
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

export interface PrimaryOptions {
  workers: number;
  /** A replacement may start before the old worker stops: PostgreSQL; PGlite's files are one process's. */
  overlap: boolean;
  /** SHUTDOWN_TIMEOUT_MS: a draining worker still running 5 s past it is killed. */
  shutdownTimeoutMs: number;
  log: (line: string) => void;
}

interface Slot {
  worker: Worker | null;
  readyAt: number;
  failures: number;
  restart?: NodeJS.Timeout;
}

const nameOf = (w: Worker) => `worker ${w.id} (pid ${w.process.pid})`;

/**
 * The cluster's primary: keeps `workers` API processes (cluster.setupPrimary's exec) behind the one
 * port Node's cluster module shares among them, restarts one that dies (with back-off), restarts them
 * all one at a time (each replacement ready before its predecessor drains), and stops them cleanly.
 */
export function startPrimary(o: PrimaryOptions) {
  const slots: Slot[] = Array.from({ length: o.workers }, () => ({ worker: null, readyAt: 0, failures: 0 }));
  let stopping: Promise<void> | undefined;
  let rolling = false;

  /** Forks a worker; `ready` is true once it says so, false if it exits first. */
  function spawn() {
    const worker = cluster.fork();
    const ready = new Promise<boolean>((resolve) => {
      const onMessage = (m: unknown) => isReadyMessage(m) && done(true);
      const onExit = () => done(false);
      function done(ok: boolean) {
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        resolve(ok);
      }
      worker.on('message', onMessage);
      worker.once('exit', onExit);
    });
    return { worker, ready };
  }

  /** The slot's worker from now on: replaced when it dies, unless stopping or already retired. */
  function adopt(i: number, worker: Worker) {
    const slot = slots[i];
    clearTimeout(slot.restart);
    slot.worker = worker;
    slot.readyAt = 0;
    worker.once('exit', (code, signal) => {
      if (slot.worker !== worker || stopping) return;
      slot.worker = null;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      // Stopped cleanly by someone else (a SIGTERM to the worker itself): replaced at once.
      const clean = code === 0 && !signal;
      const quick = !slot.readyAt || Date.now() - slot.readyAt < STABLE_MS;
      slot.failures = clean ? 0 : quick ? slot.failures + 1 : 1;
      const delay = clean ? 0 : Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (slot.failures - 1));
      o.log(`${nameOf(worker)} ${clean ? 'stopped' : 'died'} (${how}); another in ${delay} ms`);
      slot.restart = setTimeout(() => void fill(i), delay);
    });
  }

  async function fill(i: number) {
    if (stopping) return;
    const { worker, ready } = spawn();
    adopt(i, worker);
    if (await ready) {
      slots[i].readyAt = Date.now();
      o.log(`${nameOf(worker)} ready`);
    }
  }

  /** SIGTERM, then SIGKILL if it is still draining past the timeout. */
  function retire(worker: Worker): Promise<void> {
    return new Promise((resolve) => {
      if (worker.isDead()) return resolve();
      const kill = setTimeout(() => worker.process.kill('SIGKILL'), o.shutdownTimeoutMs + 5_000);
      worker.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      worker.process.kill('SIGTERM');
    });
  }

  async function rollingRestart() {
    if (rolling || stopping) return o.log(`rolling restart: ${stopping ? 'stopping' : 'one is already under way'}; ignored`);
    rolling = true;
    o.log('rolling restart: one worker at a time');
    try {
      for (let i = 0; i < slots.length && !stopping; i++) {
        const slot = slots[i];
        const old = slot.worker;
        // A dead one waiting for its restart comes back with the new code anyway.
        if (!old) continue;
        if (!o.overlap) {
          slot.worker = null;
          await retire(old);
          await fill(i);
          continue;
        }
        const { worker, ready } = spawn();
        if (!(await ready)) {
          o.log(`rolling restart stopped: ${nameOf(worker)} exited before it was ready; the others keep serving`);
          return;
        }
        // The slot's current worker (old, or its replacement if old died meanwhile) drains.
        const current = slot.worker;
        adopt(i, worker);
        slot.readyAt = Date.now();
        slot.failures = 0;
        o.log(`${nameOf(worker)} ready; ${current ? `${nameOf(current)} drains` : 'its slot was empty'}`);
        if (current) await retire(current);
      }
      o.log('rolling restart: done');
    } finally {
      rolling = false;
    }
  }

  function stop(reason: string) {
    stopping ??= (async () => {
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
      o.log(`${reason}: stopping ${workers.length} worker(s), each finishing its requests`);
      for (const slot of slots) clearTimeout(slot.restart);
      await Promise.all(workers.map(retire));
      o.log('stopped');
    })();
    return stopping;
  }

  /** The first worker alone (it migrates and seeds an empty database), then the others together. */
  const started = (async () => {
    await fill(0);
    await Promise.all(slots.slice(1).map((_, k) => fill(k + 1)));
  })();

  return { started, rollingRestart, stop };
}
