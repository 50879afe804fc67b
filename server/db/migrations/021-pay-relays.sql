-- AppKit Pay's routes across chains (its transfers API): the relayer's quotes. Each has a deposit
-- address of its own on the origin chain (its key kept so the relayer can sweep it); once the
-- full deposit is seen there on chain, the recipient is paid the exact amount on the destination
-- chain, once (status: waiting, then pending while paying, then success or failure; timeout when
-- no deposit came before the deadline).
CREATE TABLE pay_relays (
  request_id text PRIMARY KEY,
  project_id text NOT NULL,
  origin_chain_id integer NOT NULL,
  origin_currency text NOT NULL,
  deposit_amount text NOT NULL,
  deposit_address text NOT NULL UNIQUE,
  deposit_key text NOT NULL,
  destination_chain_id integer NOT NULL,
  destination_currency text NOT NULL,
  recipient text NOT NULL,
  amount_out text NOT NULL,
  deadline bigint NOT NULL,
  status text NOT NULL DEFAULT 'waiting',
  tx_hash text,
  created_at bigint NOT NULL
);
