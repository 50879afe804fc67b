-- Shares only on fresh proof: when the session's code (or social or Farcaster login) was redeemed.
-- Sessions opened before this have no proof time (0): they keep the session, never the shares.
ALTER TABLE embedded_sessions ADD COLUMN proven_at bigint NOT NULL DEFAULT 0;
-- Passkey mode: the recovery share encrypted under a key only the owner's passkey derives (its
-- credential id and PRF salt kept to ask for it), and the service's sealed copy gone (NULL).
ALTER TABLE embedded_keys ALTER COLUMN recovery_share_sealed DROP NOT NULL;
ALTER TABLE embedded_keys ADD COLUMN passkey_credential text;
ALTER TABLE embedded_keys ADD COLUMN passkey_salt text;
ALTER TABLE embedded_keys ADD COLUMN recovery_share_passkey text;
