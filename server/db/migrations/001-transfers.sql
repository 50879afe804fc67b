-- Blocks the indexer has read, so that a changed hash reveals a reorg.
CREATE TABLE chain_blocks (
  chain text NOT NULL,
  number bigint NOT NULL,
  hash text NOT NULL,
  parent_hash text NOT NULL,
  time bigint NOT NULL,
  PRIMARY KEY (chain, number)
);

-- Fungible tokens seen on a chain. Tokens nobody configured are flagged as spam until an operator clears the flag.
CREATE TABLE tokens (
  chain text NOT NULL,
  address text NOT NULL,
  name text NOT NULL,
  symbol text NOT NULL,
  decimals integer NOT NULL,
  spam boolean NOT NULL DEFAULT true,
  PRIMARY KEY (chain, address)
);

-- One row per value movement: a transaction's native value (log_index -1), a token Transfer log,
-- or a Solana transfer (log_index numbers the transfers of that transaction).
CREATE TABLE transfers (
  chain text NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  block_number bigint NOT NULL,
  tx_index integer NOT NULL,
  time bigint NOT NULL,
  tx_from text NOT NULL,
  tx_to text,
  nonce integer,
  asset text NOT NULL,
  from_address text NOT NULL,
  to_address text NOT NULL,
  amount numeric(78, 0) NOT NULL,
  PRIMARY KEY (chain, tx_hash, log_index)
);
CREATE INDEX transfers_from ON transfers (from_address, time DESC);
CREATE INDEX transfers_to ON transfers (to_address, time DESC);
CREATE INDEX transfers_block ON transfers (chain, block_number);

-- Solana RPCs list history per address, so the indexer follows a set of addresses.
CREATE TABLE solana_watch (
  address text PRIMARY KEY,
  last_signature text
);

-- Small facts the indexer keeps, such as the Solana genesis hash it indexed.
CREATE TABLE indexer_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
