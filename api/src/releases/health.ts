// Health per release (issue 36): page views (each /remotes.json a visitor is answered) and the shell's
// error reports, counted in this process and added to release_health once a second in one statement,
// so a visitor's request never waits for a write. After each addition the canaries are judged: one
// whose errors pass RELEASE_ROLLBACK_ERROR_RATE of its page views, once it has MIN_VIEWS of them, is
// rolled back (service.ts: audited, e-mailed to the shop). Several processes may judge the same
// canary: the rollback takes the channel's lock and acts only while that version is still the canary.
import type { FastifyBaseLogger } from 'fastify';
import * as Q from './queries.js';
import { type ReleaseDeps, rollback } from './service.js';

/** RELEASE_ROLLBACK_ERROR_RATE's default, in percent of a canary's page views. */
export const DEFAULT_ROLLBACK_ERROR_PERCENT = 2;
/** A canary is judged once it has this many page views (fewer say too little). */
export const MIN_VIEWS = 50;
const FLUSH_MS = 1000;

const keyOf = (remote: string, version: string) => `${remote}\n${version}`;

export class ReleaseHealth {
  private counts = new Map<string, { views: number; errors: number }>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** A tick asked for while one runs: it runs after, so what was counted meanwhile is judged too. */
  private next: Promise<void> | null = null;

  constructor(
    private readonly deps: ReleaseDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  private add(remote: string, version: string, views: number, errors: number) {
    const key = keyOf(remote, version);
    const c = this.counts.get(key) ?? { views: 0, errors: 0 };
    c.views += views;
    c.errors += errors;
    this.counts.set(key, c);
  }
  view(remote: string, version: string) {
    this.add(remote, version, 1, 0);
  }
  error(remote: string, version: string, count: number) {
    this.add(remote, version, 0, count);
  }

  start() {
    this.timer = setInterval(() => void this.tick(), FLUSH_MS);
    this.timer.unref();
  }

  async close() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.tick();
  }

  /** Adds what was counted, then judges the canaries; one at a time. */
  tick(): Promise<void> {
    if (this.running) {
      this.next ??= this.running.then(() => {
        this.next = null;
        return this.tick();
      });
      return this.next;
    }
    this.running = this.flushAndJudge()
      .catch((err) => this.log.warn({ err }, 'release health could not be recorded (counted again next second)'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async flushAndJudge() {
    const counts = this.counts;
    if (!counts.size) return;
    this.counts = new Map();
    const rows = [...counts].map(([key, c]) => {
      const [remote, version] = key.split('\n');
      return { remote, version, ...c };
    });
    try {
      await Q.addHealth(this.deps.db, rows);
    } catch (err) {
      // Kept for the next second: a database blip loses no count.
      for (const r of rows) this.add(r.remote, r.version, r.views, r.errors);
      throw err;
    }
    await this.judge(new Set(rows.map((r) => r.remote)));
  }

  /** Rolls back each canary of these remotes whose error share passes the rule. */
  async judge(remotes: Set<string>) {
    const limit = this.deps.rollbackErrorPercent / 100;
    for (const c of await Q.channels(this.deps.db)) {
      if (!c.canary || !remotes.has(c.remote)) continue;
      const row = await Q.releaseOf(this.deps.db, c.remote, c.canary);
      if (!row) continue;
      const views = Number(row.views);
      const errors = Number(row.errors);
      if (views < MIN_VIEWS || errors / views <= limit) continue;
      const done = await rollback(this.deps, { kind: 'shop', name: 'health rule' }, c.remote, { canary: c.canary, reason: { reason: 'error rate', views, errors } });
      if (done) this.log.warn({ remote: c.remote, version: c.canary, views, errors }, 'canary rolled back by the health rule');
    }
  }
}
