// Remote releases (issue 36): register a build (checked, stored whole, then recorded), promote it
// (everyone, or a canary for a share of visitors), roll back, the deploy tokens, the back office's list.
// Every change is one transaction with its audit entry; release_channels' trigger tells every process.
import { createHash, randomBytes } from 'node:crypto';
import type { DeployToken, Release, ReleaseManifest, ReleaseStatus, RemoteReleases, ShopRoute } from '@shop/contract';
import { RELEASED_REMOTES } from '@shop/contract';
import { recordAudit } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import { conflict, forbidden, HttpError, notFound } from '../lib/errors.js';
import { enqueueMail, type ShopIdentity } from '../mail/service.js';
import type { FileStore } from '../storage/index.js';
import { gateReasons } from './gate.js';
import type { LiveReleases } from './live.js';
import * as Q from './queries.js';
import { checkFiles, type UploadedFile } from './upload.js';

export interface ReleaseDeps {
  db: Db;
  /** The release store: DATA_DIR/releases, or the bucket's releases/. */
  store: FileStore;
  live: LiveReleases;
  /** The shell's shared singletons' versions (its release.json): what a release must match. */
  shellShared: () => Record<string, string>;
  /** The shell build's own route table (routes.json): the pages of remotes with no release yet. */
  shellRoutes: () => readonly ShopRoute[];
  shop: ShopIdentity;
  /** RELEASE_ROLLBACK_ERROR_RATE, in percent of a canary's page views. */
  rollbackErrorPercent: number;
}

/** Who acts: an admin (audited by id), a deploy token of one remote, or the shop itself (npm start, the health rule). */
export type Actor = { kind: 'admin'; id: string; email: string } | { kind: 'token'; id: string; remote: string } | { kind: 'shop'; name: string };
const actorId = (a: Actor) => (a.kind === 'admin' ? a.id : null);
const actorName = (a: Actor) => (a.kind === 'admin' ? a.email : a.kind === 'token' ? `token:${a.id}` : a.name);

/** A deploy token acts for its own remote only. */
export function mayAct(actor: Actor, remote: string): void {
  if (actor.kind === 'token' && actor.remote !== remote) throw forbidden(`This deploy token is for the ${actor.remote} remote, not ${remote}`);
}

/** 409 with every reason the gate gives. */
export class GateRefusal extends HttpError {
  constructor(readonly reasons: string[]) {
    super(409, `The release does not fit the shop: ${reasons.join('; ')}`);
  }
}
function gate(deps: ReleaseDeps, manifest: ReleaseManifest): void {
  const reasons = gateReasons(manifest, { shellShared: deps.shellShared(), others: deps.live.othersThan(manifest.remote), shellRoutes: deps.shellRoutes() });
  if (reasons.length) throw new GateRefusal(reasons);
}

const CONTENT_TYPES: Record<string, string> = { '.js': 'application/javascript', '.css': 'text/css', '.json': 'application/json', '.html': 'text/html' };
const typeOfFile = (file: string) => CONTENT_TYPES[/\.[a-z0-9]+$/i.exec(file)?.[0]?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * Registers a build: the gate first, then its files, then its row. Until the row is written (the last
 * step) the release does not exist: an upload cut short leaves files no one can promote, and the same
 * version uploaded again writes the same bytes over them.
 */
export async function registerRelease(deps: ReleaseDeps, actor: Actor, manifest: ReleaseManifest, files: UploadedFile[]): Promise<Release> {
  mayAct(actor, manifest.remote);
  checkFiles(files, manifest);
  if (await Q.releaseOf(deps.db, manifest.remote, manifest.version)) throw conflict(`${manifest.remote} ${manifest.version} is registered already (a release never changes: build a new version)`);
  gate(deps, manifest);
  // A few at a time: a build is ~100 files, a bucket answers each in tens of milliseconds.
  const queue = [...files];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) await deps.store.put(`${manifest.remote}/${manifest.version}/${f.path}`, f.bytes, typeOfFile(f.path));
    }),
  );
  const inserted = await deps.db.tx(async (q) => {
    const done = await Q.insertRelease(q, { remote: manifest.remote, version: manifest.version, createdBy: actorName(actor), manifest, files: files.map((f) => f.path) });
    if (done) await recordAudit(q, { actorId: actorId(actor), action: 'create', entity: 'release', entityId: `${manifest.remote}@${manifest.version}`, after: { by: actorName(actor), files: files.length, pages: manifest.pages.map((p) => p.path) } });
    return done;
  });
  if (!inserted) throw conflict(`${manifest.remote} ${manifest.version} is registered already (a release never changes: build a new version)`);
  return releaseOut((await Q.releaseOf(deps.db, manifest.remote, manifest.version))!, 'new');
}

/** A remote's release, or 404: one never registered (or cut short) cannot be promoted. */
async function releaseOrNotFound(q: Queryable, remote: string, version: string): Promise<Q.ReleaseRow> {
  const row = await Q.releaseOf(q, remote, version);
  if (!row) throw notFound(`${remote} has no release ${version}`);
  return row;
}

/**
 * Makes version live: for everyone (percent omitted or 100: the new stable, the old one kept as the
 * way back) or as the canary for percent of visitors (the previous canary, if any, is replaced).
 */
export async function promote(deps: ReleaseDeps, actor: Actor, remote: string, version: string, percent = 100): Promise<Release> {
  mayAct(actor, remote);
  const row = await releaseOrNotFound(deps.db, remote, version);
  gate(deps, row.manifest);
  await deps.db.tx(async (q) => {
    const channel = await Q.lockedChannel(q, remote);
    const before = channel && { stable: channel.stable, canary: channel.canary, percent: channel.percent };
    if (!channel) {
      if (percent < 100) throw conflict(`${remote} has no stable release yet: its first release goes to everyone (promote it without a percent)`);
      await Q.insertChannel(q, remote, version);
    } else if (percent >= 100) {
      if (channel.stable === version && !channel.canary) throw conflict(`${remote} ${version} is live for everyone already`);
      const previous = channel.stable === version ? channel.previous : [...channel.previous, channel.stable].slice(-50);
      await Q.updateChannel(q, { remote, stable: version, canary: null, percent: 0, previous });
    } else {
      if (channel.stable === version) throw conflict(`${remote} ${version} is the stable release: a canary is a newer one`);
      if (channel.canary !== version) await Q.resetHealth(q, remote, version);
      await Q.updateChannel(q, { ...channel, canary: version, percent });
    }
    await recordAudit(q, { actorId: actorId(actor), action: 'promote', entity: 'release', entityId: `${remote}@${version}`, before, after: { by: actorName(actor), version, percent: Math.min(percent, 100) } });
  });
  await deps.live.reload();
  return releaseOut((await Q.releaseOf(deps.db, remote, version))!, percent >= 100 ? 'stable' : 'canary');
}

/**
 * One call back: with a canary, it is dropped (the stable is everyone's again); without, the stable
 * before the current one is live again. Answers the release now live for everyone. `expected`: only if
 * this is still the canary (the health rule, which another process may have acted on first).
 */
export async function rollback(deps: ReleaseDeps, actor: Actor, remote: string, expected?: { canary: string; reason: Record<string, unknown> }): Promise<Release | null> {
  mayAct(actor, remote);
  const done = await deps.db.tx(async (q) => {
    const channel = await Q.lockedChannel(q, remote);
    if (!channel) throw notFound(`${remote} has no release to roll back`);
    if (expected && channel.canary !== expected.canary) return null;
    const from = channel.canary ?? channel.stable;
    let live: string;
    if (channel.canary) {
      live = channel.stable;
      await Q.updateChannel(q, { ...channel, canary: null, percent: 0 });
    } else {
      const previous = [...channel.previous];
      const back = previous.pop();
      if (!back) throw conflict(`${remote} has no release before ${channel.stable} to roll back to`);
      live = back;
      await Q.updateChannel(q, { remote, stable: back, canary: null, percent: 0, previous });
    }
    await recordAudit(q, { actorId: actorId(actor), action: 'rollback', entity: 'release', entityId: `${remote}@${from}`, before: { stable: channel.stable, canary: channel.canary, percent: channel.percent }, after: { by: actorName(actor), stable: live, ...expected?.reason } });
    return { live, from, changedAt: channel.changed_at };
  });
  if (!done) return null;
  if (expected) {
    const r = expected.reason as { views: number; errors: number };
    await enqueueMail(deps.db, {
      to: deps.shop.email,
      key: `release-rolled-back:${remote}:${done.from}:${new Date(done.changedAt).toISOString()}`,
      message: { kind: 'release-rolled-back', remote, version: done.from, live: done.live, views: r.views, errors: r.errors, ratePercent: deps.rollbackErrorPercent },
    });
  }
  await deps.live.reload();
  return releaseOut((await Q.releaseOf(deps.db, remote, done.live))!, 'stable');
}

const iso = (d: Date | string) => new Date(d).toISOString();
function releaseOut(r: Q.ReleaseRow, status: ReleaseStatus): Release {
  return { version: r.version, createdAt: iso(r.created_at), createdBy: r.created_by, pages: r.manifest.pages, shared: r.manifest.shared, integrity: r.manifest.integrity, status, views: Number(r.views), errors: Number(r.errors) };
}

/** GET /api/releases: each remote's stable, canary and the rest, newest first. */
export async function listReleases(db: Queryable): Promise<RemoteReleases[]> {
  const [rows, channels] = await Promise.all([Q.allReleases(db), Q.channels(db)]);
  const remotes = [...new Set([...RELEASED_REMOTES, ...rows.map((r) => r.remote)])];
  return remotes.map((remote) => {
    const c = channels.find((ch) => ch.remote === remote);
    const statusOf = (v: string): ReleaseStatus => (v === c?.stable ? 'stable' : v === c?.canary ? 'canary' : c?.previous.includes(v) ? 'past' : 'new');
    const own = rows.filter((r) => r.remote === remote).map((r) => releaseOut(r, statusOf(r.version)));
    return {
      remote,
      stable: own.find((r) => r.status === 'stable') ?? null,
      canary: own.find((r) => r.status === 'canary') ?? null,
      percent: c?.percent ?? 0,
      history: own.filter((r) => r.status === 'past' || r.status === 'new'),
    };
  });
}

/** Tokens are random (256 bits) and kept as their SHA-256 alone: a stolen database holds none. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN_PREFIX = 'shop_deploy_';

export async function createToken(db: Db, admin: { id: string }, remote: string): Promise<{ _id: string; token: string }> {
  const token = `${TOKEN_PREFIX}${remote}_${randomBytes(32).toString('base64url')}`;
  const row = await db.tx(async (q) => {
    const made = (await Q.insertToken(q, remote, hashToken(token), admin.id))!;
    await recordAudit(q, { actorId: admin.id, action: 'create', entity: 'deploy-token', entityId: made.id, after: { remote } });
    return made;
  });
  return { _id: row.id, token };
}

export async function listTokens(db: Queryable): Promise<DeployToken[]> {
  return (await Q.liveTokens(db)).map((t) => ({ _id: t.id, remote: t.remote, createdAt: iso(t.created_at), createdBy: t.creator_email, lastUsedAt: t.last_used_at ? iso(t.last_used_at) : null }));
}

export async function revokeToken(db: Db, admin: { id: string }, id: string): Promise<void> {
  await db.tx(async (q) => {
    const row = await Q.revokeToken(q, id);
    if (!row) throw notFound('No such deploy token');
    await recordAudit(q, { actorId: admin.id, action: 'delete', entity: 'deploy-token', entityId: id, before: { remote: row.remote } });
  });
}

/** The remote a deploy token acts for, or null when it is no (live) token. */
export async function tokenActor(db: Queryable, token: string): Promise<Actor | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const row = await Q.useToken(db, hashToken(token));
  return row ? { kind: 'token', id: row.id, remote: row.remote } : null;
}
