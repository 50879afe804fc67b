-- USD prices by symbol, read by the balance, price and history endpoints. Seeded; an operator
-- (or a price feed) updates the rows.
CREATE TABLE prices (
  symbol text PRIMARY KEY,
  usd double precision NOT NULL,
  updated_at bigint NOT NULL DEFAULT 0
);
INSERT INTO prices (symbol, usd) VALUES
  ('ETH', 3000),
  ('WETH', 3000),
  ('POL', 0.5),
  ('MATIC', 0.5),
  ('USDC', 1),
  ('USDT', 1),
  ('DAI', 1),
  ('SOL', 150),
  ('BNB', 600),
  ('AVAX', 30);
