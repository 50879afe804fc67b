-- Farcaster login: the channels the auth service opened at the relay (so a restart does not lose a
-- login in progress; used once) and each fid's Farcaster user name, returned with the session.
CREATE TABLE farcaster_channels (
  channel_token text PRIMARY KEY,
  nonce text NOT NULL,
  domain text NOT NULL,
  created_at bigint NOT NULL,
  used_at bigint
);
CREATE TABLE farcaster_users (
  fid bigint PRIMARY KEY,
  username text NOT NULL,
  updated_at bigint NOT NULL
);
