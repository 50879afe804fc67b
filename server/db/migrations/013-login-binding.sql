-- Logins bound to the secure frame that started them: each start carries the SHA-256 of a one-time
-- secret the frame keeps, and each redemption must show the secret. A row from before (empty hash)
-- matches no secret. A code also names the device and the purpose it was mailed for.
ALTER TABLE email_codes ADD COLUMN secret_hash text NOT NULL DEFAULT '';
ALTER TABLE email_codes ADD COLUMN device_hash text NOT NULL DEFAULT '';
ALTER TABLE email_codes ADD COLUMN purpose text NOT NULL DEFAULT 'login';
ALTER TABLE device_links ADD COLUMN secret_hash text NOT NULL DEFAULT '';
ALTER TABLE email_updates ADD COLUMN secret_hash text NOT NULL DEFAULT '';
ALTER TABLE farcaster_channels ADD COLUMN secret_hash text NOT NULL DEFAULT '';
-- A social login's start: its OAuth state and the PKCE challenge, spent by the code exchange.
CREATE TABLE social_logins (
  state text PRIMARY KEY,
  provider text NOT NULL,
  code_challenge text NOT NULL,
  created_at bigint NOT NULL,
  used_at bigint
);
-- rate-limiter-flexible's table (its RateLimiterPostgres schema): one row per counted key.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
