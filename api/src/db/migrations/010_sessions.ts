// Sessions that can end, and password resets (issue 18, accounts).
//
// A token signed at login or registration names its session (`sid`); the request's one user query
// (lib/auth.ts) also asks whether that session is still open, so a logout, a password change (every
// other session) or a reset (all of them) ends a token at once instead of at its expiry.
// Tokens without a session (signed offline with JWT_SECRET: the bench, the crash test) are still
// accepted, unless issued before the user's `tokens_valid_after`, which a password change or reset
// moves: a reset ends them too.
//
// A reset link's token is kept only as its sha256 (`token_hash`): the table alone opens no account.
// It is single-use (`used_at`, set by the one statement that accepts it) and valid for an hour.
export default `
ALTER TABLE users ADD COLUMN tokens_valid_after timestamptz;
CREATE TABLE user_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX user_sessions_user_idx ON user_sessions (user_id);
CREATE TABLE password_resets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);
`;
