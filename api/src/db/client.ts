import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startWorker } from '../lib/workerThread.js';
import type { PgliteAnswer, PgliteRequest, PgliteWorkerData } from './pgliteWorker.js';

/** Anything that runs SQL: the database itself, or one open transaction. */
export interface Queryable {
  /**
   * prepared: a name for the statement, for the hottest ones only (a product page, the signed-in user,
   * a checkout's statements): PostgreSQL then parses and plans it once per connection instead of on
   * every call. The SQL must be fixed text (parameters only) for a given name. PGlite ignores it.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], prepared?: string): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: unknown[], prepared?: string): Promise<T | undefined>;
}

export interface Db extends Queryable {
  /** Runs fn in one transaction (BEGIN … COMMIT, ROLLBACK on throw). */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  kind: 'pglite' | 'postgres';
  /** PGlite only: writes the whole database to a file (a test snapshot, see loadFrom). */
  dump?(file: string): Promise<void>;
  /**
   * LISTEN on channel: onNotify gets each payload; onListening(true) once the LISTEN is in place,
   * onListening(false) when the connection is lost (PostgreSQL reconnects and says true again).
   * Answers a function that stops listening.
   */
  subscribe(channel: string, onNotify: (payload: string) => void, onListening: (listening: boolean) => void): Promise<() => Promise<void>>;
  /** Connections now (metrics): PGlite is one connection, whose queue is the waiting. */
  poolStats?(): PoolStats;
  /** Tells observer each statement's duration (metrics); answers a function that stops telling it. */
  observeQueries?(observer: QueryObserver): () => void;
}

export interface PoolStats {
  open: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

/** A statement's seconds, waiting for a connection included, and whether it failed. */
export type QueryObserver = (seconds: number, failed: boolean) => void;

/** The observers of one database: every statement either driver runs goes through wrap. */
class QueryObservers {
  private readonly set = new Set<QueryObserver>();
  add(observer: QueryObserver) {
    this.set.add(observer);
    return () => void this.set.delete(observer);
  }
  time(run: RunSql): RunSql {
    return async (sql, params, prepared) => {
      if (this.set.size === 0) return run(sql, params, prepared);
      const started = performance.now();
      let failed = true;
      try {
        const rows = await run(sql, params, prepared);
        failed = false;
        return rows;
      } finally {
        const seconds = (performance.now() - started) / 1000;
        for (const observe of this.set) observe(seconds, failed);
      }
    };
  }
}

/**
 * The database cannot be reached right now (refused, dropped, timed out, shutting down, out of
 * connections), as opposed to a query it refused. Answered 503 with Retry-After (app/errors.ts): the same
 * request may well work in a moment. Issue 16 #8.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE',
  'DATABASE_UNAVAILABLE',
  // PostgreSQL: admin or crash shutdown, cannot connect now, too many connections, connection exceptions.
  '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006',
]);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|^timeout expired$|Query read timeout|Client has encountered a connection error|Connection ended|connect ECONNREFUSED/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; errors?: unknown[] } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
  // Node's AggregateError when every address of a host refused (IPv4 and IPv6).
  if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
  return typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message);
}

const unavailable = (message: string) => Object.assign(new Error(message), { code: 'DATABASE_UNAVAILABLE' });

/** int8 (counts, minor units) as JS numbers on both drivers. */
const parseInt8 = (v: string) => Number(v);

/** A FIFO lock: PGlite is one connection, so a transaction must own it until COMMIT. */
class Mutex {
  private last: Promise<void> = Promise.resolve();
  /** Callers holding or waiting for the lock (the pool's numbers, metrics). */
  queued = 0;
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const prev = this.last;
    let release!: () => void;
    this.last = new Promise<void>((r) => (release = r));
    this.queued++;
    await prev;
    try {
      return await fn();
    } finally {
      this.queued--;
      release();
    }
  }
}

type RunSql = (sql: string, params?: unknown[], prepared?: string) => Promise<unknown[]>;

function wrap(run: RunSql): Queryable {
  return {
    query: <T>(sql: string, params?: unknown[], prepared?: string) => run(sql, params, prepared) as Promise<T[]>,
    one: async <T>(sql: string, params?: unknown[], prepared?: string) => ((await run(sql, params, prepared)) as T[])[0],
  };
}

/** A pg query config: named (prepared once per connection) when asked. */
const pgQuery = (text: string, values: unknown[] | undefined, name?: string): pg.QueryConfig => (name ? { name, text, values } : { text, values });

async function createPglite(dataDir?: string, loadFrom?: string): Promise<Db> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  // PGlite runs in a thread of its own (./pgliteWorker.ts says why).
  const workerData: PgliteWorkerData = {
    dir,
    loadFrom: loadFrom && fs.existsSync(loadFrom) ? loadFrom : undefined,
    pglitePath: require.resolve('@electric-sql/pglite'),
    trgmPath: require.resolve('@electric-sql/pglite/contrib/pg_trgm'),
    unaccentPath: require.resolve('@electric-sql/pglite/contrib/unaccent'),
  };
  const worker = startWorker(__dirname, 'pgliteWorker', { workerData });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let seq = 0;
  const listeners = new Map<string, Set<(payload: string) => void>>();
  worker.on('message', (m: PgliteAnswer) => {
    if (m.notify !== undefined) {
      for (const fn of listeners.get(m.notify) ?? []) fn(m.payload ?? '');
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code, detail: m.error.detail }));
    else p.resolve(m.rows);
  });
  // A worker that crashed or was stopped answers nothing more: every call waiting on it, and every
  // later one, fails at once as unavailable instead of waiting for ever.
  let stopped: Error | null = null;
  const fail = (err: Error) => {
    stopped ??= err;
    for (const p of pending.values()) p.reject(stopped);
    pending.clear();
  };
  worker.on('error', (err) => fail(Object.assign(unavailable(`The embedded database failed: ${err.message}`), { cause: err })));
  worker.on('exit', () => fail(unavailable('The embedded database has stopped')));
  const send = (op: PgliteRequest['op'], sql?: string, params?: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = ++seq;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, sql, params });
    });
  await send('query', 'SELECT 1');
  const mutex = new Mutex();
  const observers = new QueryObservers();
  const raw = async (sql: string, params?: unknown[]) => (await send('query', sql, params ?? [])) as unknown[];
  const top = wrap(observers.time((sql, params) => mutex.run(() => raw(sql, params))));
  const inTx = wrap(observers.time(raw));
  return {
    ...top,
    kind: 'pglite',
    poolStats: () => ({ open: stopped ? 0 : 1, idle: mutex.queued === 0 && !stopped ? 1 : 0, waiting: Math.max(0, mutex.queued - 1) }),
    observeQueries: (observer) => observers.add(observer),
    tx: (fn) =>
      mutex.run(async () => {
        await send('exec', 'BEGIN');
        try {
          const result = await fn(inTx);
          await send('exec', 'COMMIT');
          return result;
        } catch (err) {
          await send('exec', 'ROLLBACK');
          throw err;
        }
      }),
    // One process, one connection: the LISTEN cannot be lost, so it is listening from the start.
    subscribe: async (channel, onNotify, onListening) => {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await mutex.run(() => send('listen', channel));
      }
      set.add(onNotify);
      onListening(true);
      return async () => {
        set.delete(onNotify);
        onListening(false);
      };
    },
    exec: (sql) => mutex.run(async () => void (await send('exec', sql))),
    dump: (file) => mutex.run(async () => void (await send('dump', file))),
    close: async () => {
      if (!stopped) await mutex.run(() => send('close')).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/**
 * A dedicated connection that LISTENs on channel, outside the pool. It reconnects after an error or
 * an end, and a heartbeat still unanswered at the next one counts as lost too (a half-open
 * socket sends no error), so onListening(false) is said whenever a notification could be missed.
 */
const HEARTBEAT_MS = 5_000;
function listenPostgres(config: pg.ClientConfig, channel: string, onNotify: (payload: string) => void, onListening: (listening: boolean) => void) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let retryMs = 250;
  const lost = (c: pg.Client) => {
    if (current !== c) return;
    current = null;
    onListening(false);
    c.end().catch(() => undefined);
    if (stopped) return;
    retry = setTimeout(() => void connect(), retryMs).unref();
    retryMs = Math.min(retryMs * 2, 5_000);
  };
  const connect = async () => {
    const c = new pg.Client({ ...config, statement_timeout: 0, query_timeout: HEARTBEAT_MS, application_name: `listen ${channel}` });
    current = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (n) => n.channel === channel && current === c && onNotify(n.payload ?? ''));
    let waiting = false;
    const heartbeat = setInterval(() => {
      if (current !== c) return clearInterval(heartbeat);
      if (waiting) return lost(c);
      waiting = true;
      c.query('SELECT 1').then(() => (waiting = false), () => lost(c));
    }, HEARTBEAT_MS).unref();
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (current !== c) return;
      retryMs = 250;
      onListening(true);
    } catch {
      lost(c);
    }
  };
  return {
    started: connect(),
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const c = current;
      if (c) lost(c);
    },
  };
}

/**
 * How long to wait for the database server before answering 503 (issue 16 #8): a refused or lost
 * server must not hold requests for the whole outage. PG_CONNECT_TIMEOUT_MS bounds getting a
 * connection; a query's answer is awaited at most its statement timeout plus PG_QUERY_GRACE_MS
 * (the server cancels a slow statement itself; this catches a network that silently drops).
 */
export interface PostgresTimeouts {
  statementTimeoutMs: number;
  connectTimeoutMs: number;
  queryGraceMs: number;
  /** How long a request may queue for one of the pool's busy connections (PG_POOL_WAIT_MS). */
  poolWaitMs: number;
}

const NO_STATEMENT_TIMEOUT = /\bSET\s+(LOCAL\s+)?statement_timeout\s*(=|TO)\s*'?0'?\s*;?\s*$/i;
const LONG_WAIT_MS = 24 * 60 * 60 * 1000;

async function createPostgres(url: string, t: PostgresTimeouts): Promise<Db> {
  const statementTimeoutMs = t.statementTimeoutMs;
  // pg-pool bounds both the wait for a busy pool's connection and a new connection's connect with one
  // setting. They differ: a server that does not answer is an outage (quick 503), a full pool under a
  // burst of checkouts is a queue (each transaction is short; answering 503 would fail good orders).
  // The connect keeps its short bound on the client itself; the pool's wait gets the longer one.
  const connectTimeoutMs = t.connectTimeoutMs;
  class BoundedConnectClient extends pg.Client {
    constructor(c?: pg.ClientConfig) {
      super({ ...c, connectionTimeoutMillis: connectTimeoutMs });
    }
  }
  const config: pg.PoolConfig = {
    connectionString: url,
    Client: BoundedConnectClient,
    connectionTimeoutMillis: Math.max(t.poolWaitMs, connectTimeoutMs),
    query_timeout: statementTimeoutMs > 0 ? statementTimeoutMs + t.queryGraceMs : undefined,
    // A half-open connection (the server vanished without a word) is found by TCP keepalive too.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    idleTimeoutMillis: 30_000,
    // Enough for concurrent checkouts (each holds a connection for its transaction) and a product
    // page's parallel reads; PG_POOL_MAX per API process, within the server's max_connections.
    max: Number(process.env.PG_POOL_MAX) || 20,
    // A query still running after this is cancelled (an error, answered 500), so the requests a
    // client gave up on do not keep the pool's connections and queue every later query behind them.
    statement_timeout: statementTimeoutMs,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser },
  };
  const pool = new pg.Pool(config);
  pool.on('error', () => undefined);
  const listeners = new Set<() => Promise<void>>();
  const observers = new QueryObservers();
  const top = wrap(observers.time(async (sql, params, prepared) => (await pool.query(pgQuery(sql, params, prepared))).rows));
  return {
    ...top,
    kind: 'postgres',
    poolStats: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    observeQueries: (observer) => observers.add(observer),
    tx: async (fn) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        // A transaction that lifts its statement timeout (a search index build, a migration) lifts
        // the client-side wait for its answers too.
        let unbounded = false;
        const result = await fn(
          wrap(
            observers.time(async (sql, params, prepared) => {
              if (NO_STATEMENT_TIMEOUT.test(sql)) unbounded = true;
              return (await client.query({ ...pgQuery(sql, params, prepared), ...(unbounded ? { query_timeout: LONG_WAIT_MS } : {}) })).rows;
            }),
          ),
        );
        await client.query('COMMIT');
        return result;
      } catch (err) {
        // A connection that timed out or broke is not given back to the pool for the next request.
        if (isDatabaseUnavailable(err)) broken = err as Error;
        else await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release(broken);
      }
    },
    // Scripts are migrations: they may build indexes on a large catalogue for minutes.
    exec: async (sql) => void (await pool.query({ text: sql, query_timeout: LONG_WAIT_MS } as pg.QueryConfig)),
    subscribe: async (channel, onNotify, onListening) => {
      const l = listenPostgres(config, channel, onNotify, onListening);
      listeners.add(l.stop);
      await l.started;
      return async () => {
        listeners.delete(l.stop);
        await l.stop();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * loadFrom: PGlite only, start an in-memory database from a dump (tests start faster).
 * statementTimeoutMs: PostgreSQL only, PG_STATEMENT_TIMEOUT_MS or 5 s by default; 0 for none.
 */
export function createDb(opts: { databaseUrl?: string; dataDir?: string; loadFrom?: string } & Partial<PostgresTimeouts>): Promise<Db> {
  const env = process.env;
  // An empty value is unset (a copied .env.example), not 0, which would lift the limit.
  const timeouts: PostgresTimeouts = {
    statementTimeoutMs: opts.statementTimeoutMs ?? Number(env.PG_STATEMENT_TIMEOUT_MS || 5_000),
    connectTimeoutMs: opts.connectTimeoutMs ?? Number(env.PG_CONNECT_TIMEOUT_MS || 5_000),
    queryGraceMs: opts.queryGraceMs ?? Number(env.PG_QUERY_GRACE_MS || 2_000),
    poolWaitMs: opts.poolWaitMs ?? Number(env.PG_POOL_WAIT_MS || 15_000),
  };
  return opts.databaseUrl ? createPostgres(opts.databaseUrl, timeouts) : createPglite(opts.dataDir, opts.loadFrom);
}
