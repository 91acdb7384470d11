import type { Queryable } from '../db/client.js';

// Issue 42: two-factor sign-in (challenges, TOTP steps, recovery codes), sessions and devices.

// --- sign-in challenges ------------------------------------------------------------------------

export const insertChallenge = (q: Queryable, userId: string, tokenHash: string, remember: boolean, expiresAt: Date) =>
  q.query(`INSERT INTO login_challenges (user_id, token_hash, remember, expires_at) VALUES ($1, $2, $3, $4)`, [userId, tokenHash, remember, expiresAt]);

export interface ChallengeRow {
  id: string;
  user_id: string;
  remember: boolean;
  usable: boolean;
  totp_secret: string | null;
  totp_last_step: string | number;
}
/** The challenge and its account's second factor (an account deleted or suspended since: none). */
export const findChallenge = (q: Queryable, tokenHash: string) =>
  q.one<ChallengeRow>(
    `SELECT c.id, c.user_id, c.remember, c.used_at IS NULL AND c.expires_at > now() AS usable, u.totp_secret, u.totp_last_step
       FROM login_challenges c JOIN users u ON u.id = c.user_id AND u.deleted_at IS NULL AND u.suspended_at IS NULL
      WHERE c.token_hash = $1`,
    [tokenHash],
  );
/** Uses the challenge up, if it still holds: of two sign-ins with it, one wins. */
export const claimChallenge = (q: Queryable, id: string) =>
  q.one<{ id: string }>(`UPDATE login_challenges SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING id`, [id]);
/** Challenges that ended a day ago go when their account signs in again. */
export const forgetEndedChallenges = (q: Queryable, userId: string) =>
  q.query(`DELETE FROM login_challenges WHERE user_id = $1 AND expires_at < now() - interval '1 day'`, [userId]);

// --- TOTP ----------------------------------------------------------------------------------------

/** Accepts a step once: only a step later than the last accepted one moves it (a replayed code finds nothing). */
export const advanceTotpStep = (q: Queryable, userId: string, step: number) =>
  q.one<{ id: string }>(`UPDATE users SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2 RETURNING id`, [userId, step]);
export const setPendingTotp = (q: Queryable, userId: string, sealed: string) => q.query(`UPDATE users SET totp_pending = $2 WHERE id = $1`, [userId, sealed]);
/** The pending secret becomes the account's, with the step its confirming code was of. */
export const enableTotp = (q: Queryable, userId: string, step: number) =>
  q.one<{ id: string }>(
    `UPDATE users SET totp_secret = totp_pending, totp_pending = NULL, totp_enabled_at = now(), totp_last_step = $2
      WHERE id = $1 AND totp_pending IS NOT NULL AND totp_enabled_at IS NULL RETURNING id`,
    [userId, step],
  );
export async function disableTotp(q: Queryable, userId: string) {
  await q.query(`UPDATE users SET totp_secret = NULL, totp_pending = NULL, totp_enabled_at = NULL WHERE id = $1`, [userId]);
  await q.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
}

// --- recovery codes ------------------------------------------------------------------------------

export async function replaceRecoveryCodes(q: Queryable, userId: string, hashes: string[]) {
  await q.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
  await q.query(`INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, h FROM unnest($2::text[]) AS h`, [userId, hashes]);
}
export const unusedRecoveryCodes = (q: Queryable, userId: string) =>
  q.query<{ id: string; code_hash: string }>(`SELECT id, code_hash FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL ORDER BY id`, [userId]);
export const useRecoveryCode = (q: Queryable, id: string) =>
  q.one<{ id: string }>(`UPDATE recovery_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id`, [id]);

// --- sessions and devices ------------------------------------------------------------------------

export interface SessionRow {
  id: string;
  user_agent: string;
  network: string;
  created_at: Date | string;
  last_seen_at: Date | string;
}
export const openSessions = (q: Queryable, userId: string) =>
  q.query<SessionRow>(
    `SELECT id, user_agent, network, created_at, last_seen_at FROM user_sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY last_seen_at DESC, id`,
    [userId],
  );
export const revokeOwnSession = (q: Queryable, userId: string, sessionId: string) =>
  q.one<{ id: string }>(`UPDATE user_sessions SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`, [
    sessionId,
    userId,
  ]);
export const revokeSessionById = (q: Queryable, sessionId: string) =>
  q.one<{ user_id: string }>(`UPDATE user_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING user_id`, [sessionId]);
export const revokeOtherSessions = async (q: Queryable, userId: string, keep: string | null) =>
  (
    await q.query<{ id: string }>(
      `UPDATE user_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() AND ($2::uuid IS NULL OR id <> $2::uuid) RETURNING id`,
      [userId, keep],
    )
  ).length;
/** Remembers a device for the account; answers whether it is new to it. */
export const rememberDevice = async (q: Queryable, userId: string, deviceHash: string) =>
  (await q.query(`INSERT INTO known_devices (user_id, device_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id`, [userId, deviceHash])).length > 0;
export const countKnownDevices = async (q: Queryable, userId: string) =>
  Number((await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM known_devices WHERE user_id = $1`, [userId]))!.n);
