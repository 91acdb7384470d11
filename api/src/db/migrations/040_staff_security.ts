// Staff accounts that cannot be taken over (issue 42): roles with permissions, two-factor sign-in, sessions.
//
// roles: named sets of permissions (contract staff.ts PERMISSIONS). The five a shop starts with have a
// `key`; Owner holds every permission and is the spec's super admin, Manager what the spec lets an admin
// who is not the super admin do. Today's super admin becomes an Owner, today's other admins Managers.
// users: role_id (a staff member's role; null for a customer), suspended_at (a suspended account's
// tokens are refused and it cannot sign in), the TOTP secret sealed with SECRETS_KEY (totp_secret once
// confirmed, totp_pending while being set up), and the last time step a code was accepted for
// (a code is accepted once: a replayed one is refused).
// recovery_codes: 10 per account, argon2 hashes, each used once.
// login_challenges: the short-lived, single-use step between a password and a code (kept as sha256).
// user_sessions: what Profile → Sessions shows (user agent, the address's network, last seen) and the
// device's id (a cookie, kept hashed); known_devices: the devices an account has signed in from (a new
// one gets an e-mail).
// password_resets.purpose: 'invite' is a set-password link sent to an invited staff member.
// users.contact may be blank for an invited staff member (no number asked): the unique index skips blanks.
export default `
CREATE TABLE roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key text UNIQUE,
  name text NOT NULL,
  permissions text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roles_name_key ON roles (lower(name));
INSERT INTO roles (key, name, permissions) VALUES
  ('owner', 'Owner', ARRAY['catalog','orders','customers','marketing','content','settings','staff','releases','audit']),
  ('manager', 'Manager', ARRAY['catalog','orders','customers','marketing','content','settings','audit']),
  ('catalog-editor', 'Catalogue editor', ARRAY['catalog']),
  ('order-handler', 'Order handler', ARRAY['orders','customers']),
  ('support', 'Support', ARRAY['orders','customers','content']);
ALTER TABLE users ADD COLUMN role_id uuid REFERENCES roles(id);
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
ALTER TABLE users ADD COLUMN totp_secret text;
ALTER TABLE users ADD COLUMN totp_pending text;
ALTER TABLE users ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE users ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0;
UPDATE users SET role_id = (SELECT id FROM roles WHERE key = 'owner') WHERE role = 'admin' AND is_super_admin;
UPDATE users SET role_id = (SELECT id FROM roles WHERE key = 'manager') WHERE role = 'admin' AND NOT is_super_admin;
CREATE INDEX users_role_idx ON users (role_id) WHERE role_id IS NOT NULL;
DROP INDEX users_contact_key;
CREATE UNIQUE INDEX users_contact_key ON users (contact) WHERE contact <> '';
CREATE TABLE recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id);
CREATE TABLE login_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  remember boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX login_challenges_user_idx ON login_challenges (user_id);
ALTER TABLE user_sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE user_sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
ALTER TABLE user_sessions ADD COLUMN network text NOT NULL DEFAULT '';
ALTER TABLE user_sessions ADD COLUMN device_hash text;
CREATE TABLE known_devices (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_hash)
);
ALTER TABLE password_resets ADD COLUMN purpose text NOT NULL DEFAULT 'reset';
`;
