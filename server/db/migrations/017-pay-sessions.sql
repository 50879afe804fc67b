-- AppKit Pay through an exchange: a payment started by reown_getExchangePayUrl, paid on the
-- exchange sandbox page (which credits the recipient on chain) or cancelled there.
CREATE TABLE pay_sessions (
  id text PRIMARY KEY,
  project_id text NOT NULL,
  exchange_id text NOT NULL,
  chain_id integer NOT NULL,
  asset text NOT NULL,
  token_address text,
  amount text NOT NULL,
  recipient text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  tx_hash text,
  created_at bigint NOT NULL
);
