import type { Queryable } from '../db/client.js';

// The SQL of every signed-in request (lib/auth.ts).

/**
 * The request's user, and whether its token still holds, in one query: a token naming a session
 * needs that session open (not revoked, not expired, the user's own); a token without one needs to
 * be issued in a whole second after the user's tokens_valid_after (a password change or reset).
 */
const USER_OF_TOKEN = `SELECT u.id, u.full_name, u.email, u.role, u.is_super_admin, r.permissions, u.totp_enabled_at IS NOT NULL AS two_factor,
    (SELECT s.last_seen_at FROM user_sessions s WHERE s.id = $2::uuid) AS last_seen_at
  FROM users u LEFT JOIN roles r ON r.id = u.role_id
  WHERE u.id = $1 AND u.deleted_at IS NULL AND u.suspended_at IS NULL AND CASE WHEN $2::uuid IS NULL
    THEN u.tokens_valid_after IS NULL OR $3::bigint > floor(extract(epoch FROM u.tokens_valid_after))
    ELSE EXISTS (SELECT 1 FROM user_sessions s WHERE s.id = $2::uuid AND s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now()) END`;

/** The token's user when the token still holds (sid: its session, if it names one; issued: its iat in seconds). */
export const userOfToken = (q: Queryable, userId: string, sid: string | null, issued: number) =>
  q.one<{
    id: string;
    full_name: string;
    email: string;
    role: 'admin' | 'customer';
    is_super_admin: boolean;
    permissions: string[] | null;
    two_factor: boolean;
    last_seen_at: Date | string | null;
  }>(
    USER_OF_TOKEN,
    [userId, sid, issued],
    'user-of-token-2', // every signed-in request: parsed and planned once per connection (issue 42 changed it: a new name)
  );

/** Issue 42: the session was used now (Profile, Sessions' "last seen"); written at most once a minute (lib/auth.ts). */
export const sessionSeen = (q: Queryable, sid: string) => q.query(`UPDATE user_sessions SET last_seen_at = now() WHERE id = $1`, [sid]);
