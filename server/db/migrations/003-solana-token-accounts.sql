-- Token accounts the indexer follows on behalf of a watched owner (they have no token accounts of their own).
ALTER TABLE solana_watch ADD COLUMN token_account boolean NOT NULL DEFAULT false;
