import type { Worker } from 'node:worker_threads';
import { DEFAULT_LOCALE, type FirstViewData } from '@shop/contract';
import { statThisTurn } from '../lib/statThisTurn.js';
import { KeptByBytes } from '../lib/keptByBytes.js';
import { prepareWorker, startWorker } from '../lib/workerThread.js';
import type { FirstViewFromWorker as FromWorker, FirstViewRead, FirstViewToWorker as ToWorker, RendererErrorInfo as ErrorInfo } from './firstViewMessages.js';

// A remote's first-view renderer (<remote>/dist-server/firstView.js), run in a worker thread of its own
// with a time bound. It is code of another team, run for pages: a renderer that loops, hangs or throws
// must cost a page its first view, never the page. A render has a deadline in wall time; a view not
// there by then is not waited for and the page goes without it. At the deadline the thread is asked
// whether it still answers: one that does not (a loop, when called or when its module loaded) is
// stopped and its build set aside until a new build replaces it; one that does (a renderer waiting on
// something that never comes) is asked again next page. Each build's first failure is logged once.
// The renderer asks the catalogue through this thread (FirstViewData over messages), so it reads the
// same kept answers as the API. A thread, not a vm timeout per call: that started a watchdog thread per
// render and cost ~40 % of the product page's throughput (bench/README, issue 21).
// A page's view is kept with the reads its render made and their answers: while the same reads answer
// the same, the page gets the same view without running the renderer again (a renderer is a function
// of its page and its reads). The catalogue keeps its answers until it changes: a repeat of a page
// costs its reads.

/** FIRST_VIEW_TIMEOUT_MS: a render's time, catalogue reads included; past it the page goes without its first view. */
export const DEFAULT_FIRST_VIEW_TIMEOUT_MS = 1000;

/** A failure of one build's renderer, reported once per build (the first). */
export type FirstViewFailure = (file: string, err: unknown) => void;

type Read = FirstViewRead;
interface KeptView {
  reads: Read[];
  answers: string;
  /** The answers last seen (the catalogue hands out the answer it keeps until it changes). */
  last: unknown[];
  view: string | null;
}
/**
 * A build's kept views, by their bytes: 16 MiB, ~4,000 product pages' (500 by count before; as many as
 * the shop's kept pages, web/shopPage.ts, so a page kept there finds its view here without a render).
 */
const KEPT_VIEWS_BYTES = 16 * 1024 * 1024;
/** A kept view's memory beside its strings (its key, its reads and the entry). */
const VIEW_ENTRY_BYTES = 300;
const viewBytes = (page: string, v: KeptView) => VIEW_ENTRY_BYTES + page.length + v.answers.length + (v.view?.length ?? 0);
/** How long a thread has, past a render's deadline, to show it still answers before it is taken as stuck. */
const STUCK_AFTER_MS = 100;
/** The threads' code: ./firstViewWorker.ts. */
const WORKER = 'firstViewWorker';
/** A renderer's heap: a leak costs its thread, not the API. */
const WORKER_HEAP_MB = 256;

const toError = (e: ErrorInfo) => Object.assign(new Error(e.message), { name: e.name, stack: e.stack });

type Outcome = { view: string | null } | { error: unknown };
interface Rendering {
  data: FirstViewData;
  done: (outcome: Outcome) => void;
}

/** One build of a renderer: its thread (started when first needed), its renders in flight and its kept views. */
class Build {
  private worker: Worker | null = null;
  /** True once the module loaded with a renderFirstView; false: none, or its load failed (then `loadError`). */
  private ready: Promise<boolean> | null = null;
  loadError: Error | null = null;
  /** Set aside: no renderer there, or one that held its thread. */
  setAside = false;
  failed = false;
  readonly views = new KeptByBytes<string, KeptView>(KEPT_VIEWS_BYTES);
  private readonly renders = new Map<number, Rendering>();
  private nextId = 0;
  private pong: (() => void) | null = null;

  constructor(
    readonly file: string,
    readonly mtimeMs: number,
  ) {}

  /** Starts a render on the thread; its outcome (a view, or the renderer's error) arrives through `done`. */
  async start(module: string, pagePath: string, search: string, data: FirstViewData, done: (outcome: Outcome) => void): Promise<number | null> {
    const renders = await this.thread();
    if (!renders || !this.worker) return null;
    const id = ++this.nextId;
    this.renders.set(id, { data, done });
    this.post({ type: 'render', id, module, pagePath, search, locale: data.locale ?? DEFAULT_LOCALE });
    return id;
  }

  /** A render given up (its deadline passed): a late answer is dropped. */
  forget(id: number | null) {
    if (id !== null) this.renders.delete(id);
  }

  /** Whether the thread answers a ping within STUCK_AFTER_MS (false: it is held by a loop, or gone). */
  answers(): Promise<boolean> {
    if (!this.worker) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), STUCK_AFTER_MS);
      const previous = this.pong;
      this.pong = () => {
        previous?.();
        clearTimeout(timer);
        resolve(true);
      };
      this.post({ type: 'ping' });
    });
  }

  /** Stops the thread; its renders in flight fail now rather than each at its own deadline. */
  async stop() {
    const worker = this.worker;
    this.worker = null;
    this.ready = Promise.resolve(false);
    this.failRenders(new Error('the first-view thread was stopped'));
    await worker?.terminate();
  }

  private failRenders(err: unknown) {
    for (const [id, r] of this.renders) {
      this.renders.delete(id);
      r.done({ error: err });
    }
  }

  /** The thread, started on first use (and again after it exited); answers whether the build renders. */
  private thread(): Promise<boolean> {
    if (this.ready) return this.ready;
    // The thread's side is ./firstViewWorker.ts.
    const worker = startWorker(__dirname, WORKER, { workerData: { file: this.file }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.unref();
    this.worker = worker;
    this.ready = new Promise<boolean>((resolve) => {
      worker.on('message', (m: FromWorker) => {
        if (m.type === 'ready') resolve(m.renders);
        else if (m.type === 'loadFailed') {
          this.loadError = toError(m.error);
          resolve(false);
        } else this.receive(worker, m);
      });
      // A thread that died (a renderer's uncaught error, its heap limit): its renders fail, the next page starts another.
      const gone = (err: unknown) => {
        resolve(false);
        if (this.worker !== worker) return;
        this.worker = null;
        this.ready = null;
        this.failRenders(err);
      };
      worker.on('error', gone);
      worker.on('exit', (code) => gone(new Error(`the first-view thread exited (${code})`)));
    });
    return this.ready;
  }

  private receive(worker: Worker, m: FromWorker) {
    if (m.type === 'pong') {
      const pong = this.pong;
      this.pong = null;
      pong?.();
      return;
    }
    if (m.type === 'read') {
      const r = this.renders.get(m.id);
      const answer = r ? read(r.data, [m.what, m.arg] as Read) : Promise.reject(new Error('render given up'));
      answer.then(
        (value) => this.worker === worker && this.post({ type: 'answer', read: m.read, ok: true, value }),
        (err: unknown) => this.worker === worker && this.post({ type: 'answer', read: m.read, ok: false, error: String((err as Error)?.message ?? err) }),
      );
      return;
    }
    if (m.type === 'done' || m.type === 'failed') {
      const r = this.renders.get(m.id);
      this.renders.delete(m.id);
      r?.done(m.type === 'done' ? { view: m.view } : { error: toError(m.error) });
    }
  }

  private post(message: ToWorker) {
    try {
      this.worker?.postMessage(message);
    } catch {
      /* the thread is gone: its 'exit' fails the renders */
    }
  }
}

export class FirstViewRenderers {
  private readonly builds = new Map<string, Build>();

  constructor(
    private readonly timeoutMs = DEFAULT_FIRST_VIEW_TIMEOUT_MS,
    private readonly onFailure: FirstViewFailure = () => {},
  ) {
    // Its threads' code readied now, not within a first render's time bound.
    prepareWorker(__dirname, WORKER);
  }

  /**
   * The renderer's first view of the page, or null: no renderer, nothing to show, a failed read, or a
   * renderer that threw, held its thread or missed the deadline (then logged once for its build).
   */
  async render(file: string, module: string, pagePath: string, search: string, data: FirstViewData): Promise<string | null> {
    const build = this.load(file);
    if (!build || build.setAside) return null;
    // A page's view in each language is kept apart (issue 37: its texts and links are the language's).
    const page = `${module}\n${pagePath}\n${search}\n${data.locale ?? DEFAULT_LOCALE}`;
    const kept = build.views.get(page);
    try {
      const now = kept && (await Promise.all(kept.reads.map((r) => read(data, r))));
      // The same answers: the very objects (a kept answer), or the same content.
      if (kept && now && (now.every((answer, i) => answer === kept.last[i]) || JSON.stringify(now) === kept.answers)) {
        kept.last = now;
        return kept.view;
      }
    } catch {
      return null; // a read failed: the renderer would have had nothing to show
    }
    const reads: Read[] = [];
    const answers: Promise<unknown>[] = [];
    const recorded: FirstViewData = {
      locale: data.locale,
      newest: (limit) => record(['newest', limit], data.newest(limit)),
      product: (slug) => record(['product', slug], data.product(slug)),
      content: () => record(['content', ''], data.content ? data.content() : Promise.resolve(null)),
    };
    function record<T>(r: Read, answer: Promise<T>): Promise<T> {
      reads.push(r);
      answers.push(answer);
      return answer;
    }
    const view = await this.run(build, module, pagePath, search, recorded);
    if (view !== undefined && !build.setAside) {
      const last = await Promise.all(answers);
      const kept: KeptView = { reads, answers: JSON.stringify(last), last, view };
      build.views.set(page, kept, viewBytes(page, kept));
    }
    return view ?? null;
  }

  /** Stops every renderer's thread (the API closing). */
  async close() {
    const builds = [...this.builds.values()];
    this.builds.clear();
    await Promise.all(builds.map((b) => b.stop()));
  }

  /** One render within the time bound: the view (null: none for this page), or undefined when it failed. */
  private async run(build: Build, module: string, pagePath: string, search: string, data: FirstViewData): Promise<string | null | undefined> {
    let timer: NodeJS.Timeout | undefined;
    let id: number | null = null;
    try {
      const outcome = await new Promise<Outcome | 'late' | 'none'>((resolve) => {
        timer = setTimeout(() => resolve('late'), this.timeoutMs);
        build.start(module, pagePath, search, data, resolve).then(
          (started) => {
            id = started;
            if (started === null) resolve('none');
          },
          (err: unknown) => resolve({ error: err }),
        );
      });
      if (outcome === 'none') {
        // No renderFirstView there (nothing to log), or a module that failed to load (logged once).
        build.setAside = true;
        if (build.loadError) this.fail(build, build.loadError);
        return null;
      }
      if (outcome === 'late') {
        build.forget(id);
        if (await build.answers()) {
          this.fail(build, new Error(`no first view within ${this.timeoutMs} ms`));
          return undefined;
        }
        // Held by a loop (in a render or in its module's load): stopped, and set aside until a new build.
        build.setAside = true;
        await build.stop();
        this.fail(build, new Error(`the first-view renderer timed out: its thread was held past ${this.timeoutMs} ms`));
        return undefined;
      }
      if ('error' in outcome) {
        this.fail(build, outcome.error);
        return undefined;
      }
      return outcome.view || null;
    } finally {
      clearTimeout(timer);
    }
  }

  private fail(build: Build, err: unknown) {
    if (build.failed) return;
    build.failed = true;
    this.onFailure(build.file, err);
  }

  /** The renderer file's build, replaced (its thread stopped) when a new build replaces the file. */
  private load(file: string): Build | null {
    const mtimeMs = statThisTurn(file)?.mtimeMs;
    if (mtimeMs === undefined) return null;
    const kept = this.builds.get(file);
    if (kept?.mtimeMs === mtimeMs) return kept;
    void kept?.stop();
    const build = new Build(file, mtimeMs);
    this.builds.set(file, build);
    return build;
  }
}

/** One read of a render, by its name: the newest products, a product, the storefront's content (issue 38, 17; null without it). */
function read(data: FirstViewData, [what, arg]: Read): Promise<unknown> {
  if (what === 'newest') return data.newest(Number(arg));
  if (what === 'product') return data.product(String(arg));
  return data.content ? data.content() : Promise.resolve(null);
}
