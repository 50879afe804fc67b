-- The relayer reads a deposit address's incoming transfers forward from where it last stopped
-- (scanned_block: the last block fully read), in bounded windows, and keeps every transfer it saw,
-- so a quote watched for days never reads its blocks again from the start and never skips one.
-- Each look reads again the last few blocks (a reorganisation's margin); a transfer is one row
-- however often it is seen (chain:tx hash:log index, as a refund's source).
ALTER TABLE pay_relays ADD COLUMN scanned_block bigint;
CREATE TABLE pay_relay_transfers (
  request_id text NOT NULL REFERENCES pay_relays (request_id),
  source text NOT NULL,
  from_address text NOT NULL,
  amount text NOT NULL,
  block_number bigint NOT NULL,
  -- the transfer's place in its block (a log's index, a transaction's index), for chain order
  position integer NOT NULL,
  block_time bigint NOT NULL,
  PRIMARY KEY (request_id, source)
);
-- Native coin at a deposit address that no listed transfer brought (sent from inside a contract
-- call): its sender unknown, it is held there, never swept, and the quote's status reports it.
ALTER TABLE pay_relays ADD COLUMN unattributed text NOT NULL DEFAULT '0';
