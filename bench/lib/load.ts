// autocannon (programmatic) runs with a small summary: requests/s, p50, p99, errors by status.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AutocannonResult> & { stop?: () => void };

export interface AcRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AcRequest, context: Record<string, unknown>) => AcRequest;
}
interface Histogram {
  average: number;
  mean: number;
  p50: number;
  p99: number;
  p97_5: number;
  max: number;
  total?: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
  statusCodeStats?: Record<string, { count: number }>;
  '1xx': number;
  '2xx': number;
  '4xx': number;
  '5xx': number;
}

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  ok: number;
  errors: number;
  codes: Record<string, number>;
  seconds: number;
  /** CPU ms the server spent per request (LoadOptions.cpuMs, over the measured run): a cost a crowded host stretches less than req/s. */
  cpuMsPerRequest?: number;
  /** The part of cpuMsPerRequest spent by the API's own processes (LoadOptions.apiPids); the rest is the database's. */
  apiCpuMsPerRequest?: number;
}

export interface LoadOptions {
  url: string;
  name: string;
  requests: AcRequest[];
  connections: number;
  /** Seconds (upper bound when amount is given). */
  duration: number;
  amount?: number;
  /** Seconds of unmeasured warm-up first (0: none). */
  warmup?: number;
  /** CPU ms each of the server's processes (pid -> ms) has used so far, read before and after the measured run. */
  cpuMs?: () => Promise<Map<number, number>>;
  /** Which of cpuMs' processes are the API's (the others: its database backends). */
  apiPids?: number[];
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const base = { url: o.url, connections: o.connections, pipelining: 1, timeout: 10, requests: o.requests };
  if (o.warmup) await autocannon({ ...base, duration: o.warmup });
  const cpuBefore = await o.cpuMs?.();
  const r = await autocannon({ ...base, duration: o.duration, ...(o.amount ? { maxOverallRequests: o.amount } : {}) });
  const cpuAfter = await o.cpuMs?.();
  const codes: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) codes[code] = Number(s.count);
  const total = Object.values(codes).reduce((a, b) => a + b, 0);
  const ok = r['2xx'];
  return {
    name: o.name,
    rps: total / Math.max(r.duration, 0.001),
    p50: r.latency.p50,
    p99: r.latency.p99,
    total,
    ok,
    errors: r.errors + r.timeouts + r.non2xx,
    codes,
    seconds: r.duration,
    ...(cpuBefore &&
      cpuAfter && {
        cpuMsPerRequest: cpuSpent(cpuBefore, cpuAfter) / Math.max(total, 1),
        ...(o.apiPids && { apiCpuMsPerRequest: cpuSpent(cpuBefore, cpuAfter, new Set(o.apiPids)) / Math.max(total, 1) }),
      }),
  };
}

/**
 * CPU ms spent between two samples, process by process: a process started in between counts whole, one
 * gone in between (a pool's idle connection closed) drops out rather than making the sum go negative.
 */
function cpuSpent(before: Map<number, number>, after: Map<number, number>, only?: Set<number>): number {
  let ms = 0;
  for (const [pid, now] of after) if (!only || only.has(pid)) ms += Math.max(0, now - (before.get(pid) ?? 0));
  return ms;
}

export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '–');

/** A plain text table, first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The same table in Markdown (for bench/README.md). */
export function markdownTable(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}
