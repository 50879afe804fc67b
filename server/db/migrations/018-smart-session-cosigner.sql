-- The smart-session co-signer (AppKit's @reown/appkit-experimental/smart-session service): one key
-- of its own per permission (pci), sealed under the service's wrapping key, which the wallet makes
-- a session key of the account; the site's keys and scope as it asked; 'pending' until the chain
-- shows the grant, then 'active'.
CREATE TABLE cosigner_permissions (
  pci text PRIMARY KEY,
  project_id text NOT NULL,
  address text NOT NULL,
  chain text NOT NULL,
  cosigner_address text NOT NULL,
  cosigner_key_sealed text NOT NULL,
  request text NOT NULL,
  expiry bigint NOT NULL,
  status text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX cosigner_permissions_address ON cosigner_permissions (address);
-- wallet_prepareCalls' user operations: 'prepared' until wallet_sendPreparedCalls spends them once.
CREATE TABLE cosigner_calls (
  id text PRIMARY KEY,
  pci text NOT NULL REFERENCES cosigner_permissions (pci) ON DELETE CASCADE,
  user_operation text NOT NULL,
  user_op_hash text NOT NULL,
  status text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX cosigner_calls_hash ON cosigner_calls (user_op_hash);
