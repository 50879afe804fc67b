-- The relayer made safe to run for real money. Every transaction it signs (a payout from the
-- treasury, a refund or a sweep from a deposit address) is recorded, signed, before it is
-- broadcast, so a restarted server finds it on chain or broadcasts the same bytes again and never
-- signs a second one. One signer never has two live transactions at one nonce; one quote never has
-- two live payouts; one incoming transfer is refunded at most once. A quote is worked on by one
-- server at a time (lease_until); deposit keys are sealed with the server's key (pay-relay-key.ts).
ALTER TABLE pay_relays ADD COLUMN origin_block bigint NOT NULL DEFAULT 0;
ALTER TABLE pay_relays ADD COLUMN lease_until bigint NOT NULL DEFAULT 0;
ALTER TABLE pay_relays ADD COLUMN swept_at bigint;
CREATE TABLE pay_relay_txs (
  id bigserial PRIMARY KEY,
  request_id text NOT NULL REFERENCES pay_relays (request_id),
  -- payout (treasury to recipient), refund (deposit address to depositor), sweep (deposit address to treasury), gas (treasury to a deposit address)
  kind text NOT NULL,
  chain_id integer NOT NULL,
  signer text NOT NULL,
  nonce bigint NOT NULL,
  -- who receives what it moves (the recipient, the depositor, the treasury, the deposit address)
  to_address text NOT NULL,
  amount text NOT NULL,
  -- what the transaction is for, one live transaction per kind and source: a payout's quote, the
  -- incoming transfer a refund returns (chain:tx hash:log index), a sweep's quote, the gas a
  -- refund or sweep of a token needs (gas:<that source>)
  source text NOT NULL,
  raw_tx text NOT NULL,
  tx_hash text NOT NULL,
  -- signed (recorded, maybe broadcast), confirmed, reverted, dropped (its nonce went to another transaction: it can never be mined),
  -- or kept (a refund smaller than its own network fee, never signed: "too small to return", settled as it is; nonce -1)
  status text NOT NULL DEFAULT 'signed',
  note text,
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX pay_relay_txs_nonce ON pay_relay_txs (chain_id, signer, nonce) WHERE status IN ('signed', 'confirmed', 'reverted');
CREATE UNIQUE INDEX pay_relay_txs_source ON pay_relay_txs (kind, source) WHERE status <> 'dropped';
CREATE INDEX pay_relay_txs_open ON pay_relay_txs (status) WHERE status = 'signed';
