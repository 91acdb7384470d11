import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

// Under `npm run cluster` the workers share one port, so a scrape reaches one of them at random. The
// worker that gets it asks the primary, which gathers every worker's numbers (over the cluster's IPC,
// answered by prom-client in each worker) and answers their sum: the scrape sees the whole host.

const ASK = 'shop:metrics?';
const ANSWER = 'shop:metrics';
/** A worker's registries are ready to be read (its app is built). */
const OFFERED = 'shop:metrics-offered';
/** prom-client's own messages: its worker side answers these (AggregatorRegistry in the worker). */
const READ = 'prom-client:getMetricsReq';
const READ_ANSWER = 'prom-client:getMetricsRes';
/** How long the primary waits for the workers; those later are left out of that scrape. */
const GATHER_WAIT_MS = 2_000;
/** A worker's wait for the primary, beyond its gathering. */
const ASK_WAIT_MS = 3_000;

type Message = { type?: string; id?: number; requestId?: number; text?: string | null; metrics?: unknown[]; error?: string };

/**
 * In the primary: answers a worker's question with the sum of every worker's metrics. Only workers
 * that said their registries are ready are read: one still starting (its app being built) would not
 * answer, and would hold every scrape until a timeout.
 */
export function aggregateWorkerMetrics() {
  const offering = new Map<number, Worker>();
  const gathering = new Map<number, { waiting: Set<number>; metrics: unknown[]; finish: () => void }>();
  let reads = 0;

  const gather = (): Promise<string | null> =>
    new Promise((resolve) => {
      const requestId = ++reads;
      const workers = [...offering.values()].filter((w) => w.isConnected());
      const read = { waiting: new Set(workers.map((w) => w.id)), metrics: [] as unknown[], finish: (() => undefined) as () => void };
      const timer = setTimeout(() => read.finish(), GATHER_WAIT_MS);
      read.finish = () => {
        clearTimeout(timer);
        gathering.delete(requestId);
        if (!read.metrics.length) return resolve(null);
        AggregatorRegistry.aggregate(read.metrics as never)
          .metrics()
          .then(resolve, () => resolve(null));
      };
      gathering.set(requestId, read);
      if (!workers.length) return read.finish();
      for (const w of workers) w.send({ type: READ, requestId });
    });

  cluster.on('message', (worker, m: Message) => {
    if (m?.type === OFFERED) offering.set(worker.id, worker);
    else if (m?.type === ASK) void gather().then((text) => worker.isConnected() && worker.send({ type: ANSWER, id: m.id, text }));
    else if (m?.type === READ_ANSWER) {
      const read = gathering.get(m.requestId!);
      if (!read?.waiting.delete(worker.id)) return;
      if (!m.error) read.metrics.push(...(m.metrics ?? []));
      if (!read.waiting.size) read.finish();
    }
  });
  cluster.on('exit', (worker) => {
    offering.delete(worker.id);
    for (const read of gathering.values()) if (read.waiting.delete(worker.id) && !read.waiting.size) read.finish();
  });
}

/** In a worker: lets the primary read these registries (prom-client answers its reads). */
export function offerToPrimary(registries: Registry[]) {
  if (!cluster.isWorker || !process.send) return;
  AggregatorRegistry.setRegistries(registries);
  new AggregatorRegistry(); // its constructor is what starts answering the primary's reads
  process.send({ type: OFFERED });
}

let asked = 0;

/** In a worker: every worker's metrics summed, from the primary; null outside a cluster or when it does not answer. */
export function clusterMetrics(): Promise<string | null> {
  if (!cluster.isWorker || !process.send) return Promise.resolve(null);
  const id = ++asked;
  return new Promise((resolve) => {
    const done = (text: string | null) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(text);
    };
    const onMessage = (m: Message) => m?.type === ANSWER && m.id === id && done(m.text ?? null);
    const timer = setTimeout(() => done(null), ASK_WAIT_MS);
    process.on('message', onMessage);
    process.send!({ type: ASK, id });
  });
}
