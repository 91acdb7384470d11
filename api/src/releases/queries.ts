// The releases' SQL (migration 028): releases, what is live (release_channels), their health counts and
// the deploy tokens.
import type { ReleaseManifest } from '@shop/contract';
import type { Queryable } from '../db/client.js';

export interface ReleaseRow {
  remote: string;
  version: string;
  created_at: Date | string;
  created_by: string;
  manifest: ReleaseManifest;
  files: string[];
  views: number;
  errors: number;
}
export interface ChannelRow {
  remote: string;
  stable: string;
  canary: string | null;
  percent: number;
  previous: string[];
  changed_at: Date | string;
}

const RELEASE_COLUMNS = `r.remote, r.version, r.created_at, r.created_by, r.manifest, r.files, coalesce(h.views, 0) AS views, coalesce(h.errors, 0) AS errors
  FROM releases r LEFT JOIN release_health h ON h.remote = r.remote AND h.version = r.version`;

/** Written once its files are all stored; false when the version was there already. */
export async function insertRelease(q: Queryable, r: { remote: string; version: string; createdBy: string; manifest: ReleaseManifest; files: string[] }): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO releases (remote, version, created_by, manifest, files) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING version`,
    [r.remote, r.version, r.createdBy, JSON.stringify(r.manifest), r.files],
  );
  return rows.length === 1;
}

export const releaseOf = (q: Queryable, remote: string, version: string) =>
  q.one<ReleaseRow>(`SELECT ${RELEASE_COLUMNS} WHERE r.remote = $1 AND r.version = $2`, [remote, version]);

/** Every release, newest first (the back office's page). */
export const allReleases = (q: Queryable) => q.query<ReleaseRow>(`SELECT ${RELEASE_COLUMNS} ORDER BY r.created_at DESC, r.version DESC`);

/** The releases of the given (remote, version) pairs: what is live. */
export const releasesAt = (q: Queryable, remotes: string[], versions: string[]) =>
  q.query<ReleaseRow>(`SELECT ${RELEASE_COLUMNS} JOIN unnest($1::text[], $2::text[]) AS live(remote, version) ON live.remote = r.remote AND live.version = r.version`, [remotes, versions]);

export const channels = (q: Queryable) => q.query<ChannelRow>(`SELECT remote, stable, canary, percent, previous, changed_at FROM release_channels ORDER BY remote`);

/** The remote's channel, locked until the transaction ends: promotions and rollbacks of one remote take turns. */
export const lockedChannel = (q: Queryable, remote: string) =>
  q.one<ChannelRow>(`SELECT remote, stable, canary, percent, previous, changed_at FROM release_channels WHERE remote = $1 FOR UPDATE`, [remote]);

/** The remote's first stable release; false when another process made one meanwhile. */
export async function insertChannel(q: Queryable, remote: string, stable: string): Promise<boolean> {
  return (await q.query(`INSERT INTO release_channels (remote, stable) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING remote`, [remote, stable])).length === 1;
}

export async function updateChannel(q: Queryable, c: Pick<ChannelRow, 'remote' | 'stable' | 'canary' | 'percent' | 'previous'>): Promise<void> {
  await q.query(`UPDATE release_channels SET stable = $2, canary = $3, percent = $4, previous = $5, changed_at = now() WHERE remote = $1`, [
    c.remote,
    c.stable,
    c.canary,
    c.percent,
    c.previous,
  ]);
}

/** A canary starts with no numbers (a release made canary again is judged afresh). */
export async function resetHealth(q: Queryable, remote: string, version: string): Promise<void> {
  await q.query(`DELETE FROM release_health WHERE remote = $1 AND version = $2`, [remote, version]);
}

/** Adds views and errors to releases, one statement for a process's tallies of a second. */
export async function addHealth(q: Queryable, rows: Array<{ remote: string; version: string; views: number; errors: number }>): Promise<void> {
  if (!rows.length) return;
  await q.query(
    `INSERT INTO release_health (remote, version, views, errors)
     SELECT t.remote, t.version, t.views, t.errors FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[]) AS t(remote, version, views, errors)
       JOIN releases r ON r.remote = t.remote AND r.version = t.version
     ON CONFLICT (remote, version) DO UPDATE SET views = release_health.views + EXCLUDED.views, errors = release_health.errors + EXCLUDED.errors`,
    [rows.map((r) => r.remote), rows.map((r) => r.version), rows.map((r) => r.views), rows.map((r) => r.errors)],
  );
}

export interface TokenRow {
  id: string;
  remote: string;
  created_at: Date | string;
  created_by: string | null;
  creator_email: string | null;
  last_used_at: Date | string | null;
}

export const insertToken = (q: Queryable, remote: string, tokenHash: string, createdBy: string | null) =>
  q.one<{ id: string }>(`INSERT INTO deploy_tokens (remote, token_hash, created_by) VALUES ($1, $2, $3) RETURNING id`, [remote, tokenHash, createdBy]);

/** Tokens in use, the most recently used first (never used: newest first, after them). */
export const liveTokens = (q: Queryable) =>
  q.query<TokenRow>(`SELECT t.id, t.remote, t.created_at, t.created_by, u.email AS creator_email, t.last_used_at
    FROM deploy_tokens t LEFT JOIN users u ON u.id = t.created_by WHERE t.revoked_at IS NULL
    ORDER BY t.last_used_at DESC NULLS LAST, t.created_at DESC`);

export const revokeToken = (q: Queryable, id: string) =>
  q.one<{ id: string; remote: string }>(`UPDATE deploy_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id, remote`, [id]);

/** The token with this hash, if not revoked; its use is recorded. */
export const useToken = (q: Queryable, tokenHash: string) =>
  q.one<{ id: string; remote: string }>(`UPDATE deploy_tokens SET last_used_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING id, remote`, [tokenHash]);
