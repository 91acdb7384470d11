import fs from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import type { FirstViewData, RenderFirstView } from '@shop/contract';

// A remote's first-view renderer (<remote>/dist-server/firstView.js), run in this process with a time
// bound. It is code of another team, run for pages: a renderer that loops, hangs or throws must cost a
// page its first view, never the page. Its module's evaluation and each call run with a timeout (a loop
// there is stopped, and that build is set aside until a new one replaces it: it had the process's only
// thread), and a render has a deadline in wall time: a view not there by then (a renderer waiting on
// something that never comes, a slow read) is not waited for, and the page goes without it. One that threw
// or missed the deadline is asked again next page. Each build's first failure is logged once.
// Not bounded: a loop in the renderer's code *after* one of its awaits, which runs as a promise job of the
// process (stopping one from inside would corrupt Node's async context stack); only a worker thread could.
// A timed evaluation starts a watchdog thread (0.05-0.3 ms, more than the render itself), so a page's
// view is kept with the reads its render made and their answers: while the same reads answer the same,
// the page gets the same view without running the renderer again (a renderer is a function of its page
// and its reads). The catalogue keeps its answers until it changes: a repeat of a page costs its reads.

/** FIRST_VIEW_TIMEOUT_MS: a render's time, catalogue reads included; past it the page goes without its first view. */
export const DEFAULT_FIRST_VIEW_TIMEOUT_MS = 1000;

/** A failure of one build's renderer, reported once per build (the first). */
export type FirstViewFailure = (file: string, err: unknown) => void;

interface Loaded {
  mtimeMs: number;
  /** null: no renderer there, or one that failed to load or ran out of time. */
  context: vm.Context | null;
  failed: boolean;
  /** The last views rendered, by page: the reads each made, their answers (as JSON) and the view. */
  views: Map<string, KeptView>;
}

type Read = ['newest', number] | ['product', string];
interface KeptView {
  reads: Read[];
  answers: string;
  /** The answers last seen (the catalogue hands out the answer it keeps until it changes). */
  last: unknown[];
  view: string | null;
}
const MAX_KEPT_VIEWS = 500;

const read = (data: FirstViewData, [what, arg]: Read): Promise<unknown> => (what === 'newest' ? data.newest(arg) : data.product(arg));

/** Starts a call: the arguments and the renderer's answer (a promise) pass through the context's global `__call`. */
const CALL = new vm.Script('__call.result = __render(__call.module, __call.pagePath, __call.search, __call.data);', { filename: 'firstView-call' });

const isTimeout = (err: unknown) => (err as { code?: string } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';

export class FirstViewRenderers {
  private readonly loaded = new Map<string, Loaded>();

  constructor(
    private readonly timeoutMs = DEFAULT_FIRST_VIEW_TIMEOUT_MS,
    private readonly onFailure: FirstViewFailure = () => {},
  ) {}

  /**
   * The renderer's first view of the page, or null: no renderer, nothing to show, a failed read, or a
   * renderer that threw, ran out of time or missed the deadline (then logged once for its build).
   */
  async render(file: string, module: string, pagePath: string, search: string, data: FirstViewData): Promise<string | null> {
    const entry = this.load(file);
    if (!entry?.context) return null;
    const page = `${module}\n${pagePath}\n${search}`;
    const kept = entry.views.get(page);
    try {
      const now = kept && (await Promise.all(kept.reads.map((r) => read(data, r))));
      // The same answers: the very objects (a kept answer), or the same content.
      if (kept && now && (now.every((answer, i) => answer === kept.last[i]) || JSON.stringify(now) === kept.answers)) {
        kept.last = now;
        entry.views.delete(page);
        entry.views.set(page, kept); // most recently used last
        return kept.view;
      }
    } catch {
      return null; // a read failed: the renderer would have had nothing to show
    }
    const reads: Read[] = [];
    const answers: Promise<unknown>[] = [];
    const recorded: FirstViewData = {
      newest: (limit) => record(['newest', limit], data.newest(limit)),
      product: (slug) => record(['product', slug], data.product(slug)),
    };
    function record<T>(r: Read, answer: Promise<T>): Promise<T> {
      reads.push(r);
      answers.push(answer);
      return answer;
    }
    const view = await this.run(file, entry, module, pagePath, search, recorded);
    if (view !== undefined && entry.context) {
      const last = await Promise.all(answers);
      entry.views.set(page, { reads, answers: JSON.stringify(last), last, view });
      if (entry.views.size > MAX_KEPT_VIEWS) entry.views.delete(entry.views.keys().next().value!);
    }
    return view ?? null;
  }

  /** One render within the time bound: the view (null: none for this page), or undefined when it failed. */
  private async run(file: string, entry: Loaded, module: string, pagePath: string, search: string, data: FirstViewData): Promise<string | null | undefined> {
    const context = entry.context!;
    let timer: NodeJS.Timeout | undefined;
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no first view within ${this.timeoutMs} ms`)), this.timeoutMs);
      });
      const call: { module: string; pagePath: string; search: string; data: FirstViewData; result?: unknown } = { module, pagePath, search, data };
      context.__call = call;
      try {
        CALL.runInContext(context, { timeout: this.timeoutMs });
      } finally {
        context.__call = undefined;
      }
      const view = await Promise.race([call.result, deadline]);
      return typeof view === 'string' && view ? view : null;
    } catch (err) {
      this.fail(file, entry, err);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  private fail(file: string, entry: Loaded, err: unknown) {
    if (isTimeout(err)) entry.context = null; // it held the thread: set aside until a new build
    if (entry.failed) return;
    entry.failed = true;
    this.onFailure(file, err);
  }

  /** The renderer file's context, evaluated again when a new build replaces it. */
  private load(file: string): Loaded | null {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    const kept = this.loaded.get(file);
    if (kept?.mtimeMs === mtimeMs) return kept;
    const entry: Loaded = { mtimeMs, context: null, failed: false, views: new Map() };
    this.loaded.set(file, entry);
    // Evaluated as Node evaluates a CommonJS file, but in a context of its own and without the module
    // cache, so a new build replaces the old one (the renderer is one self-contained webpack bundle).
    const context = vm.createContext({ __module: { exports: {} }, __require: createRequire(file) });
    try {
      const code = `(function (exports, require, module) {${fs.readFileSync(file, 'utf8')}\n})(__module.exports, __require, __module);`;
      vm.runInContext(code, context, { filename: file, timeout: this.timeoutMs });
      const render = (context.__module as { exports: { renderFirstView?: RenderFirstView } }).exports.renderFirstView;
      if (typeof render === 'function') {
        context.__render = render;
        entry.context = context;
      }
    } catch (err) {
      this.fail(file, entry, err);
    }
    return entry;
  }
}

