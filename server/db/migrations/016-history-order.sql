-- An address's history is read newest first, a page at a time, from each side of its transfers.
-- These indexes hold the page order (time, chain, block, index in block, then the hash), so a page
-- is the first rows of two index scans instead of a sort of every transfer the address ever made.
CREATE INDEX transfers_from_order ON transfers (from_address, time, chain, block_number, tx_index, tx_hash);
CREATE INDEX transfers_to_order ON transfers (to_address, time, chain, block_number, tx_index, tx_hash);
DROP INDEX transfers_from;
DROP INDEX transfers_to;
