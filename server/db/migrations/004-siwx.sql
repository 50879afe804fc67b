-- SIWX nonces: issued per address, single-use, with an expiry. used_at is set once, by the sign-in that spends it.
CREATE TABLE siwx_nonces (
  nonce text PRIMARY KEY,
  project_id text NOT NULL,
  address text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX siwx_nonces_expiry ON siwx_nonces (expires_at);

-- Signed-in sessions: the exact message and signature, the CACAO built from them, and the parsed fields
-- the list shows. Addresses are stored as signed (EVM lower-cased in address_key for lookups).
CREATE TABLE siwx_sessions (
  pci text PRIMARY KEY,
  project_id text NOT NULL,
  address text NOT NULL,
  address_key text NOT NULL,
  chain_id text NOT NULL,
  domain text NOT NULL,
  uri text NOT NULL,
  nonce text NOT NULL UNIQUE,
  message text NOT NULL,
  signature text NOT NULL,
  cacao text NOT NULL,
  data text NOT NULL,
  issued_at bigint,
  expires_at bigint,
  created_at bigint NOT NULL,
  revoked_at bigint
);
CREATE INDEX siwx_sessions_address ON siwx_sessions (address_key, project_id);
