-- The Solana watch list is bounded: addresses asked about are followed while they are among the
-- most recently asked (asked_at); configured ones are pinned; a token account names its owner so
-- it goes with it.
ALTER TABLE solana_watch ADD COLUMN asked_at bigint NOT NULL DEFAULT 0;
ALTER TABLE solana_watch ADD COLUMN pinned boolean NOT NULL DEFAULT false;
ALTER TABLE solana_watch ADD COLUMN owner text;
CREATE INDEX solana_watch_asked ON solana_watch (asked_at);
