// `--workers 1,2`: each scenario's throughput with each number of API processes, side by side.
import { fmt, table } from './load';

interface Measured {
  backend: string;
  products: number;
  workers: number;
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

const processes = (w: number) => (w ? `${w} process${w > 1 ? 'es' : ''}` : 'server.js');

/** One row per backend, size and scenario: req/s (p99) per worker count, and the last count's req/s over the first's. */
export function sideBySide(rows: Measured[], workerRuns: number[]): string {
  const header = ['backend', 'products', 'scenario', ...workerRuns.map((w) => `${processes(w)} req/s (p99 ms)`), `${processes(workerRuns[workerRuns.length - 1])} / ${processes(workerRuns[0])}`];
  const keys = [...new Set(rows.map((r) => `${r.backend}|${r.products}|${r.name}`))];
  const body = keys.map((key) => {
    const [backend, products, name] = key.split('|');
    const at = (w: number) => rows.find((r) => r.backend === backend && String(r.products) === products && r.name === name && r.workers === w);
    const cells = workerRuns.map((w) => {
      const r = at(w);
      return r ? `${fmt(r.rps)} (${fmt(r.p99, 1)})${r.errors ? ` ${r.errors} errors` : ''}` : '–';
    });
    const first = at(workerRuns[0]);
    const last = at(workerRuns[workerRuns.length - 1]);
    return [backend, fmt(Number(products)), name, ...cells, first && last ? (last.rps / first.rps).toFixed(2) : '–'];
  });
  return `Side by side (the same data, each number of API processes in turn):\n${table(header, body)}`;
}
