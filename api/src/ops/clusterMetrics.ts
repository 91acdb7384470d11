import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

// Under `npm run cluster` the workers share one port, so a scrape reaches one of them at random. The
// worker that gets it asks the primary, which gathers every worker's numbers (prom-client's
// AggregatorRegistry, over the cluster's IPC) and answers their sum; the scrape sees the whole host.

const ASK = 'shop:metrics?';
const ANSWER = 'shop:metrics';
/** Longer than the primary's own wait for its workers (prom-client: 5 s) would hold a scrape. */
const ASK_WAIT_MS = 3_000;

interface Asked {
  type: typeof ASK;
  id: number;
}
interface Answered {
  type: typeof ANSWER;
  id: number;
  text: string | null;
}

/** In the primary: answers a worker's question with the sum of every worker's metrics. */
export function aggregateWorkerMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, m: Asked) => {
    if (m?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: m.id, text } satisfies Answered),
      () => worker.isConnected() && worker.send({ type: ANSWER, id: m.id, text: null } satisfies Answered),
    );
  });
}

/** In a worker: lets the primary read these registries (prom-client answers its requests). */
export function offerToPrimary(registries: Registry[]) {
  if (!cluster.isWorker) return;
  AggregatorRegistry.setRegistries(registries);
  new AggregatorRegistry(); // its constructor is what starts answering the primary
}

let asked = 0;
/** Whether the primary has ever answered: a primary that does not aggregate is asked once, not at every scrape. */
let primaryAnswers: boolean | undefined;

/** In a worker: every worker's metrics summed, from the primary; null outside a cluster or when it does not answer. */
export function clusterMetrics(): Promise<string | null> {
  if (!cluster.isWorker || !process.send || primaryAnswers === false) return Promise.resolve(null);
  const id = ++asked;
  return new Promise((resolve) => {
    const done = (text: string | null) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(text);
    };
    const onMessage = (m: Answered) => {
      if (m?.type !== ANSWER || m.id !== id) return;
      primaryAnswers = true;
      done(m.text);
    };
    const timer = setTimeout(() => {
      primaryAnswers ??= false;
      done(null);
    }, ASK_WAIT_MS);
    process.on('message', onMessage);
    process.send!({ type: ASK, id } satisfies Asked);
  });
}
