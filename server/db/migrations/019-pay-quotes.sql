-- AppKit Pay's quotes (its transfers API): a route on the local DEX that pays a recipient an exact
-- amount, bound to the payer, the recipient and the amount; its status is settled once, by the
-- transaction on chain that carries the quote's own call (one transaction settles one quote).
CREATE TABLE pay_quotes (
  request_id text PRIMARY KEY,
  project_id text NOT NULL,
  chain_id integer NOT NULL,
  user_address text NOT NULL,
  origin_currency text NOT NULL,
  destination_currency text NOT NULL,
  recipient text NOT NULL,
  amount_out text NOT NULL,
  amount_in_max text NOT NULL,
  swap_to text NOT NULL,
  swap_data text NOT NULL,
  scanned_to bigint NOT NULL,
  deadline bigint NOT NULL,
  status text NOT NULL DEFAULT 'waiting',
  tx_hash text UNIQUE,
  created_at bigint NOT NULL
);
