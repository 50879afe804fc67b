-- The embedded wallet's auth service: e-mail one-time codes, its users and sessions, and the
-- two key shares it keeps (one plain, one sealed under a wrapping key that is not in this database).
CREATE TABLE email_codes (
  email text PRIMARY KEY,
  code_hash text NOT NULL,
  sent_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  attempts integer NOT NULL DEFAULT 0
);
CREATE TABLE embedded_users (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  created_at bigint NOT NULL
);
CREATE TABLE embedded_sessions (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES embedded_users (id),
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE TABLE embedded_keys (
  user_id text PRIMARY KEY REFERENCES embedded_users (id),
  address text NOT NULL,
  auth_share text NOT NULL,
  recovery_share_sealed text NOT NULL,
  created_at bigint NOT NULL
);
