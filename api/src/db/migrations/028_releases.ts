// Remote releases (issue 36; api/src/releases). A release is one build of one remote, immutable: its
// manifest (release.json) and the list of its files, which are in the release store
// (DATA_DIR/releases or the bucket's releases/). A row is written only once every file is stored, so a
// process killed during an upload leaves nothing that can be promoted. release_channels says what is
// live: each remote's stable release, at most one canary with its share, and the stables before it (a
// rollback's way back); every change NOTIFYs `releases`, so each API process answers the new state at
// once. release_health counts the page views and error reports of each release (the health rule);
// deploy_tokens are the per-remote secrets of the teams' CLI, kept as SHA-256 hashes.
export default `
CREATE TABLE releases (
  remote text NOT NULL,
  version text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  manifest jsonb NOT NULL,
  files text[] NOT NULL,
  PRIMARY KEY (remote, version)
);
CREATE TABLE release_channels (
  remote text PRIMARY KEY,
  stable text NOT NULL,
  canary text,
  percent integer NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 99 AND (canary IS NULL) = (percent = 0)),
  previous text[] NOT NULL DEFAULT '{}',
  changed_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (remote, stable) REFERENCES releases (remote, version),
  FOREIGN KEY (remote, canary) REFERENCES releases (remote, version)
);
CREATE INDEX release_channels_stable_idx ON release_channels (remote, stable);
CREATE INDEX release_channels_canary_idx ON release_channels (remote, canary);
CREATE FUNCTION release_channels_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('releases', NEW.remote); RETURN NULL; END $$;
CREATE TRIGGER release_channels_notify AFTER INSERT OR UPDATE ON release_channels FOR EACH ROW EXECUTE FUNCTION release_channels_changed();
CREATE TABLE release_health (
  remote text NOT NULL,
  version text NOT NULL,
  views bigint NOT NULL DEFAULT 0,
  errors bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (remote, version),
  FOREIGN KEY (remote, version) REFERENCES releases (remote, version)
);
CREATE TABLE deploy_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  remote text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES users (id),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX deploy_tokens_created_by_idx ON deploy_tokens (created_by);
`;
