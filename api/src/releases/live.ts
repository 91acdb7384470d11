import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { inCanary, type ReleaseManifest, type ReleasePage, releaseFileUrl } from '@shop/contract';
import type { Db } from '../db/client.js';
import { type FileStore, readBytes } from '../storage/index.js';
import * as Q from './queries.js';

// What is live, in this process's memory (issue 36): each remote's stable release and its canary with
// the canary's share, read again whenever any process changes them (NOTIFY releases, migration 028),
// once the listener is (re)connected, and after this process's own change. A visitor's set of releases
// is worked out from the bucket alone, with no query: /remotes.json and every page ask it.

export interface LiveRelease {
  remote: string;
  version: string;
  manifest: ReleaseManifest;
  /** /releases/<remote>/<version>/remoteEntry.js */
  entry: string;
}
interface LiveRemote {
  stable: LiveRelease;
  canary: LiveRelease | null;
  percent: number;
}
/** The releases one visitor gets: by remote, and a key naming the combination (answers made from it are kept by it). */
export interface ReleaseSet {
  key: string;
  releases: Record<string, LiveRelease>;
}

/** Files of a release the server itself reads: the build manifest (preloads) and the first-view renderer. */
const SERVER_READ = ['mf-manifest.json', 'dist-server/firstView.js'];
const EMPTY: ReleaseSet = { key: '', releases: {} };

export class LiveReleases {
  private remotes = new Map<string, LiveRemote>();
  private sets = new Map<string, ReleaseSet>();
  private stop?: () => Promise<void>;
  private reloading: Promise<void> | null = null;
  private again = false;
  /** Bumped on every change of what is live (answers kept per set are dropped). */
  generation = 0;

  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
    /** Where a bucket's release files the server reads are copied (a disk store's are read in place). */
    private readonly cacheDir: string,
    private readonly log: { warn: (o: object, m: string) => void },
  ) {}

  async start(): Promise<void> {
    this.stop = await this.db.subscribe(
      'releases',
      () => void this.reload(),
      (listening) => listening && void this.reload(),
    );
    await this.reload();
  }

  async close(): Promise<void> {
    await this.stop?.();
  }

  /** Reads what is live again; calls while one runs make one more run after it (none is lost, none piles up). */
  reload(): Promise<void> {
    if (this.reloading) {
      this.again = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      try {
        do {
          this.again = false;
          await this.read();
        } while (this.again);
      } catch (err) {
        this.log.warn({ err }, 'live releases could not be read: the last ones known stay live');
      } finally {
        this.reloading = null;
      }
    })();
    return this.reloading;
  }

  private async read() {
    const channels = await Q.channels(this.db);
    const wanted = channels.flatMap((c) => [[c.remote, c.stable], ...(c.canary ? [[c.remote, c.canary]] : [])]);
    const rows = await Q.releasesAt(
      this.db,
      wanted.map((w) => w[0]),
      wanted.map((w) => w[1]!),
    );
    const of = (remote: string, version: string): LiveRelease => {
      const row = rows.find((r) => r.remote === remote && r.version === version)!;
      return { remote, version, manifest: row.manifest, entry: releaseFileUrl(remote, version, 'remoteEntry.js') };
    };
    const remotes = new Map<string, LiveRemote>();
    for (const c of channels) remotes.set(c.remote, { stable: of(c.remote, c.stable), canary: c.canary ? of(c.remote, c.canary) : null, percent: c.percent });
    await Promise.all(rows.map((r) => this.copyServerFiles(r.remote, r.version, r.files)));
    this.remotes = remotes;
    this.sets = new Map();
    this.generation++;
  }

  /** A bucket's files the server reads, copied once to the cache folder (a release never changes). */
  private async copyServerFiles(remote: string, version: string, files: string[]) {
    if (this.store.localPath) return;
    for (const file of SERVER_READ.filter((f) => files.includes(f))) {
      const target = path.join(this.cacheDir, remote, version, file);
      if (fs.existsSync(target)) continue;
      const bytes = await readBytes(this.store, `${remote}/${version}/${file}`).catch(() => null);
      if (!bytes) continue;
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.tmp`;
      await fsp.writeFile(temp, bytes);
      await fsp.rename(temp, target);
    }
  }

  /** Whether any remote has a release (else the shell's own remotes.json and routes.json are the truth). */
  get any(): boolean {
    return this.remotes.size > 0;
  }

  /** The releases a visitor in bucket (0-99) gets; without a bucket, the stables (crawlers, the sitemap). */
  forBucket(bucket: number | null): ReleaseSet {
    if (!this.remotes.size) return EMPTY;
    const chosen = [...this.remotes.values()].map((r) => (r.canary && bucket !== null && inCanary(bucket, r.percent) ? r.canary : r.stable));
    const key = chosen.map((r) => `${r.remote}@${r.version}`).join(',');
    let set = this.sets.get(key);
    if (!set) {
      set = { key, releases: Object.fromEntries(chosen.map((r) => [r.remote, r])) };
      this.sets.set(key, set);
    }
    return set;
  }

  /** Stable or canary now. */
  isLive(remote: string, version: string): boolean {
    const r = this.remotes.get(remote);
    return !!r && (r.stable.version === version || r.canary?.version === version);
  }

  /** The live releases of every remote but one (the gate's "others"). */
  othersThan(remote: string): ReleaseManifest[] {
    return [...this.remotes].filter(([name]) => name !== remote).flatMap(([, r]) => [r.stable.manifest, ...(r.canary ? [r.canary.manifest] : [])]);
  }

  /** The pages of each release of a set, by remote. */
  static pagesOf(set: ReleaseSet): Record<string, ReleasePage[]> {
    return Object.fromEntries(Object.entries(set.releases).map(([remote, r]) => [remote, r.manifest.pages]));
  }

  /** The file on this machine serving a live release's URL path (/releases/<remote>/<version>/<file>), or null. */
  fileOf(urlPath: string): string | null {
    const m = /^\/releases\/([a-z]+)\/([^/]+)\/(.+)$/.exec(urlPath);
    if (!m || m[3].split('/').includes('..')) return null;
    let version: string;
    try {
      version = decodeURIComponent(m[2]);
    } catch {
      return null;
    }
    if (!this.isLive(m[1], version)) return null;
    const key = `${m[1]}/${version}/${m[3]}`;
    if (this.store.localPath) return this.store.localPath(key);
    return SERVER_READ.includes(m[3]) ? path.join(this.cacheDir, key) : null;
  }
}
