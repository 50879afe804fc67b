-- Purchases started through POST /v1/generators/onrampurl and completed on the sandbox provider
-- page, which credits the wallet on chain and records the transaction.
CREATE TABLE onramp_sessions (
  id text PRIMARY KEY,
  project_id text NOT NULL,
  address text NOT NULL,
  chain_id integer NOT NULL,
  asset text NOT NULL,
  fiat_amount text NOT NULL,
  fiat_currency text NOT NULL,
  crypto_amount text NOT NULL,
  redirect_url text,
  status text NOT NULL DEFAULT 'pending',
  tx_hash text,
  created_at bigint NOT NULL
);
