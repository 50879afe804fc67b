-- Purchases on Solana (the server's Solana RPC): the session's namespace, and chain_id only for
-- eip155 ones.
ALTER TABLE onramp_sessions ADD COLUMN namespace text NOT NULL DEFAULT 'eip155';
ALTER TABLE onramp_sessions ALTER COLUMN chain_id DROP NOT NULL;
