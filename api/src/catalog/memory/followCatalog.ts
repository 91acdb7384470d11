import type { CatalogVersion } from './catalogVersion.js';

/**
 * Work that follows the catalogue (ProductPages, CatalogFacets): run at start and again after each
 * catalogue change, once no other change has come for delayMs (an admin saving several things in a
 * row), one run at a time. A run learns it is out of date through `outdated()` and should stop, since
 * the next one is on its way; a run that fails (the database unreachable) is tried again later.
 */
export abstract class CatalogFollower {
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly stopListening: () => void;
  /** True from a catalogue change (or start) until a run for the current version has finished. */
  busy = false;
  /** The version the last finished run was for: a run asked for again for it is skipped. */
  private doneFor = -1;

  constructor(
    protected readonly version: Pick<CatalogVersion, 'current' | 'onChange'>,
    private readonly delayMs: number,
  ) {
    this.stopListening = version.onChange(() => this.schedule(this.delayMs));
  }

  /** The work for one catalogue version. */
  protected abstract run(version: number, outdated: () => Promise<boolean>): Promise<void>;

  start() {
    this.schedule(0);
  }

  async close() {
    this.closed = true;
    this.stopListening();
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number) {
    if (this.closed) return;
    this.busy = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.running.then(() => this.once()).catch(() => {
        if (!this.closed) this.schedule(10 * this.delayMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async once() {
    const version = await this.version.current();
    const outdated = async () => this.closed || (await this.version.current()) !== version;
    // The first lookup of the version announces it to every follower (CatalogVersion.learn), which
    // schedules a second run for the version the first one is already doing: at 100,000 products
    // that doubled the facet index's build, 20 s of a database core right after start.
    if (version !== this.doneFor) await this.run(version, outdated);
    if (await outdated()) return;
    this.doneFor = version;
    this.busy = false;
  }
}
